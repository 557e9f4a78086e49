// `heirloom preview` serves what is inside the output folder and nothing else: a link that leads out of it
// is answered with the site's 404 page, never the file; a link that stays inside is served.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPreview, type PreviewServer } from "../../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, makeFixture } from "../../helpers/site.ts";

/** What the fixture's 404 page says. */
const NOT_FOUND_TEXT = "There is no such page.";
const SECRET = "a file outside the output folder, 5f0d2c9e";

describe("preview and symbolic links", () => {
  let preview: PreviewServer;
  let outDir: string;
  let outside: string;
  beforeAll(async () => {
    const root = makeFixture();
    ({ outDir } = await buildProject(root));
    outside = mkdtempSync(path.join(os.tmpdir(), "heirloom-outside-"));
    writeFileSync(path.join(outside, "secret.txt"), SECRET);
    symlinkSync(outside, path.join(outDir, "leak"), "dir");
    symlinkSync(path.parse(outside).root, path.join(outDir, "disk"), "dir");
    symlinkSync(path.join(outside, "secret.txt"), path.join(outDir, "secret.txt"), "file");
    symlinkSync(path.join(outDir, "notes"), path.join(outDir, "journal"), "dir");
    symlinkSync(path.join(outDir, "loop"), path.join(outDir, "loop"), "dir");
    preview = await startPreview({ outDir, root, forms: [], port: 0 });
  });
  afterAll(async () => {
    await preview?.close();
  });

  const get = (pathname: string) => fetch(new URL(pathname.slice(1), preview.url));

  it("answers a link out of the output folder with the site's 404 page, never the file", async () => {
    const disk = `/disk/${path.relative(path.parse(outside).root, outside).split(path.sep).join("/")}`;
    for (const pathname of ["/leak/secret.txt", "/leak/", "/leak", "/secret.txt", `${disk}/secret.txt`]) {
      const answer = await get(pathname);
      const text = await answer.text();
      expect(answer.status, pathname).toBe(404);
      expect(text, pathname).toContain(NOT_FOUND_TEXT);
      expect(text, pathname).not.toContain(SECRET);
    }
  });

  it("serves a link that stays inside the output folder: the bytes it names are published already", async () => {
    const answer = await get("/journal/first");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(readFileSync(path.join(outDir, "notes", "first.html"), "utf8"));
  });

  it("answers a link that leads to itself with the 404 page", async () => {
    for (const pathname of ["/loop", "/loop/first"]) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(await answer.text(), pathname).toContain(NOT_FOUND_TEXT);
    }
  });
});
