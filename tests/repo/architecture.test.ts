// The engine knows no site: src/ imports nothing from a site, names none of Heirloom's things, and sites
// import the engine through its public entry only. Inside the engine, imports go one way, down the stages.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { entryProblems, importProblems } from "../helpers/imports.ts";
import { engineRoot, repoRoot } from "../helpers/site.ts";

/** The engine's sources, relative to the repository. */
const SRC = path.relative(repoRoot, path.join(engineRoot, "src"));

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
const importsOf = (file: string) =>
  [...readFileSync(path.join(repoRoot, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);

/**
 * The files of the engine's bin/ that src/ may import: plain JavaScript the shims run as it is (they start the
 * bounded threads before the CLI is compiled), carried into the engine by its compile.
 */
const SHARED_WITH_BIN = ["bounded-worker.js", "thread-keys.cjs"].map((file) =>
  path.relative(repoRoot, path.join(engineRoot, "bin", file)),
);

describe("the engine and the sites", () => {
  it("src/ imports nothing from templates/, content/, examples/ or a site definition", () => {
    for (const file of filesUnder(SRC)) {
      for (const spec of importsOf(file).filter((s) => s.startsWith("."))) {
        const target = path.relative(repoRoot, path.resolve(repoRoot, path.dirname(file), spec));
        const inEngine = target.startsWith(`${SRC}/`) || SHARED_WITH_BIN.includes(target);
        expect(inEngine, `${file} imports ${spec}`).toBe(true);
      }
    }
  });

  it("src/ names none of Heirloom's collections, nor its form", () => {
    const words = /\b(plans?|testimonials?|faqs?|benefits?|gifts?|conversation|waitlist)\b/i;
    for (const file of filesUnder(SRC)) {
      const hit = readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .findIndex((line) => words.test(line));
      expect(hit, `${file}:${hit + 1}`).toBe(-1);
    }
  });

  it.each(["templates", "examples/journal", "tests/fixtures/base"])(
    '%s imports the engine as "heirloom" only, never a file of src/',
    (dir) => {
      for (const file of [...filesUnder(dir)]) {
        for (const spec of importsOf(file)) expect(spec, `${file} imports ${spec}`).not.toMatch(/(^|\/)src\//);
      }
    },
  );
});

/** The stages of src/, lowest first: a module imports its own folder or a lower stage, never a higher one. */
const STAGES = [
  "version.ts",
  "errors",
  "compile",
  "config",
  "content",
  "routes",
  "render",
  "assets",
  "output",
  "incremental",
  "pipeline",
  "check",
  "serve",
  "cli",
  "index.ts",
];

/**
 * The subsystems of a stage folder, lowest first; "." is the stage's own files, which use them all (content's
 * load, read and validate; output's report; dev's server).
 */
const SUBSYSTEMS: Record<string, string[]> = {
  content: ["frontmatter", "fields", "highlight", "markdown", "mdx", "files", "."],
  output: ["links", "write", "files", "."],
  serve: ["forms", "http", "preview", "dev"],
  "serve/dev": ["site-thread", "."],
};

describe("the engine's imports", () => {
  it("go down the stage order, with no cycle, in src/", async () => {
    const problems = await importProblems(engineRoot, "src", STAGES);
    expect(problems.map((p) => `${p.kind}: ${p.from} -> ${p.to}`)).toEqual([]);
  });

  it.each(Object.entries(SUBSYSTEMS))("go down the order of the subsystems of %s/: %j", async (folder, order) => {
    const problems = await importProblems(engineRoot, `src/${folder}`, order);
    expect(problems.map((p) => `${p.kind}: ${p.from} -> ${p.to}`)).toEqual([]);
  });

  it("reach a subsystem's folder from outside it only through its entry, index.ts", () => {
    expect(entryProblems(engineRoot, "src")).toEqual([]);
  });

  it("are checked for real: an import past a subsystem's entry is caught", () => {
    const fixture = path.join(repoRoot, "tests", "fixtures", "import-graph");
    expect(entryProblems(fixture, "src")).toEqual(["src/high/shout.ts -> src/low/words/spoken.ts"]);
  });

  it("are checked for real: a fixture with an upward import and a cycle is caught", async () => {
    const fixture = path.join(repoRoot, "tests", "fixtures", "import-graph");
    const problems = await importProblems(fixture, "src", ["low", "high"]);
    const found = problems.map((p) => `${p.kind}: ${p.from} -> ${p.to}`).sort();
    expect(found).toEqual([
      "cycle: src/high/shout.ts -> src/low/quiet.ts",
      "cycle: src/low/names.ts -> src/high/shout.ts",
      "cycle: src/low/quiet.ts -> src/low/names.ts",
      "upward: src/low/names.ts -> src/high/shout.ts",
    ]);
  });
});

describe("the code's lines", () => {
  it("are at most 120 characters long, in every source, test, script and stylesheet", () => {
    const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" });
    const code = tracked
      .split("\n")
      .filter((file) => /\.(ts|tsx|js|cjs|mjs|css)$/.test(file) && !file.includes("dist/"));
    expect(code.length).toBeGreaterThan(100);
    const long = code.flatMap((file) =>
      readFileSync(path.join(repoRoot, file), "utf8")
        .split("\n")
        .flatMap((line, i) => ([...line].length > 120 ? [`${file}:${i + 1} (${[...line].length})`] : [])),
    );
    expect(long).toEqual([]);
  });
});

/**
 * The state a stage folder's module may keep between calls, by `file:name`, and why: a memo of what never changes
 * within the process, or a thread's own. Anything else a later build or another stage must see is kept by the
 * Incremental object and handed over as a parameter, where this test and a reader can see it.
 */
const MODULE_STATE: Record<string, string> = {
  "content/markdown/markdown-key.ts:locks": "memo: a plugin's source text by its function, read once",
  "content/mdx/mdx-compile.ts:mdx": "memo: the MDX compiler, loaded once when a body needs it",
  "content/markdown/math.ts:katex": "memo: KaTeX, loaded once when a site with math needs it",
  "content/markdown/math.ts:stylesheet": "memo: the path of KaTeX's stylesheet, named by the installed file's bytes",
  "content/mdx/mdx-nodes.ts:markdownIt":
    "memo: the markdown-it whose linkify, typographer and URL encoding MDX borrows",
  "content/highlight/highlight.ts:loading": "memo: Shiki, loaded once",
  "content/highlight/highlight.ts:loaded": "memo: Shiki, loaded once",
  "content/highlight/highlight.ts:languages": "memo: the grammars Shiki has loaded",
  "content/highlight/highlight.ts:bundledNames": "memo: the names of Shiki's grammars",
  "content/highlight/highlight.ts:themes": "memo: the themes Shiki has loaded",
  "content/highlight/shiki-version.ts:version": "memo: Shiki's version, read once",
  "content/highlight/highlight-threads.ts:ids": "a counter naming the pool's requests",
  "content/highlight/unknown-language.ts:told": "memo: Shiki's nearest names for a language",
  "render/island.ts:scope": "the island renderer's scope while a page renders (set and restored around it)",
  "render/island.ts:renders": "a counter naming islands on a page",
  "render/island.ts:plainRenders": "a depth counter around renders without islands",
  "render/island-call-site.ts:recording": "set and restored around one template call",
  "routes/urls.ts:lastOrigin": "memo: the last site URL's origin",
  "routes/taxonomies.ts:slugify": "memo: the slugifier, loaded when a term is first named",
  "render/render.ts:lastShared": "memo: the last feeds' head links, shared by every page of a locale",
  "output/write/file-lock.ts:ownIdentity": "memo: this process's identity (its pid and start time)",
};

describe("the stages' module state", () => {
  const STATE = /^(?:export )?(?:let|var) (\w+)|^(?:export )?const (\w+)\b[^=]*= new (?:Map|Set|WeakMap)\b/gm;
  const stages = ["config", "content", "routes", "render", "assets", "output"];
  // A browser script (assets/*-client.ts) and a worker thread's entry (*-worker.ts) keep their own.
  const owned = (file: string) => /-(client|worker)\.ts$/.test(file);

  it("is only what MODULE_STATE names: no stage writes state another reads through a module", () => {
    const found = stages.flatMap((stage) =>
      filesUnder(`${SRC}/${stage}`)
        .filter((file) => !owned(file))
        .flatMap((file) =>
          [...readFileSync(path.join(repoRoot, file), "utf8").matchAll(STATE)]
            .map((match) => match[1] ?? match[2])
            // A constant (RASTER, DATE_PARTS) is filled once where it is declared.
            .filter((name) => !/^[A-Z][A-Z0-9_]*$/.test(name))
            .map((name) => `${path.relative(SRC, file)}:${name}`),
        ),
    );
    expect(found.sort()).toEqual(Object.keys(MODULE_STATE).sort());
  });
});
