// The catalogue's messages about the site's own headers (`headers` in site.config.ts) and the host files a site
// writes itself, and what the build finds when it checks its pages against the security policy it writes.
import { errorEntry as entry } from "../errors.ts";

const GUIDE = "see the guide's page on headers";

export const BadHeadersOption = entry("BadHeadersOption", {
  code: "ConfigError",
  title: "headers is not an object",
  message: ({ field }: { field: string }) => `${field} in site.config.ts must be an object.`,
  hint: () => 'write it such as `headers: { policy: { "img-src": ["https://img.shields.io"] } }`.',
});

export const BadPolicyDirective = entry("BadPolicyDirective", {
  code: "ConfigError",
  title: "A directive of headers.policy is not one a site may widen",
  message: ({ directive, field }: { directive: string; field: string; known: string[] }) =>
    `${field}.policy names "${directive}", which is not a directive a site may widen.`,
  hint: ({ known }) =>
    `name one of ${known.join(", ")}; the others (default-src, base-uri, object-src, frame-ancestors) stay strict.`,
});

export const UnsafePolicySource = entry("UnsafePolicySource", {
  code: "ConfigError",
  title: "A source of headers.policy is not one source",
  message: ({ source, directive, field }: { source: string; directive: string; field: string }) =>
    `${field}.policy["${directive}"] holds ${source}, which is not one source of a Content-Security-Policy: a ` +
    "space, a `;`, a `,`, a quote or a line break there would end the source, the directive, the policy or the header.",
  hint: () =>
    'write one source a string: a host ("https://plausible.io", "*.example.org"), a scheme ("https:", "data:") or ' +
    "a keyword in single quotes (\"'unsafe-inline'\", \"'sha256-…'\").",
});

export const BadHeaderName = entry("BadHeaderName", {
  code: "ConfigError",
  title: "A header of headers.set has a name no header may have",
  message: ({ name, field }: { name: string; field: string }) =>
    `${field}.set names the header "${name}", which is not a header's name, or is the Content-Security-Policy.`,
  hint: () =>
    'name it with letters, digits and dashes (such as "X-Robots-Tag"); widen the Content-Security-Policy with ' +
    '`policy` (such as `policy: { "img-src": ["https://img.shields.io"] }`).',
});

export const UnsafeHeaderValue = entry("UnsafeHeaderValue", {
  code: "ConfigError",
  title: "A header of headers.set has a value that is empty or holds a line break",
  message: ({ name, field, value }: { name: string; field: string; value: string }) =>
    `${field}.set gives the header "${name}" the value ${value}: a header's value is one line of text, not empty.`,
  hint: () => "write the value on one line, without control characters.",
});

export const BadHeadersPath = entry("BadHeadersPath", {
  code: "ConfigError",
  title: "A pattern of headers.paths is not a site path",
  message: ({ pattern }: { pattern: string }) =>
    `headers.paths names "${pattern}", which is neither a site path nor one ending in "/*".`,
  hint: () => 'write a site path (such as "/contact/") or everything under one (such as "/demos/*").',
});

export const HeaderSetTwice = entry("HeaderSetTwice", {
  code: "ConfigError",
  title: "A header of headers.paths is set for every page already",
  message: ({ name, pattern }: { name: string; pattern: string }) =>
    `headers.paths["${pattern}"] sets "${name}", which every page gets already: hosts that read _headers join the ` +
    "two values of a header into one, so the pages under the pattern would get both.",
  hint: () => `set it in headers.set for every page, or only in headers.paths; ${GUIDE}.`,
});

export const HostFileInPassthrough = entry("HostFileInPassthrough", {
  code: "ConfigError",
  title: "A passthrough file would replace serve.json",
  message: ({ file }: { file: string }) =>
    `content/${file} is published as it is (passthrough), and would replace the ${file} the build writes with its ` +
    "headers, redirects and clean URLs.",
  hint: () =>
    "remove it from passthrough; add headers with `headers` and redirects with `redirects` in site.config.ts " +
    "(a _headers or _redirects file of the site's own is added to the build's).",
});

export const BlockedByPolicy = entry("BlockedByPolicy", {
  code: "SecurityPolicyError",
  title: "A page uses what its Content-Security-Policy blocks",
  message: ({ page, what, directive }: { page: string; what: string; directive: string; source: string }) =>
    `The page ${page} uses ${what}, which its Content-Security-Policy blocks (${directive}): hosts that read ` +
    "_headers (Netlify, Cloudflare Pages) will block it.",
  hint: ({ directive, source }) =>
    `allow it with \`headers: { policy: { "${directive}": ["${source}"] } }\` in site.config.ts (or in ` +
    `headers.paths for some pages), or remove it; ${GUIDE}.`,
});
