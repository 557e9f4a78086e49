// The site's hash and manifest: every published file with its size and SHA-256, one hash that coreutils
// recompute from the folder, and never a manifest inside the folder hosts publish.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteManifest } from "../../../packages/heirloom/src/output/manifest.ts";
import { buildProject, makeFixture } from "../../helpers/site.ts";

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));

describe("siteManifest", () => {
  it("lists the files in byte order of their paths and hashes their sha256sum listing", () => {
    const file = (p: string, text: string) => ({ path: p, contents: Buffer.from(text) });
    const manifest = siteManifest([
      file("b.html", "b"),
      file("Z.txt", "z"),
      file("a/é.html", "é"),
      file("a/z.html", ""),
    ]);
    expect(manifest.files.map((f) => f.path)).toEqual(["Z.txt", "a/z.html", "a/é.html", "b.html"]);
    expect(manifest.files[2]).toEqual({ path: "a/é.html", size: 2, sha256: sha256("é") });
    const listing = manifest.files.map((f) => `${f.sha256}  ${f.path}\n`).join("");
    expect(manifest.site).toBe(sha256(listing));
  });

  it("depends on paths and bytes only: another order gives the same hash, another byte another", () => {
    const files = [
      { path: "x.html", contents: Buffer.from("x") },
      { path: "y.html", contents: Buffer.from("y") },
    ];
    expect(siteManifest([...files].reverse()).site).toBe(siteManifest(files).site);
    expect(siteManifest([files[0], { path: "y.html", contents: Buffer.from("Y") }]).site).not.toBe(
      siteManifest(files).site,
    );
  });
});

describe("build({ manifest })", () => {
  it(
    "writes every published file with its size and SHA-256 beside the output folder, " + "and returns the site's hash",
    async () => {
      const root = makeFixture();
      const built = await buildProject(root, { manifest: "reports/site-manifest.json" });
      const manifest = JSON.parse(readFileSync(path.join(root, "reports/site-manifest.json"), "utf8"));
      const published = filesUnder(built.outDir).sort();
      expect(manifest.files.map((f: { path: string }) => f.path).sort()).toEqual(published);
      for (const entry of manifest.files) {
        const bytes = readFileSync(path.join(built.outDir, entry.path));
        expect(entry).toEqual({ path: entry.path, size: bytes.length, sha256: sha256(bytes) });
      }
      expect(manifest.site).toBe(built.siteHash);
      expect(published.some((p) => p.includes("manifest"))).toBe(false);
    },
  );

  it.runIf(existsSync("/usr/bin/sha256sum"))(
    "gives the hash that sha256sum computes over the published folder",
    async () => {
      const built = await buildProject(makeFixture());
      const command = "find . -type f -printf '%P\\0' | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum";
      const { stdout } = spawnSync("/bin/sh", ["-c", command], { cwd: built.outDir, encoding: "utf8" });
      expect(stdout.split(" ")[0]).toBe(built.siteHash);
    },
  );

  it.each(["dist/site-manifest.json", "dist", "./dist/assets/x.json"])(
    "refuses %s, inside the output folder, and writes nothing",
    async (file) => {
      const root = makeFixture();
      await expect(buildProject(root, { manifest: file })).rejects.toMatchObject({
        code: "OutputDirError",
        message: expect.stringMatching(
          /^Refusing to write the manifest to .*: it is inside the output folder, which hosts publish\.$/,
        ),
        hint: "name a file beside the output folder, such as --manifest site-manifest.json.",
      });
      expect(existsSync(path.join(root, "dist"))).toBe(false);
    },
  );

  it("leaves an earlier manifest as it was when the build fails", async () => {
    const root = makeFixture();
    await buildProject(root, { manifest: "site-manifest.json" });
    const before = statSync(path.join(root, "site-manifest.json")).mtimeMs;
    await expect(buildProject(root, { manifest: "site-manifest.json", siteUrl: "not a url" })).rejects.toThrow();
    expect(statSync(path.join(root, "site-manifest.json")).mtimeMs).toBe(before);
  });
});
