// KaTeX's stylesheet and its fonts, for a site with `markdown.math`: bundled by esbuild (the fonts as files under
// hashed names), the stylesheet at the path bodies link (katexStylesheetPath), so pages without math load none of it.
import { createRequire } from "node:module";
import path from "node:path";
import { katexStylesheetPath } from "../content/markdown/index.ts";
import { FILE_LOADERS, type OutputFile } from "./bundle.ts";

const require = createRequire(import.meta.url);

/** assets/katex-<hash>.css and the fonts it names (woff2, woff and ttf: a browser fetches the first it reads). */
export async function katexStyles(): Promise<OutputFile[]> {
  const { build } = await import("esbuild");
  const entry = require.resolve("katex/dist/katex.min.css");
  const result = await build({
    entryPoints: { katex: entry },
    bundle: true,
    minify: true,
    write: false,
    outdir: "/assets",
    assetNames: "[name]-[hash]",
    loader: FILE_LOADERS,
    logLevel: "silent",
  });
  const stylesheet = katexStylesheetPath();
  return (result.outputFiles ?? []).map((file) => {
    const name = path.posix.join("assets", path.basename(file.path));
    return { path: name.endsWith(".css") ? stylesheet : name, contents: file.contents };
  });
}
