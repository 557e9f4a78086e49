// The long-running commands, dev and preview: their options, what they print while they run, and how
// they stop (Ctrl+C). Both listen on 127.0.0.1 and move to the next free port when theirs is taken.
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Io } from "./main.ts";
import type { DevEvent } from "../serve/dev.ts";

/** Adds `dev` and `preview` to the program. */
export function addServerCommands(program: Command, io: Io): void {
  const say = (s: string) => io.stderr.write(`${s}\n`);
  const failed = (what: string) => (error: unknown) => say(`error: ${what}: ${(error as Error)?.message ?? String(error)}`);

  program
    .command("dev")
    .description("Build in memory (drafts included), serve on 127.0.0.1, rebuild on every change and reload open pages.")
    .option("--root <dir>", "project folder holding site.config.ts, content/ and templates/", ".")
    .addOption(new Option("-p, --port <n>", "port (0 picks a free one)").default(4321).argParser(parsePort))
    .action(async (opts: { root: string; port: number }) => {
      const { startDev } = await import("../serve/dev.ts");
      const dev = await startDev({
        root: opts.root,
        port: opts.port,
        env: io.env,
        typeCheck: true,
        onEvent: devReporter(say),
        onError: failed("a request could not be answered"),
      });
      if (dev.busyPorts.length) io.stdout.write(portNotice("dev", dev.busyPorts, dev.url));
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
          onReceived: (form, outcome, masked) => say(`${form}: ${outcome} ${masked}`),
          onDamagedLine: (file, line, reason) => say(`warning ${path.relative(root, file)}:${line} is skipped: ${reason}.`),
          onError: (form, error) => failed(`could not store an entry of ${form}`)(error),
        },
        onError: failed("a request could not be answered"),
      });
      const entries = preview.formFiles.map((f) => `Form entries go to ${path.relative(process.cwd(), f)}\n`).join("");
      if (preview.busyPorts.length) io.stdout.write(portNotice("preview", preview.busyPorts, preview.url));
      io.stdout.write(`Serving ${opts.out} at ${preview.url}\n${entries}Press Ctrl+C to stop.\n`);
      await io.untilStopped();
      await preview.close();
    });
}

/** What dev prints for its events: builds, failures, broken links, and the type check when it changes. */
function devReporter(say: (s: string) => void): (e: DevEvent) => void {
  let types: string | undefined;
  return (e) => {
    if (e.type === "built") {
      const files = e.changed?.length ? ` (${e.changed.length} file${e.changed.length === 1 ? "" : "s"} changed; ${e.redone.length ? `redid ${e.redone.join(" and ")}` : "content only"})` : "";
      say(`built in ${e.ms.toFixed(0)} ms${files}`);
      for (const warning of e.warnings ?? []) say(`warning ${warning}`);
    } else if (e.type === "types") {
      if (e.message) say(`${e.message}\n(type check of site.config.ts and templates/; the pages are served as built)`);
      else if (types !== "") say(`type check of site.config.ts and templates/: no problems (${(e.ms / 1000).toFixed(1)} s)`);
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
