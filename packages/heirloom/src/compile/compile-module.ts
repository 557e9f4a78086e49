// Compiles a site's TypeScript (site.config.ts, templates/index.ts) with esbuild to CommonJS and loads it.
// Bare imports named in `modules` (the engine hands in "heirloom" and "zod") resolve to the objects given, so
// a site shares the running engine's instances.
// Unchanged sources reuse the last compile: nothing is compiled when no input changed. Each compile keeps its
// source map beside it, so an error thrown in the module, as it loads or later, is told at the line the author wrote.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { ENGINE_KEY } from "../version.ts";
import { markCacheUsed } from "./cache.ts";
import { esbuildError } from "./esbuild-error.ts";
import { esbuildScope, hashFile, readStamped, recordInputs, writeStamped } from "./stamped-cache.ts";
import { siteFolderPlugin } from "./site-folder.ts";
import type { SourceLocation } from "../errors/errors.ts";
import { type EnvReads, runSiteCode, sameEnv } from "./site-code.ts";
import { stackLocator } from "./stack-location.ts";

/** The site a module is compiled for: where it is, where its compiles are kept, what the engine hands in. */
export interface CompileContext {
  /** The project root: error locations are given relative to it, and packages resolve from it. */
  root: string;
  /** The site's cache folder: compiled modules are kept there. */
  cacheDir: string;
  /** What the module gets for these bare imports instead of a package (the same objects in every module). */
  modules: Record<string, unknown>;
  /** The modules evaluated so far, kept by whoever compiles the site (a build, a dev server); without, none is. */
  loaded?: LoadedModules;
}

export interface CompileRequest extends CompileContext {
  /** Cache entry name, such as "definition" or "templates". */
  name: string;
  /** The entry file (absolute). */
  entry: string;
  /** What is compiled, for messages ("the site definition"). */
  what: string;
  /** What to do when it does not compile. */
  hint: string;
  /** Code compiled as if written at the end of the entry (its own lines keep their numbers). */
  append?: string;
  /**
   * What to throw when the module throws as it is loaded, given where in the site's source it threw (when its
   * stack tells); what it threw is thrown as it is without this.
   */
  loadFailed?(error: unknown, at: SourceLocation | undefined): unknown;
}

/** Modules evaluated, by compiled file and root, each with the environment variables it read as it loaded. */
export type LoadedModules = Map<string, { exports: Record<string, unknown>; env: EnvReads }>;

export interface CompiledModule {
  exports: Record<string, unknown>;
  /** A hash of the compiled code and the variables it read as it loaded: it changes whenever its output can. */
  hash: string;
  /** The site file, line and column an error thrown by the module's code was thrown at, when it can tell. */
  locate(error: unknown): SourceLocation | undefined;
}

/** The module's exports; compiled only when one of the files it was built from changed. */
export async function compileModule(request: CompileRequest): Promise<CompiledModule> {
  // Everything that shapes the output is in the key: the entry, esbuild's version and options, this engine's.
  const scope = esbuildScope(request.entry, ENGINE_KEY, OPTIONS, request.append ?? "");
  const { cacheDir } = request;
  const cached = await readStamped<{ file: string }>(cacheDir, request.name, scope);
  if (cached && existsSync(cached.file)) {
    await markCacheUsed(cached.file, `${cached.file}.map`);
    return compiled(cached.file, request);
  }

  const { build } = await import("esbuild");
  // tsconfig.json files shape the compile too (jsx, paths); hashed before esbuild reads them.
  const configs = tsconfigsOf(request.entry, request.root);
  const inputs = new Map(
    await Promise.all(configs.map(async (file) => [file, await hashFile(file)] as [string, string])),
  );
  const recorder = recordInputs(request.append ? { [request.entry]: request.append } : {});
  let code: string;
  let map: string;
  try {
    const result = await build({
      ...OPTIONS,
      entryPoints: [request.entry],
      absWorkingDir: request.root,
      // Never written (write: false); it places the map's sources relative to the root.
      outfile: path.join(request.root, `${request.name}.cjs`),
      plugins: [siteFolderPlugin([request.root, path.dirname(request.entry)]), recorder.plugin],
    });
    const files = result.outputFiles!;
    code = files.find((f) => !f.path.endsWith(".map"))!.text;
    map = files.find((f) => f.path.endsWith(".map"))?.text ?? "";
  } catch (error) {
    throw esbuildError(error, request.what, request.entry, request.hint, request.root, request.root);
  }
  // A content-addressed name: an unchanged module is found in this process's cache, a changed one is new.
  const file = path.join(
    cacheDir,
    `${request.name}-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.cjs`,
  );
  await mkdir(cacheDir, { recursive: true });
  // Written under private names and renamed: another build may be loading the same files right now. The
  // map first: a module found is always found with its map.
  await replaceFile(`${file}.map`, map);
  await replaceFile(file, code);
  await writeStamped(cacheDir, request.name, scope, new Map([...inputs, ...recorder.inputs]), { file });
  return compiled(file, request);
}

