// The Host a request may name: dev and preview answer only their own (as Vite since CVE-2025-24010), so a page
// whose name is made to resolve to 127.0.0.1 (DNS rebinding) cannot read them as its own origin.
import { isIP } from "node:net";

/** What a server answers: the address it listens on, and the host names allowed besides its own. */
export interface HostPolicy {
  /** The address or name it listens on (--host); 127.0.0.1 by default. */
  listen: string;
  /** server.allowedHosts and --allowed-host: names, ".example.test" for it and the names below it; true: any. */
  allowed: readonly string[] | true;
}

/** The names of both lists (true when either is true). */
export function bothAllowed(a: readonly string[] | true = [], b: readonly string[] | true = []): string[] | true {
  return a === true || b === true ? true : [...a, ...b].map((name) => name.toLowerCase());
}

/** Listening on these, any address of the machine (or one forwarded to it, as Docker and VMs do) reaches it. */
const EVERY_INTERFACE = new Set(["0.0.0.0", "::"]);

/**
 * Whether a request naming `host` (its Host header, or the authority of an absolute request target) is
 * answered: none at all (HTTP/1.0); localhost and *.localhost, which browsers keep on this machine; a loopback
 * address; the --host address or name, and with --host alone any address; a name allowed by the site.
 */
export function isAllowedHost(host: string | undefined, policy: HostPolicy): boolean {
  if (host === undefined) return true;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (policy.allowed === true || name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name)) return isLoopback(name) || name === bare(policy.listen) || EVERY_INTERFACE.has(policy.listen);
  if (name === bare(policy.listen).toLowerCase()) return true;
  return policy.allowed.some((allowed) => name === allowed || (allowed.startsWith(".") && isBelow(name, allowed)));
}

/** The host of a Host header, lower case, without its port, brackets or final dot; undefined when malformed. */
export function hostnameOf(host: string): string | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]*))(?::\d*)?$/i.exec(host.trim());
  if (!match) return undefined;
  const name = (match[1] ?? match[2]).toLowerCase().replace(/\.$/, "");
  if (match[1] !== undefined && isIP(name) !== 6) return undefined;
  return name || undefined;
}

function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === "::1";
}

const bare = (address: string) => address.replace(/^\[|\]$/g, "");

/** "example.test" and "a.example.test" are below ".example.test". */
const isBelow = (name: string, suffix: string) => name === suffix.slice(1) || name.endsWith(suffix);

/** The short page a request for another host gets (with status 403): how to allow the host if it is one's own. */
export function refusalText(host: string): string {
  const name = hostnameOf(host);
  const shown = name && /^[a-z0-9.-]{1,253}$/.test(name) ? name : undefined;
  const allow = shown
    ? `If ${shown} is yours, add "${shown}" to server.allowedHosts in site.config.ts, or pass --allowed-host ${shown}.`
    : "Open it at http://localhost or http://127.0.0.1 instead.";
  return `Blocked: this server answers only requests for its own host names.\n${allow}\n`;
}
