// The esbuild result cache: reused only while every input file holds the bytes that were compiled; keyed
// by esbuild's version and options too; entries unused for weeks are pruned.
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { cacheDirFor, pruneMarker as markerIn } from "../../../packages/heirloom/src/compile/cache.ts";

const cacheDir = cacheDirFor(".");
const pruneMarker = markerIn(cacheDir);
import { compileModule } from "../../../packages/heirloom/src/compile/compile-module.ts";
import { esbuildScope, readStamped, writeStamped } from "../../../packages/heirloom/src/compile/stamped-cache.ts";
import { buildProject, makeProject, templatesDir } from "../../helpers/site.ts";

// Lets a test act at the moment esbuild has read the sources and returned, before the result is stored.
const hooks = vi.hoisted(() => ({ afterCompile: undefined as (() => void) | undefined }));
vi.mock("esbuild", async (importOriginal) => {
  const real = await importOriginal<typeof import("esbuild")>();
  const build = (async (options: Parameters<typeof real.build>[0]) => {
    const result = await real.build(options);
    hooks.afterCompile?.();
    hooks.afterCompile = undefined;
    return result;
  }) as typeof real.build;
  return { ...real, build, default: { ...real, build } };
});

const scratch = () => mkdtempSync(path.join(os.tmpdir(), "heirloom-stamp-"));
const past = new Date("2001-01-01T00:00:00Z");
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("readStamped / writeStamped", () => {
  it("returns the data while the inputs hold the recorded bytes, and nothing once one changes", async () => {
    const dir = scratch();
    const [a, b] = [path.join(dir, "a.ts"), path.join(dir, "b.css")];
    writeFileSync(a, "export const a = 1;");
    writeFileSync(b, "body { color: red }");
    await writeStamped(
      cacheDir,
      "test",
      dir,
      new Map([
        [a, sha("export const a = 1;")],
        [b, sha("body { color: red }")],
      ]),
      { answer: 42 },
    );
    expect(await readStamped(cacheDir, "test", dir)).toEqual({ answer: 42 });
    writeFileSync(b, "body { color: blue }");
    utimesSync(b, past, past);
    expect(await readStamped(cacheDir, "test", dir)).toBeUndefined();
  });

  it("keys by esbuild's version and the options", () => {
    const version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("esbuild/package.json"), "utf8"))
      .version as string;
    expect(esbuildScope("entry", { minify: true })).toContain(version);
    expect(esbuildScope("entry", { minify: true })).not.toBe(esbuildScope("entry", { minify: false }));
  });
});

