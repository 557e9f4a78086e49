// The HTTP rules preview compresses by: the encoding each Accept-Encoding asks for (q-values, `q=0`, `*`, brotli
// on a tie), the content types worth compressing, and If-None-Match against an encoding's ETag.
import { describe, expect, it } from "vitest";
import {
  chooseEncoding,
  encodedETag,
  isCompressible,
  matchesETag,
  varyOnEncoding,
} from "../../../packages/heirloom/src/serve/http/content-coding.ts";

describe("content coding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["gzip, deflate, br, zstd", "br"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=1.0, gzip;q=0.999", "br"],
    ["gzip;q=0.8, br;Q=0.8", "br"],
    ["gzip;q=0, br;q=0", "identity"],
    ["br;q=0", "identity"],
    ["deflate", "identity"],
    ["identity", "identity"],
    ["br;q=0.1, identity", "identity"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["*;q=0", "identity"],
    ["br;q=2, gzip", "gzip"], // an unreadable q-value is no acceptance
    ["br;q=0.0001, gzip;q=0.5", "gzip"],
  ])("%j -> %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it("compresses text types and no others", () => {
    const text = ["text/html; charset=utf-8", "text/css", "application/javascript; charset=utf-8", "text/plain"];
    const data = ["application/json", "application/xml", "application/rss+xml", "application/atom+xml"];
    const more = ["image/svg+xml", "application/manifest+json; charset=utf-8", "application/ld+json"];
    for (const type of [...text, ...data, ...more]) expect(isCompressible(type), type).toBe(true);
    for (const type of ["image/png", "image/webp", "font/woff2", "application/font-woff", "video/mp4", undefined])
      expect(isCompressible(type), type).toBe(false);
  });

  it("matches If-None-Match weakly, in a list, or as *", () => {
    expect(matchesETag('"a-br"', '"a-br"')).toBe(true);
    expect(matchesETag('W/"a-br"', '"a-br"')).toBe(true);
    expect(matchesETag('"x", "a-br"', '"a-br"')).toBe(true);
    expect(matchesETag("*", '"a"')).toBe(true);
    expect(matchesETag('"a"', '"a-br"')).toBe(false);
    expect(matchesETag(undefined, '"a"')).toBe(false);
  });

  it("names each encoding's ETag, and adds Accept-Encoding to Vary once", () => {
    expect(encodedETag('"a1"', "br")).toBe('"a1-br"');
    expect(encodedETag('W/"a1"', "gzip")).toBe('W/"a1-gzip"');
    expect(encodedETag('"a1"', "identity")).toBe('"a1"');
    expect(varyOnEncoding(undefined)).toBe("Accept-Encoding");
    expect(varyOnEncoding("Origin")).toBe("Origin, Accept-Encoding");
    expect(varyOnEncoding("accept-encoding, Origin")).toBe("accept-encoding, Origin");
    expect(varyOnEncoding("*")).toBe("*");
  });
});