function compiled(file: string, request: CompileRequest): CompiledModule {
  const locate = stackLocator(file, request.root);
  let module: { exports: Record<string, unknown>; env: EnvReads };
  try {
    module = load(file, request);
  } catch (error) {
    throw request.loadFailed ? request.loadFailed(error, locate(error)) : error;
  }
  const { exports, env } = module;
  const hash =
    Object.keys(env).length === 0 ? hashOfFile(file) : hashOfText(`${hashOfFile(file)}${JSON.stringify(env)}`);
  return { exports, hash, locate };
}

const hashOfText = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** The hash in a compiled file's content-addressed name. */
function hashOfFile(file: string): string {
  return /-([0-9a-f]{16})\.cjs$/.exec(file)?.[1] ?? file;
}

/** Every tsconfig.json esbuild may read for the entry: in its folder and each folder up to the root. */
function tsconfigsOf(entry: string, root: string): string[] {
  const files: string[] = [];
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    files.push(path.join(dir, "tsconfig.json"));
    if (dir === root || dir === path.dirname(dir) || path.relative(root, dir).startsWith("..")) return files;
  }
}

const OPTIONS = {
  bundle: true,
  write: false,
  platform: "node",
  format: "cjs",
  target: "node20",
  jsx: "automatic",
  sourcemap: "external",
  sourcesContent: false,
  // React, zod and the engine come from the running engine: one instance each. "heirloom" is named too,
  // because a tsconfig `paths` entry for editors would otherwise bundle a second copy of the engine.
  packages: "external",
  external: ["heirloom"] as string[],
  logLevel: "silent",
} as const;

/** React's packages, which a site's modules share with the engine that renders them: one instance. */
const SHARED = /^react(?:-dom)?(?:\/|$)/;
const engineRequire = createRequire(import.meta.url);

/**
 * Evaluates a compiled CommonJS file once for `loaded` (again when a variable it read as it loaded changed): the
 * bare imports in `modules` are mapped to them, React is the engine's, and any other package resolves from the
 * site's folder, as the site installed it.
 */
function load(file: string, request: Pick<CompileRequest, "modules" | "root" | "loaded" | "entry">) {
  const { modules, root, loaded } = request;
  const key = `${file}\0${root}`;
  const known = loaded?.get(key);
  if (known && sameEnv(known.env)) return known;
  const base = createRequire(path.join(root, "package.json"));
  const require = (id: string) =>
    Object.hasOwn(modules, id) ? modules[id] : SHARED.test(id) ? engineRequire(id) : base(id);
  const module = { exports: {} as Record<string, unknown> };
  const run = vm.compileFunction(
    readFileSync(file, "utf8"),
    ["exports", "require", "module", "__filename", "__dirname"],
    { filename: file },
  );
  // Run as site code: a call of process.exit as it loads throws, told at its line by the caller. No budget stops
  // it (a module stopped half-loaded could stay so in require's cache): a top level that never ends is stopped with
  // its thread (stall.ts).
  const entry = path.relative(root, request.entry).split(path.sep).join("/");
  const { env } = runSiteCode(
    () => run(module.exports, Object.assign(require, { resolve: base.resolve }), module, file, path.dirname(file)),
    { file: entry, running: `the top-level code of ${entry} (or a module it imports)` },
  );
  const made = { exports: module.exports, env };
  loaded?.set(key, made);
  return made;
}
