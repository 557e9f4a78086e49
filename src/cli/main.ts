// The command line: the only module that knows argv, colours and exit codes (0 ok, 1 build failed, 2 bad usage).
import { isMainThread, workerData } from "node:worker_threads";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { ENGINE_VERSION } from "../version.ts";
import { type FormatOptions, errorsOf, formatError } from "../errors.ts";

// Started again as a worker thread in the "parse" role, this compiled file reads content files for a build.
if (!isMainThread && (workerData as { heirloom?: string } | null)?.heirloom === "parse") {
  void import("../content/parse-pool.ts").then((pool) => pool.serveParseRequests());
}

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Resolves when a long-running command (preview) should stop. */
  untilStopped: () => Promise<void>;
}

const defaultIo: Io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped: () => new Promise((resolve) => ["SIGINT", "SIGTERM"].forEach((s) => process.once(s, () => resolve()))),
};

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
    printFailure(error, io, { color: color(io.stderr), debug });
    return 1;
  }
}

function createProgram(io: Io, color: (s: { isTTY?: boolean }) => boolean): Command {
  const program = new Command("heirloom")
    .description("Builds a static site from site.config.ts, content/ and templates/ into a folder any static host serves.")
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
    .option("--manifest <file>", "also write every published file with its size and SHA-256 to this JSON file, outside the output folder")
    .option("--debug", "print stack traces")
    .action(async (opts: { root: string; out: string; base?: string; siteUrl?: string; drafts?: boolean; force?: boolean; cache: boolean; manifest?: string }) => {
      const [{ build }, { formatReport }, { createProgress }] = await Promise.all([import("../build.ts"), import("../output/report.ts"), import("./progress.ts")]);
      const { root, out: outDir, base, siteUrl, drafts, force, cache, manifest } = opts;
      const progress = createProgress(io.stderr);
      const result = await build({ root, outDir, base, siteUrl, drafts, force, cache, manifest, env: io.env, onProgress: progress.update }).finally(progress.end);
      for (const warning of result.warnings) io.stderr.write(`${color(io.stderr) ? "\x1b[33mwarning\x1b[0m" : "warning"} ${warning}\n`);
      io.stdout.write(`${formatReport(result, { color: color(io.stdout) })}\n`);
    });

  program
    .command("check")
    .description("Validate all content and every internal link without writing anything.")
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .option("--base <path>", "base path to check the links with")
    .option("--drafts", "include entries and pages marked draft: true")
    .option("--debug", "print stack traces")
    .action(async (opts: { root: string; base?: string; drafts?: boolean }) => {
      const { checkSite } = await import("../build.ts");
      const { pages } = await checkSite({ root: opts.root, base: opts.base, drafts: opts.drafts, env: io.env });
      io.stdout.write(`Checked ${pages} pages and their links: no problems.\n`);
    });

  program
    .command("dev")
    .description("Build in memory (drafts included), serve on 127.0.0.1, rebuild on every change and reload open pages.")
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .addOption(new Option("-p, --port <n>", "port (0 picks a free one)").default(4321).argParser(parsePort))
    .action(async (opts: { root: string; port: number }) => {
      const { startDev } = await import("../serve/dev.ts");
      const say = (s: string) => io.stderr.write(`${s}\n`);
      const dev = await startDev({
        root: opts.root,
        port: opts.port,
        env: io.env,
        onEvent: (e) =>
          e.type === "built"
            ? say(`built in ${e.ms.toFixed(0)} ms${e.changed?.length ? ` (${e.changed.length} file${e.changed.length === 1 ? "" : "s"} changed; ${e.redone.length ? `redid ${e.redone.join(" and ")}` : "content only"})` : ""}`)
            : say(`${e.message}\n(waiting for a fix; the server stays up)`),
      });
      io.stdout.write(`Dev server at ${dev.url}\nWatching site.config.ts, content/ and templates/. Press Ctrl+C to stop.\n`);
      await io.untilStopped();
      await dev.close();
    });

  program
    .command("preview")
    .description("Serve the built site on 127.0.0.1 with local receivers for the site's forms.")
    .option("--root <dir>", "project folder holding site.config.ts and the build", ".")
    .option("-o, --out <dir>", "folder to serve, relative to the project folder", "dist")
    .addOption(new Option("-p, --port <n>", "port (0 picks a free one)").default(4173).argParser(parsePort))
    .option("--base <path>", "base path the site was built with", "/")
    .action(async (opts: { root: string; out: string; port: number; base: string }) => {
      const [{ startPreview }, { DEFINITION_FILE, loadSite }, path, { existsSync }] = await Promise.all([
        import("../serve/preview.ts"),
        import("../config/site.ts"),
        import("node:path"),
        import("node:fs"),
      ]);
      const root = path.resolve(opts.root);
      // The forms' local receivers come from the definition; a folder without one is served as it is.
      const { forms } = existsSync(path.join(root, DEFINITION_FILE)) ? await loadSite(root) : { forms: [] };
      const preview = await startPreview({
        outDir: path.resolve(root, opts.out),
        root,
        forms,
        port: opts.port,
        base: opts.base,
        events: {
          onReceived: (form, outcome, masked) => io.stderr.write(`${form}: ${outcome} ${masked}\n`),
          onDamagedLine: (file, line, reason) => io.stderr.write(`warning ${path.relative(root, file)}:${line} is skipped: ${reason}.\n`),
          onError: (form, error) => io.stderr.write(`error: could not store an entry of ${form}: ${(error as Error).message}\n`),
        },
      });
      const entries = preview.formFiles.map((f) => `Form entries go to ${path.relative(process.cwd(), f)}\n`).join("");
      io.stdout.write(`Serving ${opts.out} at ${preview.url}\n${entries}Press Ctrl+C to stop.\n`);
      await io.untilStopped();
      await preview.close();
    });
  return program;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError("use a whole number from 0 to 65535.");
  }
  return port;
}

function printFailure(error: unknown, io: Io, options: FormatOptions): void {
  const known = errorsOf(error);
  if (known.length === 0) {
    const detail = options.debug && error instanceof Error ? error.stack : String((error as Error)?.message ?? error);
    io.stderr.write(`error: ${detail}\n(run again with --debug for the stack trace)\n`);
    return;
  }
  io.stderr.write(`${known.map((e) => formatError(e, options)).join("\n\n")}\n`);
  const count = known.length === 1 ? "1 problem" : `${known.length} problems`;
  io.stderr.write(`\n${count}; nothing was written.\n`);
}

const VERSION = ENGINE_VERSION;
