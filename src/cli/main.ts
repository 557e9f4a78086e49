// The command line: the only module that knows argv, colours and exit codes (0 ok, 1 build failed, 2 bad usage).
import { Command, CommanderError } from "commander";
import { ENGINE_VERSION } from "../version.ts";
import { type FormatOptions, errorsOf, formatError } from "../errors/errors.ts";
import { type Io, defaultIo } from "./io.ts";
import { addServerCommands } from "./servers.ts";

/** Runs the CLI with full argv (node, script, ...args) and returns the exit code. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const color = (stream: { isTTY?: boolean }) => Boolean(stream.isTTY) && !io.env.NO_COLOR;
  let debug = argv.includes("--debug");
  const program = createProgram(io, color);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    debug ||= Boolean(io.env.DEBUG);
    // Only build writes: it says that nothing was written (the old output is as it was).
    const command = argv.slice(2).find((a) => !a.startsWith("-"));
    printFailure(error, io, { color: color(io.stderr), debug }, command === "build" ? "; nothing was written." : ".");
    return 1;
  }
}

function createProgram(io: Io, color: (s: { isTTY?: boolean }) => boolean): Command {
  const program = new Command("heirloom")
    .description(
      "Builds a static site from site.config.ts, content/ and templates/ into a folder any static host serves.",
    )
    .version(VERSION, "-v, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(`${s.trimEnd()}\n(run heirloom --help for usage)\n`),
    })
    .showSuggestionAfterError();

  program
    .command("build")
    .description("Render every route into the output folder (default dist/).")
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .option("-o, --out <dir>", "output folder, relative to the project folder", "dist")
    .option("--base <path>", "base path for hosting under a sub-path, such as /heirloom/")
    .option("--site-url <url>", "absolute URL of the published site, such as https://heirloom.example")
    .option("--drafts", "include entries and pages marked draft: true")
    .option("--force", "replace a non-empty output folder that does not look like an earlier build")
    .option("--no-cache", "build from scratch instead of reusing the previous build's unchanged pages")
    .option(
      "--manifest <file>",
      "also write every published file with its size and SHA-256 to this JSON file, outside the output folder",
    )
    .option("--debug", "print stack traces")
    .action(
      async (opts: {
        root: string;
        out: string;
        base?: string;
        siteUrl?: string;
        drafts?: boolean;
        force?: boolean;
        cache: boolean;
        manifest?: string;
      }) => {
        const [{ build }, { formatReport }, { createProgress }] = await Promise.all([
          import("../build/build.ts"),
          import("../output/report.ts"),
          import("./progress.ts"),
        ]);
        const { root, out: outDir, base, siteUrl, drafts, force, cache, manifest } = opts;
        const progress = createProgress(io.stderr);
        const result = await build({
          root,
          outDir,
          base,
          siteUrl,
          drafts,
          force,
          cache,
          manifest,
          env: io.env,
          onProgress: progress.update,
        }).finally(progress.end);
        for (const warning of result.warnings)
          io.stderr.write(`${color(io.stderr) ? "\x1b[33mwarning\x1b[0m" : "warning"} ${warning}\n`);
        io.stdout.write(`${formatReport(result, { color: color(io.stdout) })}\n`);
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
    .option("--debug", "print stack traces")
    .action(async (opts: { root: string; base?: string; drafts?: boolean }) => {
      const { checkProject } = await import("../check/check.ts");
      const { pages, warnings } = await checkProject({
        root: opts.root,
        base: opts.base,
        drafts: opts.drafts,
        env: io.env,
      });
      for (const warning of warnings)
        io.stderr.write(`${color(io.stderr) ? "\x1b[33mwarning\x1b[0m" : "warning"} ${warning}\n`);
      io.stdout.write(
        `Checked ${pages} pages, their links, and the types of site.config.ts and templates/: no problems.\n`,
      );
    });

  addServerCommands(program, io);
  return program;
}

function printFailure(error: unknown, io: Io, options: FormatOptions, ending: string): void {
  const known = errorsOf(error);
  if (known.length === 0) {
    const detail = options.debug && error instanceof Error ? error.stack : String((error as Error)?.message ?? error);
    io.stderr.write(`error: ${detail}\n(run again with --debug for the stack trace)\n`);
    return;
  }
  io.stderr.write(`${known.map((e) => formatError(e, options)).join("\n\n")}\n`);
  const count = known.length === 1 ? "1 problem" : `${known.length} problems`;
  io.stderr.write(`\n${count}${ending}\n`);
}

const VERSION = ENGINE_VERSION;
