// `heirloom preview` compresses as static hosts do: brotli or gzip as the request's Accept-Encoding asks (brotli
// on a tie, q-values honoured), text types only, `Vary: Accept-Encoding`, each encoding with its own ETag and
// Content-Length. Raw bytes over node:http (fetch would decompress them); the bodies decompressed with zlib.
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import handler from "serve-handler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressedFiles } from "../../../packages/heirloom/src/serve/http/compressed-files.ts";
import { EncodedBodies } from "../../../packages/heirloom/src/serve/http/encoded-bodies.ts";
import { startPreview, type PreviewServer } from "../../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, makeFixture } from "../../helpers/site.ts";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these headers, on a connection of its own; the answer's bytes as sent. */
function send(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The body as the client reads it, after the Content-Encoding it was sent with. */
function decoded({ headers, body }: Answer): Buffer {
  if (headers["content-encoding"] === "br") return zlib.brotliDecompressSync(body);
  if (headers["content-encoding"] === "gzip") return zlib.gunzipSync(body);
  return body;
}

/** Text that compresses like a page does: words that repeat, not one byte over and over. */
const prose = (n: number, mark: string) =>
  Array.from({ length: n }, (_, i) => `<p>${mark}: paragraph ${i} of a long page, with a few words.</p>`).join("\n");

describe("heirloom preview's compressed answers", () => {
  let preview: PreviewServer;
  let outDir: string;
  const url = (pathname: string) => new URL(pathname.slice(1), preview.url).href;
  const file = (name: string) => readFileSync(path.join(outDir, name));

  beforeAll(async () => {
    const root = makeFixture();
    ({ outDir } = await buildProject(root));
    writeFileSync(path.join(outDir, "guide.html"), `<!doctype html><title>Guide</title>${prose(300, "guide")}`);
    const notFound = readFileSync(path.join(outDir, "404.html"), "utf8");
    writeFileSync(path.join(outDir, "404.html"), notFound.replace("</main>", `${prose(40, "missing")}</main>`));
    const assets = path.join(outDir, "files");
    mkdirSync(assets);
    const text = prose(60, "asset");
    writeFileSync(path.join(assets, "style.css"), `/* ${text} */ body { color: black; }`);
    writeFileSync(path.join(assets, "app.js"), `// ${text.replaceAll("\n", "\n// ")}\nconsole.log(1);`);
    writeFileSync(path.join(assets, "data.json"), JSON.stringify({ text }));
    writeFileSync(path.join(assets, "feed.xml"), `<?xml version="1.0"?><feed>${text}</feed>`);
    writeFileSync(path.join(assets, "logo.svg"), `<svg xmlns="http://www.w3.org/2000/svg"><desc>${text}</desc></svg>`);
    writeFileSync(path.join(assets, "notes.txt"), text);
    writeFileSync(path.join(assets, "site.webmanifest"), JSON.stringify({ name: "Site", description: text }));
    // Images and fonts as long and as repetitive as the text: never compressed all the same.
    writeFileSync(path.join(assets, "photo.png"), Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.from(text)]));
    writeFileSync(path.join(assets, "face.woff2"), Buffer.from(`wOF2${text}`));
    preview = await startPreview({ outDir, root: path.dirname(outDir), forms: [], port: 0 });
  });
  afterAll(async () => {
    await preview?.close();
  });

  it("sends a page in brotli to a client that accepts it: its exact bytes, its encoded length", async () => {
    const answer = await send(url("/guide"), { "accept-encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(file("guide.html").length / 5);
    expect(zlib.brotliDecompressSync(answer.body).equals(file("guide.html"))).toBe(true);
    // Ranges are served from the file as it is: an encoded body is not one to resume.
    expect(answer.headers["accept-ranges"]).toBeUndefined();
    // The hosts' headers stay as serve.json gives them.
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("sends gzip to a client that accepts gzip only, or prefers it by its q-values", async () => {
    for (const accept of ["gzip", "br;q=0.5, gzip", "deflate, gzip;q=0.9"]) {
      const answer = await send(url("/guide"), { "accept-encoding": accept });
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.body.length);
      expect(zlib.gunzipSync(answer.body).equals(file("guide.html")), accept).toBe(true);
    }
    // Level 9, as the build's report measures it.
    const answer = await send(url("/guide"), { "accept-encoding": "gzip" });
    expect(answer.body.length).toBe(zlib.gzipSync(file("guide.html"), { level: 9 }).length);
  });

  it("sends the page as it is to a client that accepts neither, still with Vary", async () => {
    const asked: Record<string, string>[] = [
      {},
      { "accept-encoding": "gzip;q=0, br;q=0" },
      { "accept-encoding": "identity" },
    ];
    for (const headers of asked) {
      const answer = await send(url("/guide"), headers);
      const shown = JSON.stringify(headers);
      expect(answer.headers["content-encoding"], shown).toBeUndefined();
      expect(answer.headers.vary, shown).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"]), shown).toBe(file("guide.html").length);
      expect(answer.body.equals(file("guide.html")), shown).toBe(true);
    }
  });

  it("compresses each text type: CSS, JS, JSON, XML, SVG, plain text, a web manifest", async () => {
    for (const name of ["style.css", "app.js", "data.json", "feed.xml", "logo.svg", "notes.txt", "site.webmanifest"]) {
      const answer = await send(url(`/files/${name}`), { "accept-encoding": "gzip, br" });
      expect(answer.headers["content-encoding"], name).toBe("br");
      expect(answer.headers.vary, name).toBe("Accept-Encoding");
      expect(decoded(answer).equals(file(`files/${name}`)), name).toBe(true);
    }
  });

  it("never encodes an image or a font, and sends them without Vary", async () => {
    for (const name of ["photo.png", "face.woff2"]) {
      const answer = await send(url(`/files/${name}`), { "accept-encoding": "gzip, br" });
      expect(answer.status, name).toBe(200);
      expect(answer.headers["content-encoding"], name).toBeUndefined();
      expect(answer.headers.vary, name).toBeUndefined();
      expect(answer.body.equals(file(`files/${name}`)), name).toBe(true);
    }
  });

  it("sends a page under 1 KiB as it is, with Vary", async () => {
    expect(file("about/team.html").length).toBeLessThan(1024);
    const answer = await send(url("/about/team"), { "accept-encoding": "br" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.equals(file("about/team.html"))).toBe(true);
  });

  it("compresses the 404 page too, with status 404", async () => {
    const answer = await send(url("/nowhere"), { "accept-encoding": "br" });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(answer.body).equals(file("404.html"))).toBe(true);
  });

  it("answers HEAD with the headers GET has, and no body", async () => {
    for (const [pathname, accept] of [
      ["/guide", "br"],
      ["/guide", "gzip"],
      ["/guide", ""],
      ["/nowhere", "br"],
    ]) {
      const get = await send(url(pathname), { "accept-encoding": accept });
      const head = await send(url(pathname), { "accept-encoding": accept }, "HEAD");
      const shown = `${pathname} ${accept}`;
      expect(head.status, shown).toBe(get.status);
      expect(head.body.length, shown).toBe(0);
      for (const name of ["content-encoding", "content-length", "content-type", "etag", "vary"])
        expect(head.headers[name], `${shown}: ${name}`).toBe(get.headers[name]);
    }
  });

  it("gives each encoding its own ETag, and answers 304 for the one the client holds", async () => {
    const etags = new Map<string, string>();
    for (const accept of ["br", "gzip", ""])
      etags.set(accept, (await send(url("/guide"), { "accept-encoding": accept })).headers.etag!);
    expect(etags.get("br")).toMatch(/^"[0-9a-f]+-br"$/);
    expect(etags.get("gzip")).toBe(etags.get("br")!.replace("-br", "-gzip"));
    expect(etags.get("")).toBe(etags.get("br")!.replace("-br", ""));
    for (const [accept, etag] of etags) {
      const cached = await send(url("/guide"), { "accept-encoding": accept, "if-none-match": etag });
      expect(cached.status, accept).toBe(304);
      expect(cached.body.length, accept).toBe(0);
      expect(cached.headers.etag, accept).toBe(etag);
      expect(cached.headers.vary, accept).toBe("Accept-Encoding");
      expect(cached.headers["cache-control"], accept).toBe("public, max-age=0, must-revalidate");
    }
    // A weak or listed validator matches; the brotli copy is no answer to a client that now takes gzip only.
    const weak = await send(url("/guide"), { "accept-encoding": "br", "if-none-match": `"x", W/${etags.get("br")}` });
    expect(weak.status).toBe(304);
    const other = await send(url("/guide"), { "accept-encoding": "gzip", "if-none-match": etags.get("br")! });
    expect(other.status).toBe(200);
    expect(other.headers["content-encoding"]).toBe("gzip");
  });

  it("answers a Range request with the file's own bytes, never encoded", async () => {
    const answer = await send(url("/guide"), { "accept-encoding": "br", range: "bytes=100-199" });
    expect(answer.status).toBe(206);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-range"]).toBe(`bytes 100-199/${file("guide.html").length}`);
    expect(answer.body.equals(file("guide.html").subarray(100, 200))).toBe(true);
    expect((await send(url("/guide"))).headers["accept-ranges"]).toBe("bytes");
  });

  it("sends a page as it is now after it changes, not as it was compressed before", async () => {
    const guide = path.join(outDir, "guide.html");
    expect(decoded(await send(url("/guide"), { "accept-encoding": "br" }))).toEqual(file("guide.html"));
    writeFileSync(guide, `<!doctype html><title>Guide</title>${prose(300, "changed")}`);
    utimesSync(guide, new Date(), new Date(Date.now() + 5000));
    const answer = await send(url("/guide"), { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(answer.body).toString()).toContain("changed: paragraph 299");
  });

  it("sends a page rewritten at its size and mtime (rsync -t, cp -p) as it is now, in every encoding", async () => {
    const guide = path.join(outDir, "guide.html");
    const page = (mark: string) => `<!doctype html><title>Guide</title>${prose(300, mark)}`;
    const kept = new Date("2024-05-01T12:00:00Z");
    writeFileSync(guide, page("before"));
    utimesSync(guide, kept, kept);
    const before = await send(url("/guide"), { "accept-encoding": "br" });
    expect(decoded(before).toString()).toContain("before: paragraph 299");
    writeFileSync(guide, page("after!")); // the same length: only the text tells them apart
    utimesSync(guide, kept, kept);
    const etags = new Set<string>();
    for (const accept of ["br", "gzip", ""]) {
      const answer = await send(url("/guide"), { "accept-encoding": accept });
      expect(decoded(answer).toString(), accept).toBe(page("after!"));
      expect(answer.headers.etag, accept).not.toBe(before.headers.etag!.replace("-br", accept ? `-${accept}` : ""));
      etags.add(answer.headers.etag!.replace(/-(?:br|gzip)"$/, '"'));
    }
    expect(etags.size).toBe(1);
    const cached = await send(url("/guide"), { "accept-encoding": "br", "if-none-match": before.headers.etag! });
    expect(cached.status).toBe(200);
  });

  it("streams a text file over 8 MiB as it is rather than holding it whole to compress it", async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, "All work and no play. ");
    writeFileSync(path.join(outDir, "files", "big.txt"), big);
    const answer = await send(url("/files/big.txt"), { "accept-encoding": "br" }, "HEAD");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(big.length);
  });
});

describe("a file that cannot be compressed or read", () => {
  const told: unknown[] = [];
  let folder: string;
  let origin: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    folder = path.join(makeFixture(), "public");
    mkdirSync(folder);
    for (const name of ["zlib-fails", "gone"]) writeFileSync(path.join(folder, `${name}.html`), prose(100, name));
    // Bodies whose compression fails; for gone.html, the file is removed first, as if deleted meanwhile.
    const failing = {
      digest: (file: string) => new EncodedBodies().digest(file),
      get: async (file: string) => {
        if (file.endsWith("gone.html")) rmSync(file);
        throw new Error("compression failed");
      },
    } as unknown as EncodedBodies;
    const server = createServer((req, res) => {
      const files = compressedFiles(req, res, failing, (error) => told.push(error));
      handler(req, res, { public: folder, etag: true }, files as never);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close?.());

  it("is sent as it is when compressing it fails", async () => {
    const answer = await send(`${origin}/zlib-fails`, { "accept-encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(readFileSync(path.join(folder, "zlib-fails.html")))).toBe(true);
    expect(told).toEqual([]);
  });

  it("is a 500 when it is gone before it could be read, told once, and the server still answers", async () => {
    const answer = await send(`${origin}/gone`, { "accept-encoding": "br" });
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).not.toContain(folder);
    expect(told).toHaveLength(1);
    expect((told[0] as NodeJS.ErrnoException).code).toBe("ENOENT");
    expect((await send(`${origin}/zlib-fails`)).status).toBe(200);
  });
});
