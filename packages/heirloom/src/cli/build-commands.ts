// The commands that read the site and report on it: `build` (writes the output folder; with --json, its report
// as JSON for CI) and `check` (writes nothing). Both run with the project's .env files read. Each loads what
// it runs when it runs, so `--help` starts quickly.
import path from "node:path";
import type { Command } from "commander";
import type { BuildResult } from "../pipeline/build.ts";
import { errorsOf, printable } from "../errors/errors.ts";
import { withEnvFiles } from "./env-files.ts";
import type { Io } from "./io.ts";

type Color = (stream: { isTTY?: boolean }) => boolean;

/** Adds `build` and `check` to the program. */
export function addBuildCommands(program: Command, io: Io, color: Color): void {
  program
    .command("build")
    .description("Render every route into the output folder (default dist/).")
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .option("-o, --out <dir>", "output folder, relative to the project folder", "dist")
    .option("--base <path>", "base path for hosting under a sub-path, such as /heirloom/")
    .option("--site-url <url>", "absolute URL of the published site, such as https://heirloom.example")
    .option("--drafts", "include entries and pages marked draft: true")
    .option("--future", "include entries scheduled later than now (publishDate or date), marked scheduled: true")
    .option("--force", "replace a non-empty output folder that does not look like an earlier build")
    .option("--no-cache", "build from scratch instead of reusing the previous build's unchanged pages")
    .option(
      "--manifest <file>",
      "also write every published file with its size and SHA-256 to this JSON file, outside the output folder",
    )
    .option("--strict", "fail when a page uses what its Content-Security-Policy blocks, instead of warning")
    .option("--json", "print the build's report as JSON (routes, sizes, site hash, warnings; problems on failure)")
    .option("--debug", "print stack traces")
    .action(
      async (opts: {
        root: string;
        out: string;
        base?: string;
        siteUrl?: string;
        drafts?: boolean;
        future?: boolean;
        force?: boolean;
        cache: boolean;
        manifest?: string;
        json?: boolean;
        strict?: boolean;
      }) => {
        const [{ build }, { formatReport }, { createProgress }] = await Promise.all([
          import("../pipeline/build.ts"),
          import("../output/report.ts"),
          import("./progress.ts"),
        ]);
        const { root, out: outDir, base, siteUrl, drafts, future, force, cache, manifest } = opts;
        const progress = createProgress(io.stderr);
        const result = await build({
          root,
          outDir,
          base,
          siteUrl,
          drafts,
          future,
          force,
          cache,
          manifest,
          strict: opts.strict,
          env: withEnvFiles(path.resolve(root), "production", io.env),
          onProgress: opts.json ? undefined : progress.update,
          onNotice: (message) => io.stderr.write(`${printable(message)}\n`),
        }).finally(progress.end);
        printWarnings(result.warnings, io, color);
        if (opts.json) io.stdout.write(jsonText(jsonReport(result)));
        else io.stdout.write(`${formatReport(result, { color: color(io.stdout) })}\n`);
      },
    );

  program
    .command("check")
    .description(
      "Validate all content, every internal link and the types of site.config.ts and templates/, " +
        "without writing anything.",
    )
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .option("--base <path>", "base path to check the links with")
    .option("--drafts", "include entries and pages marked draft: true")
    .option("--future", "include entries scheduled later than now (publishDate or date), marked scheduled: true")
    .option("--strict", "fail when a page uses what its Content-Security-Policy blocks, instead of warning")
    .option("--debug", "print stack traces")
    .action(async (opts: { root: string; base?: string; drafts?: boolean; future?: boolean; strict?: boolean }) => {
      const { checkProject } = await import("../check/check.ts");
      const { pages, warnings } = await checkProject({
        root: opts.root,
        base: opts.base,
        drafts: opts.drafts,
        future: opts.future,
        strict: opts.strict,
        env: withEnvFiles(path.resolve(opts.root), "production", io.env),
      });
      printWarnings(warnings, io, color);
      // A status line, not a result: on stderr, so that `heirloom check && heirloom build --json` prints only JSON.
      io.stderr.write(
        `Checked ${pages} pages, their links, and the types of site.config.ts and templates/: no problems.\n`,
      );
    });
}

function printWarnings(warnings: string[], io: Io, color: Color): void {
  for (const warning of warnings)
    io.stderr.write(`${color(io.stderr) ? "\x1b[33mwarning\x1b[0m" : "warning"} ${printable(warning)}\n`);
}

/** The report of a build for programs (`build --json`): what `formatReport` prints for people. */
function jsonReport(result: BuildResult) {
  const rendered = new Set(result.rendered);
  return {
    ok: true,
    kept: result.kept ?? false,
    outDir: result.outDir,
    files: result.fileCount,
    siteHash: result.siteHash,
    durationMs: Math.round(result.durationMs),
    pages: result.routes.map(({ route, file, htmlBytes, jsBytes, cssBytes }) => ({
      route,
      file,
      gzip: { html: htmlBytes, js: jsBytes, css: cssBytes },
      rendered: rendered.has(route),
    })),
    ...(result.search ? { search: result.search } : {}),
    ...(result.held ? { held: result.held } : {}),
    warnings: result.warnings,
  };
}

/**
 * A failed build for programs (`build --json`): each problem with its code, the catalogue's entry (`id`), place,
 * hint and the documentation's page about it (`docsUrl`).
 */
export function jsonFailure(error: unknown): string {
  const known = errorsOf(error);
  const problems = known.length
    ? known.map(({ code, id, message, location, hint, docsUrl }) => ({ code, id, message, ...location, hint, docsUrl }))
    : [{ code: "Error", message: String((error as Error)?.message ?? error) }];
  return jsonText({ ok: false, problems });
}

/**
 * JSON for programs, safe to print: the same strings, with the characters `printable` escapes written as JSON
 * escapes (which JSON.stringify leaves raw for some), so a program reads the exact names and a terminal
 * shows them plainly.
 */
function jsonText(value: unknown): string {
  return `${printable(JSON.stringify(value, null, 2))}\n`;
}
