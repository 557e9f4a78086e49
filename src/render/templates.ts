// Compiles templates/ (TSX) with esbuild and imports the result; unchanged templates reuse the last compile.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { ComponentType, ReactNode } from "react";
import type { PageProps } from "../../templates/types.ts";
import { cacheDir } from "../assets/cache.ts";
import { metafileInputs, readStamped, writeStamped } from "../assets/stamped-cache.ts";
import { esbuildError } from "../assets/esbuild-error.ts";
import type { Page } from "../content/schema.ts";

export interface Templates {
  Document: ComponentType<PageProps & { children?: ReactNode }>;
  pages: Record<Page["template"], ComponentType<PageProps>>;
}


/**
 * Bundles templates/index.ts as CommonJS (React stays external, shared with the renderer) and requires it:
 * loading through require skips the ES module loader's work on every build. `root` is the project root,
 * against which error locations are given.
 */
export async function compileTemplates(templatesDir: string, root = path.dirname(templatesDir)): Promise<Templates> {
  const cached = await readStamped<{ file: string }>("templates", templatesDir);
  if (cached && existsSync(cached.file)) return load(cached.file);

  const started = Date.now() - 1;
  const { build } = await import("esbuild");
  const entry = path.join(templatesDir, "index.ts");
  let code: string;
  let inputs: string[];
  try {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: "node",
      format: "cjs",
      target: "node20",
      jsx: "automatic",
      packages: "external",
      logLevel: "silent",
      metafile: true,
      absWorkingDir: templatesDir,
    });
    code = result.outputFiles[0].text;
    inputs = metafileInputs(result.metafile, templatesDir);
  } catch (error) {
    throw esbuildError(error, "the templates", entry, "fix the TypeScript/JSX at that place; templates are compiled on every build.", templatesDir, root);
  }
  // A content-addressed file name: an unchanged template reuses Node's module cache,
  // a changed one gets a fresh module.
  const file = path.join(cacheDir, `templates-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.cjs`);
  await mkdir(cacheDir, { recursive: true });
  // Written under a private name and renamed: another build may be importing the same file right now.
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, file);
  await writeStamped("templates", templatesDir, inputs, { file }, started);
  return load(file);
}

const requireCompiled = createRequire(import.meta.url);

function load(file: string): Templates {
  return requireCompiled(file) as Templates;
}
