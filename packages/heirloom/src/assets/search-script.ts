// The search box's browser script (search-client.ts), minified by esbuild and named after its bytes:
// assets/search-<hash>.js, published only by a site with `search: true`.
import { hash } from "node:crypto";
import type { OutputFile } from "./bundle.ts";
import { SEARCH_CLIENT } from "./search-client.ts";

/** The script pages that render <Search /> load, as a file of the output. */
export async function searchScript(): Promise<OutputFile> {
  const { transform } = await import("esbuild");
  const { code } = await transform(SEARCH_CLIENT, {
    format: "esm",
    minify: true,
    target: ["es2020", "chrome90", "firefox90", "safari15"],
    legalComments: "none",
  });
  const name = hash("sha256", code).slice(0, 8).toUpperCase();
  return { path: `assets/search-${name}.js`, contents: Buffer.from(code) };
}
