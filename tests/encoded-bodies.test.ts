// The compressed bodies preview keeps between requests: made once per file and encoding while the file is
// unchanged, made again when it changes, and the least recently sent dropped past the total size.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { EncodedBodies } from "../packages/heirloom/src/serve/encoded-bodies.ts";
import { makeFixture } from "./helpers/site.ts";

const prose = (n: number, mark: string) =>
  Array.from({ length: n }, (_, i) => `<p>${mark}: paragraph ${i} of a long page, with a few words.</p>`).join("\n");

describe("the compressed bodies kept between requests", () => {
  let folder: string;
  beforeAll(() => {
    folder = path.join(makeFixture(), "kept");
    mkdirSync(folder);
    for (const name of ["a", "b", "c", "d"]) writeFileSync(path.join(folder, `${name}.html`), prose(200, name));
  });
  const at = (name: string) => path.join(folder, `${name}.html`);

  it("compresses a file once per encoding while it is unchanged", async () => {
    const bodies = new EncodedBodies();
    const first = await bodies.get(at("a"), "br");
    expect(zlib.brotliDecompressSync(first)).toEqual(readFileSync(at("a")));
    expect(await bodies.get(at("a"), "br")).toBe(first);
    expect(zlib.gunzipSync(await bodies.get(at("a"), "gzip"))).toEqual(readFileSync(at("a")));
    writeFileSync(at("a"), prose(200, "edited"));
    const edited = await bodies.get(at("a"), "br");
    expect(zlib.brotliDecompressSync(edited).toString()).toContain("edited: paragraph 199");
  });

  it("drops the least recently sent body once the kept ones pass their total size", async () => {
    const size = (await new EncodedBodies().get(at("b"), "br")).length;
    const bodies = new EncodedBodies(size * 2.5);
    const b = await bodies.get(at("b"), "br");
    const c = await bodies.get(at("c"), "br");
    expect(await bodies.get(at("b"), "br")).toBe(b); // b is now the more recent of the two
    await bodies.get(at("d"), "br"); // a third body: c, the least recently sent, goes
    expect(await bodies.get(at("b"), "br")).toBe(b);
    expect(await bodies.get(at("c"), "br")).not.toBe(c);
  });
});
