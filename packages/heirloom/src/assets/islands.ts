// The islands' browser bundle, apart from the client script: one esbuild build (ES modules, code-split,
// minified, content-hashed, React in production mode) of the loader, the runtime and one module per island of
// templates/interactive/, into assets/islands/. React comes from the engine's own install, the copy that renders
// the pages. Unchanged sources reuse the last result.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { ImportKind, Plugin } from "esbuild";
import { esbuildError } from "../compile/esbuild-error.ts";
import { esbuildScope, readStamped, recordInputs, writeStamped } from "../compile/stamped-cache.ts";
import { siteFolderPlugin } from "../compile/site-folder.ts";
import { compiledParts } from "../errors/catalogue.ts";
import { ENGINE_KEY } from "../version.ts";
import type { IslandFile } from "../render/island-files.ts";
import type { OutputFile } from "./bundle.ts";
import { CLIENT_SOURCES } from "./island-client.ts";

export interface BundledIslands {
  files: OutputFile[];
  /** dist-relative path of the loader; absent for a site without islands. */
  loader?: string;
  /** Each island's module, dist-relative, by name. */
  modules: Record<string, string>;
  /** By island: its module, the runtime and every module they import (what hydrating it loads). */
  preload: Record<string, string[]>;
  /** What each module imports, statically or when it runs (the loader, the runtime): what loading it loads. */
  imports: Record<string, string[]>;
  /** Each file's gzipped size (level 9) for the build's report, made and cached with the bundle: not every build. */
  gzipBytes: Record<string, number>;
  /** The files the bundle was made from: a change to one of them makes it again. */
  inputs: string[];
}

type Cached = Omit<BundledIslands, "files"> & { files: Array<{ path: string; base64: string }> };

const NONE: BundledIslands = { files: [], modules: {}, preload: {}, imports: {}, gzipBytes: {}, inputs: [] };

/** Bundles the islands for browsers; `root` is the project root, against which error locations are given. */
export async function bundleIslands(
  islands: IslandFile[],
  templatesDir: string,
  root: string,
  cacheDir: string,
): Promise<BundledIslands> {
  if (islands.length === 0) return NONE;
  const entryPoints = {
    loader: "heirloom-islands:loader",
    ...Object.fromEntries(islands.map((i) => [i.name, i.file])),
  };
  // The engine's key: its plugins shape the result too.
  const scope = esbuildScope(templatesDir, entryPoints, OPTIONS, CLIENT_SOURCES, ENGINE_KEY);
  const cached = await readStamped<Cached>(cacheDir, "islands", scope);
  if (cached)
    return { ...cached, files: cached.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, "base64") })) };
  const { build } = await import("esbuild");
  const recorder = recordInputs();
  try {
    const plugins = [siteFolderPlugin([root, templatesDir]), clientModules(), engineReact(), recorder.plugin];
    const result = await build({ ...OPTIONS, entryPoints, absWorkingDir: templatesDir, plugins });
    const files = (result.outputFiles ?? []).map((f) => ({
      path: path.relative(templatesDir, f.path).split(path.sep).join("/"),
      contents: f.contents,
    }));
    const inputs = [...recorder.inputs.keys()];
    const bundled = describe(result.metafile!.outputs, islands, templatesDir, { files, inputs });
    const stored: Cached = {
      ...bundled,
      files: files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString("base64") })),
    };
    await writeStamped(cacheDir, "islands", scope, recorder.inputs, stored);
    return bundled;
  } catch (error) {
    const { what, hint } = compiledParts.islands;
    throw esbuildError(error, what, templatesDir, hint, templatesDir, root);
  }
}

type Outputs = Record<string, { entryPoint?: string; imports: Array<{ path: string; kind: string }> }>;

