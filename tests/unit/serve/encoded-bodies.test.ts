// The compressed bodies preview keeps between requests: made once per content and encoding, made again when the
// file's bytes change (even at the same size and times), and the least recently sent dropped past the total size.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { EncodedBodies } from "../../../packages/heirloom/src/serve/http/encoded-bodies.ts";
import { makeFixture } from "../../helpers/site.ts";

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
    expect(zlib.brotliDecompressSync(first.body)).toEqual(readFileSync(at("a")));
    expect(first.digest).toBe(await bodies.digest(at("a")));
    expect((await bodies.get(at("a"), "br")).body).toBe(first.body);
    expect(zlib.gunzipSync((await bodies.get(at("a"), "gzip")).body)).toEqual(readFileSync(at("a")));
    writeFileSync(at("a"), prose(200, "edited"));
    const edited = await bodies.get(at("a"), "br");
    expect(zlib.brotliDecompressSync(edited.body).toString()).toContain("edited: paragraph 199");
    expect(edited.digest).not.toBe(first.digest);
  });

  it("compresses a file again when its bytes change but its size and modification time are kept", async () => {
    const bodies = new EncodedBodies();
    const kept = new Date("2024-05-01T12:00:00Z");
    writeFileSync(at("e"), prose(200, "first"));
    utimesSync(at("e"), kept, kept);
    const first = await bodies.get(at("e"), "br");
    writeFileSync(at("e"), prose(200, "later")); // as rsync -t or cp -p leave a copy: same length, same time
    utimesSync(at("e"), kept, kept);
    const later = await bodies.get(at("e"), "br");
    expect(zlib.brotliDecompressSync(later.body)).toEqual(readFileSync(at("e")));
    expect(later.digest).not.toBe(first.digest);
    writeFileSync(at("e"), prose(200, "first")); // the first text again: its body is the one kept for it
    expect((await bodies.get(at("e"), "br")).body).toBe(first.body);
  });

  it("drops the least recently sent body once the kept ones pass their total size", async () => {
    const size = (await new EncodedBodies().get(at("b"), "br")).body.length;
    const bodies = new EncodedBodies(size * 2.5);
    const b = await bodies.get(at("b"), "br");
    const c = await bodies.get(at("c"), "br");
    expect(await bodies.get(at("b"), "br")).toBe(b); // b is now the more recent of the two
    await bodies.get(at("d"), "br"); // a third body: c, the least recently sent, goes
    expect(await bodies.get(at("b"), "br")).toBe(b);
    expect(await bodies.get(at("c"), "br")).not.toBe(c);
  });
});
