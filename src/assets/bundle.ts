// Bundle stage: the client script and the stylesheet, minified by esbuild under content-hashed names;
// unchanged sources reuse the last result.
import path from "node:path";
import { esbuildError } from "./esbuild-error.ts";
import { metafileInputs, readStamped, writeStamped } from "./stamped-cache.ts";

/** A file to write into dist/, path relative to dist/. */
export interface OutputFile {
  path: string;
  contents: Uint8Array;
}

export interface BundledAssets {
  files: OutputFile[];
  /** dist-relative paths, such as assets/main-3F2A1B.js */
  script: string;
  stylesheet: string;
}

type CachedAssets = Omit<BundledAssets, "files"> & { files: Array<{ path: string; base64: string }> };

/** Bundles templates/islands/main.ts and templates/styles/site.css for browsers. */
/** `root` is the project root, against which error locations are given. */
export async function bundleAssets(templatesDir: string, root = path.dirname(templatesDir)): Promise<BundledAssets> {
  const cached = await readStamped<CachedAssets>("assets", templatesDir);
  if (cached) {
    const files = cached.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, "base64") }));
    return { files, script: cached.script, stylesheet: cached.stylesheet };
  }
  const started = Date.now() - 1;
  const { build } = await import("esbuild");
  const entryPoints = {
    main: path.join(templatesDir, "islands", "main.ts"),
    site: path.join(templatesDir, "styles", "site.css"),
  };
  try {
    const result = await build({
      entryPoints,
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      target: ["es2020", "chrome90", "firefox90", "safari14"],
      outdir: "assets",
      entryNames: "[name]-[hash]",
      assetNames: "[name]-[hash]",
      loader: { ".svg": "file", ".png": "file", ".woff2": "file" },
      legalComments: "none",
      logLevel: "silent",
      absWorkingDir: templatesDir,
      metafile: true,
    });
    const files = result.outputFiles.map((f) => ({
      path: path.relative(templatesDir, f.path).split(path.sep).join("/"),
      contents: f.contents,
    }));
    const find = (ext: string) => files.find((f) => f.path.endsWith(ext))!.path;
    const assets = { files, script: find(".js"), stylesheet: find(".css") };
    const stored: CachedAssets = { ...assets, files: files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString("base64") })) };
    await writeStamped("assets", templatesDir, metafileInputs(result.metafile, templatesDir), stored, started);
    return assets;
  } catch (error) {
    throw esbuildError(error, "the client script or stylesheet", templatesDir,
      "fix the script or CSS at that place; templates/islands/main.ts and templates/styles/site.css are the entry points.", templatesDir, root);
  }
}