describe("compileModule", () => {
  const request = (entry: string) => ({
    name: "probe",
    entry,
    root: path.dirname(entry),
    what: "the probe",
    hint: "fix it.",
    modules: {},
    cacheDir,
  });

  it("compiles again when a file was saved after esbuild read it, even with an old modification time", async () => {
    const entry = path.join(scratch(), "probe.ts");
    writeFileSync(entry, "export const value: number = 1;");
    hooks.afterCompile = () => {
      writeFileSync(entry, "export const value: number = 2;");
      utimesSync(entry, past, past);
    };
    expect((await compileModule(request(entry))).exports.value).toBe(1);
    expect((await compileModule(request(entry))).exports.value).toBe(2);
  });

  it("prunes cache files unused for weeks when it stores a new one, and keeps those in use", async () => {
    const entry = path.join(scratch(), "probe.ts");
    // A string, found verbatim in the compiled file: esbuild prints a number such as 1795123456780000 as
    // 179512345678e4, which made this test fail once in a thousand runs.
    const unique = `probe-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    writeFileSync(entry, `export const value: string = ${JSON.stringify(unique)};`);
    await compileModule(request(entry));
    const stale = [
      path.join(cacheDir, "templates-0123456789abcdef.cjs"),
      path.join(cacheDir, "images", "0123456789-old.png"),
    ];
    mkdirSync(path.join(cacheDir, "images"), { recursive: true });
    for (const file of stale) writeFileSync(file, "stale");
    // Everything in the cache looks old now, and so does the last pruning; what the next compile uses is
    // marked as used.
    rmSync(pruneMarker, { force: true });
    const inUse = path.join(
      cacheDir,
      readdirSync(cacheDir).find(
        (n) =>
          n.startsWith("probe-") && n.endsWith(".cjs") && readFileSync(path.join(cacheDir, n), "utf8").includes(unique),
      )!,
    );
    for (const file of [...stale, inUse]) utimesSync(file, past, past);
    expect((await compileModule(request(entry))).exports.value).toBe(unique);
    const other = path.join(scratch(), "other.ts");
    writeFileSync(other, `export const value: string = ${JSON.stringify(`${unique}-other`)};`);
    await compileModule(request(other));
    expect(stale.filter((f) => existsSync(f))).toEqual([]);
    expect(existsSync(inUse)).toBe(true);
    expect(statSync(inUse).mtimeMs).toBeGreaterThan(past.getTime());
  });

  it("walks the cache to prune it at most once a day", async () => {
    const store = async (name: string) => {
      const entry = path.join(scratch(), `${name}.ts`);
      writeFileSync(entry, `export const value: number = ${Date.now() * 1000 + Math.floor(Math.random() * 1000)};`);
      await compileModule(request(entry));
    };
    rmSync(pruneMarker, { force: true });
    await store("first");
    const stale = path.join(cacheDir, "templates-fedcba9876543210.cjs");
    writeFileSync(stale, "stale");
    utimesSync(stale, past, past);
    await store("second");
    expect(existsSync(stale)).toBe(true);
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    utimesSync(pruneMarker, dayAndMinuteAgo, dayAndMinuteAgo);
    await store("third");
    expect(existsSync(stale)).toBe(false);
  });

  it(
    "prunes by the file system's clock: " + "a process whose clock runs 400 days ahead keeps what it just stored",
    async () => {
      const entry = path.join(scratch(), "ahead.ts");
      const unique = Date.now() * 1000 + Math.floor(Math.random() * 1000);
      writeFileSync(entry, `export const value: number = ${unique};`);
      vi.useFakeTimers({ now: Date.now() + 400 * 24 * 60 * 60 * 1000, toFake: ["Date"] });
      try {
        // Before: the compiled module was pruned as soon as it was stored, and loading it failed with ENOENT.
        expect((await compileModule(request(entry))).exports.value).toBe(unique);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});

describe("a build after a template edit", () => {
  it("uses the new stylesheet and markup, not the cached ones", async () => {
    const templates = path.join(scratch(), "templates");
    cpSync(templatesDir, templates, { recursive: true });
    const root = makeProject();
    const first = await buildProject(root, { templatesDir: templates });
    const css = (result: typeof first) => {
      const html = readFileSync(path.join(result.outDir, "index.html"), "utf8");
      return readFileSync(path.join(result.outDir, /href="\/(assets\/site-[^"]+\.css)"/.exec(html)![1]), "utf8");
    };
    expect(css(first)).not.toContain("#123456");
    writeFileSync(
      path.join(templates, "styles/site.css"),
      `${readFileSync(path.join(templates, "styles/site.css"), "utf8")}\n.probe{color:#123456}\n`,
    );
    const footer = path.join(templates, "components/Footer.tsx");
    writeFileSync(
      footer,
      readFileSync(footer, "utf8").replace("<p>{footer.legal}</p>", "<p>{footer.legal} (probe)</p>"),
    );
    const second = await buildProject(root, { templatesDir: templates });
    expect(css(second)).toContain("#123456");
    expect(readFileSync(path.join(second.outDir, "index.html"), "utf8")).toContain("(probe)");
  });
});

describe("where a site's cache is", () => {
  const withoutOverride = <T>(run: () => T): T => {
    const saved = process.env.HEIRLOOM_CACHE_DIR;
    delete process.env.HEIRLOOM_CACHE_DIR;
    try {
      return run();
    } finally {
      process.env.HEIRLOOM_CACHE_DIR = saved;
    }
  };

  it("is node_modules/.cache/heirloom beside the nearest package.json, else the site's .heirloom/cache", () => {
    const top = scratch();
    const site = path.join(top, "sites", "blog");
    mkdirSync(site, { recursive: true });
    withoutOverride(() => expect(cacheDirFor(site)).toBe(path.join(site, ".heirloom", "cache")));
    writeFileSync(path.join(top, "package.json"), "{}");
    withoutOverride(() => expect(cacheDirFor(site)).toBe(path.join(top, "node_modules", ".cache", "heirloom")));
    writeFileSync(path.join(site, "package.json"), "{}");
    withoutOverride(() => expect(cacheDirFor(site)).toBe(path.join(site, "node_modules", ".cache", "heirloom")));
  });

  it("is HEIRLOOM_CACHE_DIR when it is set", () => {
    expect(cacheDirFor(scratch())).toBe(path.resolve(process.env.HEIRLOOM_CACHE_DIR!));
  });
});