/** The loader, each island's module and the import graph, from esbuild's metafile (paths relative to templates/). */
function describe(
  outputs: Outputs,
  islands: IslandFile[],
  templatesDir: string,
  made: Pick<BundledIslands, "files" | "inputs">,
): BundledIslands {
  const imports: Record<string, string[]> = {};
  const byEntry = new Map<string, string>();
  for (const [file, output] of Object.entries(outputs)) {
    imports[file] = output.imports.map((i) => i.path);
    if (output.entryPoint) byEntry.set(output.entryPoint, file);
  }
  const find = (entry: string) => [...byEntry].find(([point]) => point.endsWith(entry))?.[1];
  const loader = find("heirloom-islands:loader")!;
  const modules = Object.fromEntries(
    islands.map((island) => [island.name, find(path.relative(templatesDir, island.file).split(path.sep).join("/"))!]),
  );
  const preload = Object.fromEntries(
    islands.map(({ name }) => [name, closure([modules[name], ...imports[loader]], imports)]),
  );
  const gzipBytes = Object.fromEntries(made.files.map((f) => [f.path, gzipSync(f.contents, { level: 9 }).length]));
  return { ...made, loader, modules, preload, imports, gzipBytes };
}

/** A module and everything it loads, in the order found. */
export function closure(start: string[], imports: Record<string, string[]>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of imports[file] ?? []) visit(next);
  };
  start.forEach(visit);
  return [...seen];
}

/** The loader and the runtime, written in island-client.ts, as modules of the bundle. */
function clientModules(): Plugin {
  return {
    name: "heirloom-island-client",
    setup(build) {
      // Named by their own names (loader-<hash>.js, runtime-<hash>.js).
      build.onResolve({ filter: /^heirloom-islands:/ }, (args) => ({
        path: args.path.slice("heirloom-islands:".length),
        namespace: "heirloom-islands",
      }));
      build.onLoad({ filter: /.*/, namespace: "heirloom-islands" }, (args) => ({
        contents: CLIENT_SOURCES[args.path],
        loader: "js",
        resolveDir: build.initialOptions.absWorkingDir,
      }));
      // The engine runs at build time only: an island that imports it would bundle it for the browser.
      build.onResolve({ filter: /^heirloom(?:\/|$)/ }, () => ({
        errors: [
          {
            text:
              'An island cannot import "heirloom": the engine runs at build time only. Import its types with ' +
              "`import type`, and pass what the island needs as props.",
          },
        ],
      }));
    },
  };
}

const engineRequire = createRequire(import.meta.url);

/**
 * React, react-dom and scheduler from the engine's install: the copy that renders the pages. Their files are
 * named in the bundle by their path under node_modules ("react/cjs/react.production.js"), in a namespace of their
 * own, so the modules' hashed names do not depend on where the site is in relation to the engine.
 */
function engineReact(): Plugin {
  const NAMESPACE = "heirloom-engine";
  return {
    name: "heirloom-engine-react",
    setup(build) {
      const stable = async (specifier: string, resolveDir: string, kind: ImportKind) => {
        const found = await build.resolve(specifier, { kind, resolveDir, pluginData: "engine" });
        if (found.errors.length > 0) return found;
        const at = found.path.lastIndexOf(`${path.sep}node_modules${path.sep}`);
        const name = found.path
          .slice(at + "/node_modules/".length)
          .split(path.sep)
          .join("/");
        return { path: name, namespace: NAMESPACE, pluginData: found.path };
      };
      build.onResolve({ filter: /^(?:react|react-dom|scheduler)(?:\/|$)/ }, async (args) => {
        if (args.pluginData === "engine") return undefined;
        const name = args.path.split("/")[0];
        return stable(args.path, path.dirname(engineRequire.resolve(`${name}/package.json`)), args.kind);
      });
      // What those files require (./cjs/..., scheduler) is theirs too.
      build.onResolve({ filter: /.*/, namespace: NAMESPACE }, (args) => stable(args.path, args.resolveDir, args.kind));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
        contents: await readFile(args.pluginData as string),
        loader: "js",
        resolveDir: path.dirname(args.pluginData as string),
      }));
    },
  };
}

const OPTIONS = {
  bundle: true,
  splitting: true,
  minify: true,
  write: false,
  metafile: true,
  format: "esm",
  jsx: "automatic",
  // Safari from 15: esbuild cannot write 14's workaround for destructured parameters, which components all use.
  target: ["es2020", "chrome90", "firefox90", "safari15"] as string[],
  outdir: "assets/islands",
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "silent",
} as const;
