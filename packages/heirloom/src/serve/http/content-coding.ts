// The HTTP rules preview compresses by, as static hosts apply them: which encoding a request's Accept-Encoding
// asks for (RFC 9110 12.5.3), which types are worth compressing, and the ETag each encoding of a file is known by.

/** How a body is sent: brotli, gzip, or as the file is. */
export type Encoding = "br" | "gzip" | "identity";

/** In the order a tie of q-values is settled: brotli makes the smallest bodies, then gzip. */
const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

/** A q-value as RFC 9110 writes it: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The encoding to send for an Accept-Encoding header: the accepted one with the highest q-value, brotli first
 * on a tie. Without the header, or when it accepts none of the three, the body is sent as it is (a client
 * may refuse even that with `identity;q=0`, but an answer it can read is better than a 406).
 */
export function chooseEncoding(header: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => /^q\s*=/.test(p))?.replace(/^q\s*=\s*/, "") ?? "1";
    // An entry whose q-value cannot be read says nothing certain: it is left out rather than guessed at.
    if (!name || !QVALUE.test(q)) continue;
    const coding = name === "x-gzip" ? "gzip" : name;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, Number(q)));
  }
  const star = weights.get("*");
  // The body as it is stays acceptable unless refused by name or by `*;q=0`, and comes last among equals.
  const weight = (e: Encoding) => weights.get(e) ?? star ?? (e === "identity" ? Number.MIN_VALUE : 0);
  const best = PREFERENCE.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  return weight(best) > 0 ? best : "identity";
}

/**
 * Whether a Content-Type is text that compresses well: HTML, CSS, JavaScript, JSON, XML and feeds, SVG, plain
 * text, web manifests (application/manifest+json). Images other than SVG, fonts, audio and video are compressed
 * formats already: compressing them again costs time and saves nothing.
 */
export function isCompressible(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return /^(?:text\/[\w.+-]+|application\/(?:javascript|json|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)$/.test(type);
}

/**
 * The ETag of a file's encoded body: each encoding is a representation of its own (RFC 9110 8.8.3), so a cache
 * holding the gzip body never answers a client that asked for brotli with it. `"abc"` becomes `"abc-br"`.
 */
export function encodedETag(etag: string, encoding: Encoding): string {
  return encoding === "identity" ? etag : etag.replace(/"$/, `-${encoding}"`);
}

/** Whether an If-None-Match header names `etag` (compared weakly, as RFC 9110 13.1.2 says), or is `*`. */
export function matchesETag(header: string | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}

/** A Vary header's value with Accept-Encoding added, once. */
export function varyOnEncoding(vary: string | number | string[] | undefined): string {
  const fields = (Array.isArray(vary) ? vary.join(",") : String(vary ?? "")).split(",").map((f) => f.trim());
  const named = fields.filter(Boolean);
  if (named.some((f) => f === "*" || f.toLowerCase() === "accept-encoding")) return named.join(", ");
  return [...named, "Accept-Encoding"].join(", ");
}
