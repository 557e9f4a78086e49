// Checks `headers` of site.config.ts: each directive one the site may widen, each source one a policy reads as a
// single source (never a `;` or `,` that would end the directive or the policy, a line break that would end the
// header), each header's name a token and its value one line; each problem at the line where it is written.
import * as messages from "../../errors/catalogue.ts";
import type { ErrorEntry } from "../../errors/errors.ts";
import {
  type HeaderRule,
  type HeadersOptions,
  NO_HEADERS,
  POLICY_DIRECTIVES,
  type PolicySources,
  type ResolvedHeaders,
} from "../headers-options.ts";
import { controlCharacter } from "../unsafe-characters.ts";

type Fail = <A extends object>(entry: ErrorEntry<A>, args: A, near?: string) => void;

const HASH = "(?:sha256|sha384|sha512)-[A-Za-z0-9+/_-]+={0,2}";
const KEYWORD = new RegExp(
  `^'(?:self|unsafe-inline|unsafe-eval|wasm-unsafe-eval|unsafe-hashes|strict-dynamic|report-sample|${HASH})'$`,
);
const SCHEME = /^[a-z][a-z0-9+.-]*:$/i;
const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
/** scheme://host:port/path, the scheme, port and path optional, the host "*" or "*.name" or a name. */
const HOST = new RegExp(
  `^(?:[a-z][a-z0-9+.-]*://)?(?:\\*|(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*)(?::(?:\\d{1,5}|\\*))?` +
    "(?:/[\\w\\-.~!$&()*+=:@%/]*)?$",
  "i",
);
/** The characters RFC 9110 allows in a header's name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A site path, or everything under one (a final "*" after a slash). */
const PATTERN = /^\/(?:[\w\-.~%@:+]+\/)*(?:[\w\-.~%@:+]+|\*)?$/;
/** Set by the engine on every response; `policy` widens the first. */
const ENGINE_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "x-frame-options",
  "cache-control",
];

/** Whether a source of a policy is one: a keyword in quotes, a scheme, or a host with an optional path. */
export function isPolicySource(source: string): boolean {
  return KEYWORD.test(source) || SCHEME.test(source) || HOST.test(source);
}

/** `headers` checked and resolved; every problem is reported through `fail`. */
export function checkHeaders(given: HeadersOptions | undefined, fail: Fail): ResolvedHeaders {
  if (given === undefined) return NO_HEADERS;
  if (typeof given !== "object" || given === null) {
    fail(messages.BadHeadersOption, { field: "headers" }, "headers");
    return NO_HEADERS;
  }
  const site = checkRule(given, "headers", fail);
  const paths = Object.entries(given.paths ?? {}).map(([pattern, rule]) => {
    if (!PATTERN.test(pattern)) fail(messages.BadHeadersPath, { pattern }, pattern);
    const checked = checkRule(rule ?? {}, `headers.paths["${pattern}"]`, fail);
    for (const name of Object.keys(checked.set)) {
      const lower = name.toLowerCase();
      const twice = ENGINE_HEADERS.includes(lower) || Object.keys(site.set).some((n) => n.toLowerCase() === lower);
      if (twice) fail(messages.HeaderSetTwice, { name, pattern }, name);
    }
    return { pattern, ...checked };
  });
  return { ...site, paths };
}

function checkRule(rule: HeaderRule, field: string, fail: Fail): Omit<ResolvedHeaders, "paths"> {
  const policy: PolicySources = {};
  for (const [directive, sources] of Object.entries(rule.policy ?? {})) {
    if (!(POLICY_DIRECTIVES as readonly string[]).includes(directive)) {
      fail(messages.BadPolicyDirective, { directive, field, known: [...POLICY_DIRECTIVES] }, directive);
      continue;
    }
    const list: unknown[] = Array.isArray(sources) ? sources : [sources];
    const good = list.filter((source): source is string => {
      if (typeof source === "string" && isPolicySource(source)) return true;
      const value = typeof source === "string" ? source : String(source);
      fail(messages.UnsafePolicySource, { source: JSON.stringify(value), directive, field }, value.split("\n")[0]);
      return false;
    });
    policy[directive as keyof PolicySources] = [...new Set(good)];
  }
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(rule.set ?? {})) {
    if (!TOKEN.test(name) || name.toLowerCase() === "content-security-policy") {
      fail(messages.BadHeaderName, { name, field }, name);
    } else if (typeof value !== "string" || controlCharacter(value) !== undefined || value.trim() === "") {
      fail(messages.UnsafeHeaderValue, { name, field, value: JSON.stringify(String(value)) }, name);
    } else set[name] = value.trim();
  }
  return { policy, set };
}
