// The catalogue's messages about the options of a run: the environment (SOURCE_DATE_EPOCH, the site URL, .env
// files), flags (base path, site URL, allowed hosts, form endpoints) and the command line's usage.
import { errorEntry as entry } from "../errors.ts";

const DEFINITION = "site.config.ts";

export const BadSourceDate = entry("BadSourceDate", {
  code: "ConfigError",
  title: "SOURCE_DATE_EPOCH is not a number of seconds",
  message: ({ value }: { value: string | undefined }) =>
    `SOURCE_DATE_EPOCH is "${value}", which is not a number of seconds since 1970.`,
  hint: () => "set it to the commit's time, such as SOURCE_DATE_EPOCH=$(git log -1 --format=%ct), or leave it unset.",
});

export const BadBasePath = entry("BadBasePath", {
  code: "ConfigError",
  title: "The base path is not a plain URL path",
  message: ({ base }: { base: string }) => `The base path "${base}" is not a plain URL path.`,
  hint: () => "use letters, digits, - and / only, such as /heirloom/.",
});

export const BadSiteUrl = entry("BadSiteUrl", {
  code: "ConfigError",
  title: "The site URL is not an absolute http(s) address",
  message: ({ value, from }: { value: string; from: string }) =>
    `The site URL "${value}" (from ${from}) is not an absolute http(s) address.`,
  hint: () =>
    "use the published address, such as https://heirloom.example " +
    "(set by --site-url, HEIRLOOM_SITE_URL or siteUrl in site.config.ts).",
});

export const SiteUrlPathNotBase = entry("SiteUrlPathNotBase", {
  code: "ConfigError",
  title: "The site URL's path is not the base path",
  message: (a: {
    siteUrl: string;
    siteUrlFrom: string;
    path: string;
    base: string;
    baseFrom: string;
    origin: string;
  }) =>
    `The site URL ${a.siteUrl} (from ${a.siteUrlFrom}) is served under ${a.path}, but the base path is ${a.base} ` +
    `(from ${a.baseFrom}): the pages would link under one, and their canonical URLs, the sitemap and the feeds ` +
    "name the other.",
  hint: ({ origin, base }) =>
    `say where the site is once: the site URL with its path and no base path, or the site URL ${origin} with the ` +
    `base path ${base}.`,
});

export const BadAllowedHost = entry("BadAllowedHost", {
  code: "ConfigError",
  title: "server.allowedHosts holds something that is not a host name",
  message: ({ value }: { value: string }) => `server.allowedHosts in ${DEFINITION} holds ${value}, not a host name.`,
  hint: () =>
    'write host names alone, such as "example.test", or ".example.test" for it and every name below it ' +
    "(no scheme, port or path; IP addresses and localhost need no entry), or true to answer any name.",
});

export const SiteUrlControlCharacter = entry("SiteUrlControlCharacter", {
  code: "ConfigError",
  title: "The site URL holds a line break or another control character",
  message: ({ value, from, control }: { value: string; from: string; control: string }) =>
    `The site URL ${value} (from ${from}) holds ${controlName(control)}, which no address can.`,
  hint: () =>
    "write the address alone on one line, such as https://heirloom.example (a value in quotes in a .env file " +
    "or a shell variable can carry a line break).",
});

function controlName(c: string): string {
  if (c === "\n" || c === "\r") return "a line break";
  if (c === "\t") return "a tab";
  return `the control character U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

export const BadFormEndpoint = entry("BadFormEndpoint", {
  code: "ConfigError",
  title: "A form endpoint is not an https:// address",
  message: ({ endpoint, where }: { endpoint: string; where: string }) =>
    `The form endpoint "${endpoint}" (from ${where}) is not an https:// address.`,
  hint: () =>
    "use the full https:// URL of the web endpoint (http:// only for 127.0.0.1 or localhost), " +
    "or leave it empty for the local receiver.",
});

export const EnvFileNotAFile = entry("EnvFileNotAFile", {
  code: "ConfigError",
  title: "A .env file is not a regular file",
  message: ({ file, kind }: { file: string; kind: string }) =>
    `${file} is ${kind}, not a file of variables, so it was not read.`,
  hint: ({ file }) => `make ${file} a text file of NAME=value lines, or remove it: the .env files are optional.`,
});

export const EnvFileUnreadable = entry("EnvFileUnreadable", {
  code: "ConfigError",
  title: "A .env file cannot be read",
  message: ({ file, reason }: { file: string; reason: string }) => `${file} cannot be read (${reason}).`,
  hint: ({ file }) => `let the user who runs heirloom read ${file}, or remove it: the .env files are optional.`,
});

export const BadUsage = entry("BadUsage", {
  code: "UsageError",
  title: "The command line names an unknown command or option, or a bad value",
  message: ({ detail }: { detail: string; command: string }) => detail,
  hint: ({ command }) => `run heirloom ${command ? `${command} ` : ""}--help for the commands and options it takes.`,
});
