// Test helpers: throwaway projects (Heirloom's own, or the engine's small fixture site with a case laid
// over it) and builds into them.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { build } from "../../packages/heirloom/src/pipeline/build.ts";
import type { BuildOptions } from "../../packages/heirloom/src/config/options.ts";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
/** The engine's package in this repository, and its command. */
export const engineRoot = path.join(repoRoot, "packages", "heirloom");
export const cliPath = path.join(engineRoot, "bin", "heirloom.js");
export const templatesDir = path.join(repoRoot, "templates");
export const fixturesDir = path.join(repoRoot, "tests", "fixtures");

/** A copy of Heirloom's site.config.ts and content/; it is built with the repository's templates. */
export function makeProject(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "heirloom-site-"));
  cpSync(path.join(repoRoot, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(repoRoot, "site.config.ts"), path.join(root, "site.config.ts"));
  return root;
}

/**
 * A copy of examples/journal as its author wrote it, in a new folder named `prefix`-…: without the output or the
 * cache a build of it in place leaves (dist/, and node_modules/.cache, which would let a clean build reuse
 * compiled MDX); `keep` may leave out more.
 */
export function copyJournal(prefix = "heirloom-journal-", keep: (src: string) => boolean = () => true): string {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  const journal = path.join(repoRoot, "examples", "journal");
  const own = (src: string) => path.relative(journal, src).split(path.sep)[0];
  cpSync(journal, root, {
    recursive: true,
    filter: (src) => !["dist", "node_modules", ".heirloom"].includes(own(src)) && keep(src),
  });
  return root;
}

/**
 * A copy of the journal (see copyJournal) with `markdown` as its definition's markdown option and `text` after the
 * end of `post` (a file under it, such as "content/posts/x.md"); the line `text` starts on.
 */
export function journalWithText(prefix: string, markdown: string, post: string, text: string) {
  const root = copyJournal(prefix);
  const config = path.join(root, "site.config.ts");
  const definition = readFileSync(config, "utf8");
  writeFileSync(config, definition.replace("defineSite({", `defineSite({\n  markdown: ${markdown},`));
  const file = path.join(root, post);
  const before = readFileSync(file, "utf8");
  writeFileSync(file, `${before}\n${text}\n`);
  return { root, line: before.split("\n").length + 1 };
}

/**
 * A copy of the engine's fixture site (tests/fixtures/base) with each named case laid over it
 * (tests/fixtures/<case>/: files that replace or add to the base). Without a templates/ of its own,
 * it is built with the base's templates, so their compile is shared between tests.
 */
export function makeFixture(...cases: string[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), `heirloom-${cases.join("-") || "base"}-`));
  const baseDir = path.join(fixturesDir, "base");
  cpSync(baseDir, root, { recursive: true, filter: (src) => src !== path.join(baseDir, "templates") });
  for (const name of cases) {
    const dir = path.join(fixturesDir, name);
    if (!existsSync(dir)) throw new Error(`no fixture ${dir}`);
    cpSync(dir, root, { recursive: true });
  }
  return root;
}

/** Replaces `from` with `to` in a file of the project; a file without `from` fails the test. */
export function editFile(root: string, file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(path.join(root, file), "utf8");
  expect(text).toMatch(from);
  writeFileSync(path.join(root, file), text.replace(from, to));
}

/**
 * Adds to the fixture at `root` a collection `name` made by `load` (its source text), with markdown bodies and a
 * title, each entry shown by the "prose" template at `/<name>/:slug`.
 */
export function addLoadedCollection(root: string, name: string, load: string): void {
  editFile(
    root,
    "site.config.ts",
    "    notes: defineCollection({",
    `    ${name}: defineCollection({
      load: ${load},
      body: "markdown",
      schema: z.strictObject({ title: text }),
    }),
    notes: defineCollection({`,
  );
  editFile(
    root,
    "site.config.ts",
    'entries: [{ collection: "notes", path: "/notes/:slug", template: "note" }]',
    'entries: [{ collection: "notes", path: "/notes/:slug", template: "note" }, ' +
      `{ collection: "${name}", path: "/${name}/:slug", template: "prose" }]`,
  );
}

/** Gives a project its own copy of the templates it is built with (to edit them in a test); returns the folder. */
export function ownTemplates(root: string): string {
  const own = path.join(root, "templates");
  if (!existsSync(own)) cpSync(templatesFor(root), own, { recursive: true });
  return own;
}

/** Builds a project in an empty environment; without templates/ of its own it uses the right shared ones. */
export function buildProject(root: string, options: BuildOptions = {}) {
  return build({ root, templatesDir: templatesFor(root), env: {}, ...options });
}

/** The project's own templates/, or the shared ones of its kind (Heirloom's or the fixture base's). */
export function templatesFor(root: string): string {
  if (existsSync(path.join(root, "templates"))) return path.join(root, "templates");
  return existsSync(path.join(root, "content", "notes")) ? path.join(fixturesDir, "base", "templates") : templatesDir;
}

/**
 * A file for `node --require` that makes a process print "loaded <name>" to stderr for every module it requires
 * whose name matches `watched` (a package's version read from its package.json loads nothing of it, and is not
 * printed).
 */
export function moduleTrap(watched: RegExp): string {
  const trap = path.join(mkdtempSync(path.join(os.tmpdir(), "heirloom-trap-")), "trap.cjs");
  writeFileSync(
    trap,
    'const Module = require("node:module"); const load = Module._load;\n' +
      "Module._load = function (request, ...rest) {\n" +
      `  if (${watched}.test(request)) process.stderr.write(\`loaded \${request}\\n\`);\n` +
      "  return load.call(this, request, ...rest);\n};\n",
  );
  return trap;
}

/** A build by the command (`flags` added) with the module trap of `watched` (see moduleTrap). */
export function buildWatched(root: string, watched: RegExp, ...flags: string[]) {
  const trap = moduleTrap(watched);
  return spawnSync(process.execPath, ["--require", trap, cliPath, "build", "--root", root, ...flags], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1" },
  });
}

/**
 * The fixture site with its own templates and the case `name` (tests/fixtures/<name>/) laid over them, its page
 * template `Component` (of `<Component>.tsx` there) registered as `template`.
 */
function fixtureWithPage(name: string, template: string, component: string): string {
  const root = makeFixture();
  ownTemplates(root);
  cpSync(path.join(fixturesDir, name), root, { recursive: true });
  const index = path.join(root, "templates", "index.ts");
  const text = readFileSync(index, "utf8").replace(
    '"not-found": NotFound',
    `"not-found": NotFound, ${template}: ${component}`,
  );
  writeFileSync(index, `import { ${component} } from "./${component}.tsx";\n${text}`);
  return root;
}

/** The fixture site with its own templates and the islands case (tests/fixtures/islands) laid over them: a page at
 * /islands with the template "islands". */
export function makeIslandFixture(): string {
  return fixtureWithPage("islands", "islands", "IslandsPage");
}

/**
 * The fixture site with `search: true`, its own templates and the search case (tests/fixtures/search) laid over
 * them: a page at /search with the template "search", which renders <Search />.
 */
export function makeSearchFixture(): string {
  const root = fixtureWithPage("search", "search", "SearchPage");
  editFile(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  search: true,');
  return root;
}
