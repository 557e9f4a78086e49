// Bundle stage: the client script and the stylesheet, minified by esbuild under content-hashed names;
// unchanged sources reuse the last result.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "esbuild";
import { esbuildError } from "../compile/esbuild-error.ts";
import { siteFolderPlugin } from "../compile/site-folder.ts";
import { checkSvg } from "./svg-safety.ts";
import { compiledParts } from "../errors/catalogue.ts";
import { esbuildScope, readStamped, recordInputs, writeStamped } from "../compile/stamped-cache.ts";

/** A file to write into dist/, path relative to dist/. */
export interface OutputFile {
  path: string;
  contents: Uint8Array;
}

export interface BundledAssets {
  files: OutputFile[];
  /** dist-relative paths, such as assets/main-3F2A1B.js; absent when the site has no such entry. */
  script?: string;
  stylesheet?: string;
  /** What esbuild warned about (a stylesheet with an unclosed rule), each at "file:line:column: ". */
  warnings?: string[];
}

type CachedAssets = Omit<BundledAssets, "files"> & { files: Array<{ path: string; base64: string }> };

/** The client entries, each optional: the script and the stylesheet every page may load. */
const ENTRIES = { main: "islands/main.ts", site: "styles/site.css" } as const;

/**
 * Bundles templates/islands/main.ts and templates/styles/site.css (those that exist) for browsers.
 * `root` is the project root, against which error locations are given; `cacheDir`, the site's cache.
 */
export async function bundleAssets(templatesDir: string, root: string, cacheDir: string): Promise<BundledAssets> {
  const entryPoints = Object.fromEntries(
    Object.entries(ENTRIES)
      .map(([name, file]) => [name, path.join(templatesDir, file)])
      .filter(([, file]) => existsSync(file)),
  );
  if (Object.keys(entryPoints).length === 0) return { files: [] };
  const scope = esbuildScope(templatesDir, Object.keys(entryPoints), OPTIONS);
  const cached = await readStamped<CachedAssets>(cacheDir, "assets", scope);
  if (cached) {
    const files = cached.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, "base64") }));
    return { files, script: cached.script, stylesheet: cached.stylesheet, warnings: cached.warnings };
  }
  const { build } = await import("esbuild");
  const recorder = recordInputs();
  try {
    const plugins = [siteFolderPlugin([root, templatesDir]), safeSvgs(root), recorder.plugin];
    const result = await build({ ...OPTIONS, entryPoints, absWorkingDir: templatesDir, plugins });
    const files = (result.outputFiles ?? []).map((f) => ({
      path: path.relative(templatesDir, f.path).split(path.sep).join("/"),
      contents: f.contents,
    }));
    const find = (ext: string) => files.find((f) => f.path.endsWith(ext))?.path;
    const assets = {
      files,
      script: find(".js"),
      stylesheet: find(".css"),
      warnings: result.warnings.map((w) => located(w, templatesDir, root)),
    };
    const stored: CachedAssets = {
      ...assets,
      files: files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString("base64") })),
    };
    await writeStamped(cacheDir, "assets", scope, recorder.inputs, stored);
    return assets;
  } catch (error) {
    const { what, hint } = compiledParts.assets;
    throw esbuildError(error, what, templatesDir, hint, templatesDir, root);
  }
}

/** Refuses an SVG the stylesheet or script names (published under assets/) that holds what runs code. */
function safeSvgs(root: string): Plugin {
  return {
    name: "heirloom-safe-svg",
    setup(build) {
      build.onLoad({ filter: /\.svg$/i, namespace: "file" }, async (args) => {
        try {
          checkSvg(await readFile(args.path), path.relative(root, args.path).split(path.sep).join("/"));
          return undefined;
        } catch (error) {
          return { errors: [{ text: (error as Error).message, detail: { error } }] };
        }
      });
    },
  };
}

/** "templates/styles/site.css:3:1: Expected ..." (esbuild's columns are 0-based, ours 1-based). */
function located(
  warning: { text: string; location?: { file: string; line: number; column: number } | null },
  workingDir: string,
  root: string,
): string {
  const at = warning.location;
  const where = at
    ? `${path.relative(root, path.resolve(workingDir, at.file)).split(path.sep).join("/")}:` +
      `${at.line}:${at.column + 1}: `
    : "";
  return `${where}${warning.text} (esbuild kept the stylesheet as it could read it; check that rule).`;
}

/** What a stylesheet may name (fonts, pictures), each published as a file of its own under a hashed name. */
export const FILE_LOADERS = Object.fromEntries(
  [".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico", ".woff2", ".woff", ".ttf", ".otf", ".eot"].map(
    (ext) => [ext, "file"],
  ),
) as Record<string, "file">;

const OPTIONS = {
  bundle: true,
  minify: true,
  write: false,
  format: "esm",
  target: ["es2020", "chrome90", "firefox90", "safari14"] as string[],
  outdir: "assets",
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  loader: FILE_LOADERS,
  legalComments: "none",
  logLevel: "silent",
} as const;
