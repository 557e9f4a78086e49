// Whether a page's Content-Security-Policy allows one of its uses, as CSP Level 3 matches sources: the page's own
// origin for 'self', schemes, hosts with their wildcards, ports and paths, hashes, and 'unsafe-inline' (which a
// hash in the same directive turns off).

/** One use of a page (see output/links/page-uses.ts). */
export interface PageUse {
  directive: string;
  kind: "url" | "inline" | "attribute";
  /** The address, the 'sha256-…' hash, or the attribute's name. */
  value: string;
}

/** A page's uses, read back from the page writer's lines. */
export function usesOf(lines: string | undefined): PageUse[] {
  if (!lines) return [];
  return lines.split("\n").map((line) => {
    const [directive, kind, value] = line.split("\t");
    return { directive, kind: kind as PageUse["kind"], value };
  });
}

/** Whether `sources` (one directive's) allow the use; `self` is the site's origin when known. */
export function allows(sources: string[], use: PageUse, self: string | undefined): boolean {
  if (use.kind === "inline") {
    if (sources.includes(use.value)) return true;
    return sources.includes("'unsafe-inline'") && !sources.some((s) => /^'(?:sha\d+|nonce)-/.test(s));
  }
  if (use.kind === "attribute") {
    return sources.includes("'unsafe-inline'") && !sources.some((s) => /^'(?:sha\d+|nonce)-/.test(s));
  }
  const url = parse(use.value.startsWith("//") ? `https:${use.value}` : use.value);
  if (!url) return false;
  return sources.some((source) => matchesSource(source, url, self));
}

function matchesSource(source: string, url: URL, self: string | undefined): boolean {
  if (source === "'self'") return self !== undefined && url.origin === self;
  if (source.startsWith("'")) return false;
  if (/^[a-z][a-z\d+.-]*:$/i.test(source)) {
    // "https:" also allows "wss:" addresses' secure upgrade peers as CSP 3 does for http: and ws:.
    const scheme = source.toLowerCase();
    return url.protocol === scheme || (scheme === "http:" && url.protocol === "https:");
  }
  if (source === "*") return /^(?:https?|wss?):$/.test(url.protocol);
  const found = /^(?:([a-z][a-z\d+.-]*):\/\/)?([^/:]+)(?::(\d+|\*))?(\/.*)?$/i.exec(source);
  if (!found) return false;
  const [, scheme, host, port, path] = found;
  if (scheme ? !schemeMatches(scheme.toLowerCase(), url.protocol) : !/^(?:https?|wss?):$/.test(url.protocol)) {
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  const wanted = host.toLowerCase();
  const hostOk = wanted.startsWith("*.") ? hostname.endsWith(wanted.slice(1)) : hostname === wanted;
  if (!hostOk) return false;
  // No port: the scheme's default; the address's own default port is written as none ("" in URL).
  if (port === undefined ? url.port !== "" : port !== "*" && (url.port || defaultPort(url.protocol)) !== port) {
    return false;
  }
  if (!path) return true;
  const decoded = decodeURIComponent(url.pathname);
  return path.endsWith("/") ? decoded.startsWith(path) : decoded === path;
}

function schemeMatches(scheme: string, protocol: string): boolean {
  return `${scheme}:` === protocol || (scheme === "http" && protocol === "https:");
}

function defaultPort(protocol: string): string {
  return protocol === "http:" || protocol === "ws:" ? "80" : "443";
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
