// The long-running commands, dev and preview: their options, what they print while they run, and how
// they stop (Ctrl+C). Both listen on 127.0.0.1 and move to the next free port when theirs is taken.
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Io } from "./io.ts";
import type { DevEvent } from "../serve/dev.ts";

interface PreviewFlags {
  root: string;
  out: string;
  port: number;
  base?: string;
  debug?: boolean;
}

type Say = (s: string) => void;

/** Adds `dev` and `preview` to the program. */
export function addServerCommands(program: Command, io: Io): void {
  const say: Say = (s) => io.stderr.write(`${s}\n`);

  program
    .command("dev")
    .description(
      "Build in memory (drafts included), serve on 127.0.0.1, rebuild on every change and reload open pages.",
    )
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .addOption(new Option("-p, --port <n>", "port (0 picks a free one)").default(4321).argParser(parsePort))
    .option("--debug", "print stack traces")
    .action(async (opts: { root: string; port: number; debug?: boolean }) => {
      const { startDev } = await import("../serve/dev.ts");
      const dev = await startDev({
        root: opts.root,
        port: opts.port,
        env: io.env,
        typeCheck: true,
        debug: opts.debug,
        onEvent: devReporter(say),
        onError: failed(say, "a request could not be answered", opts.debug),
        // The address as soon as pages are served; watching every file of a large site takes longer.
        onListening: ({ url, busyPorts }) => {
          if (busyPorts.length) io.stdout.write(portNotice("dev", busyPorts, url));
          io.stdout.write(`Dev server at ${url}\n`);
        },
      });
      io.stdout.write("Watching site.config.ts, content/ and templates/. Press Ctrl+C to stop.\n");
      await io.untilStopped();
      await dev.close();
    });

  program
    .command("preview")
    .description("Serve the built site on 127.0.0.1 with local receivers for the site's forms.")
    .option("--root <dir>", "project folder holding site.config.ts and the build", ".")
    .option("-o, --out <dir>", "folder to serve, relative to the project folder", "dist")
    .addOption(new Option("-p, --port <n>", "port (0 picks a free one)").default(4173).argParser(parsePort))
    .option("--base <path>", "base path to serve the site under (default: the one it was built with)")
    .option("--debug", "print stack traces")
    .action((opts: PreviewFlags) => runPreview(opts, io, say));
}

/** `heirloom preview`: refuses an output with nothing to serve, then serves it until stopped. */
async function runPreview(opts: PreviewFlags, io: Io, say: Say): Promise<void> {
  const [{ assertBuilt, startPreview }, { DEFINITION_FILE }, { loadDefinition }, path, { existsSync }] =
    await Promise.all([
      import("../serve/preview.ts"),
      import("../config/definition-file.ts"),
      import("../build/prepare.ts"),
      import("node:path"),
      import("node:fs"),
    ]);
  const root = path.resolve(opts.root);
  const outDir = path.resolve(root, opts.out);
  assertBuilt(outDir, buildCommandFor(opts));
  // The forms' local receivers come from the definition; a folder without one is served as it is.
  const { forms } = existsSync(path.join(root, DEFINITION_FILE)) ? await loadDefinition(root) : { forms: [] };
  const preview = await startPreview({
    outDir,
    root,
    forms,
    port: opts.port,
    base: opts.base,
    events: {
      onReceived: (form, outcome, masked) => say(`${form}: ${outcome} ${masked}`),
      onDamagedLine: (file, line, reason) => say(`warning ${path.relative(root, file)}:${line} is skipped: ${reason}.`),
      onError: (form, error) => failed(say, `could not store an entry of ${form}`, opts.debug)(error),
    },
    onError: failed(say, "a request could not be answered", opts.debug),
  });
  const { base, builtBase } = preview;
  if (opts.base && builtBase && builtBase !== base) {
    say(
      `warning ${opts.out} was built with the base path ${builtBase}, and --base serves it under ${base}: ` +
        `its pages ask for their styles, scripts and links under ${builtBase}. ` +
        "Leave out --base to serve it as it was built.",
    );
  }
  const entries = preview.formFiles.map((f) => `Form entries go to ${path.relative(process.cwd(), f)}\n`).join("");
  const asBuilt = !opts.base && base !== "/" ? ` (the base path it was built with)` : "";
  if (preview.busyPorts.length) io.stdout.write(portNotice("preview", preview.busyPorts, preview.url));
  io.stdout.write(`Serving ${opts.out} at ${preview.url}${asBuilt}\n${entries}Press Ctrl+C to stop.\n`);
  await io.untilStopped();
  await preview.close();
}

/** The build command that writes what this preview serves: "heirloom build --out site". */
function buildCommandFor(opts: PreviewFlags): string {
  const quote = (s: string) => (/^[\w./~-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  const args = ["heirloom build"];
  if (opts.root !== ".") args.push("--root", quote(opts.root));
  if (opts.out !== "dist") args.push("--out", quote(opts.out));
  if (opts.base) args.push("--base", quote(opts.base));
  return args.join(" ");
}

/** Prints a failure the server survives; with --debug, its stack trace. */
function failed(say: Say, what: string, debug?: boolean): (error: unknown) => void {
  return (error) => {
    const stack = debug && error instanceof Error ? error.stack : undefined;
    say(`error: ${what}: ${stack ?? (error as Error)?.message ?? String(error)}`);
  };
}

/** What dev prints for its events: builds, failures, broken links, and the type check when it changes. */
function devReporter(say: Say): (e: DevEvent) => void {
  let types: string | undefined;
  return (e) => {
    if (e.type === "built") {
      const files = e.changed?.length
        ? ` (${e.changed.length} file${e.changed.length === 1 ? "" : "s"} changed; ` +
          `${e.redone.length ? `redid ${e.redone.join(" and ")}` : "content only"})`
        : "";
      say(`built in ${e.ms.toFixed(0)} ms${files}`);
      for (const warning of e.warnings ?? []) say(`warning ${warning}`);
    } else if (e.type === "types") {
      if (e.message) say(`${e.message}\n(type check of site.config.ts and templates/; the pages are served as built)`);
      else if (types !== "")
        say(`type check of site.config.ts and templates/: no problems (${(e.ms / 1000).toFixed(1)} s)`);
      types = e.message;
    } else {
      say(`${e.message}\n(waiting for a fix; the server stays up)`);
    }
  };
}

/** "Port 4321 is in use, so dev serves on port 4322." */
function portNotice(command: string, busy: number[], url: string): string {
  const ports = busy.length === 1 ? `Port ${busy[0]} is` : `Ports ${busy[0]} to ${busy.at(-1)} are`;
  return `${ports} in use, so ${command} serves on port ${new URL(url).port}.\n`;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError("use a whole number from 0 to 65535.");
  }
  return port;
}
