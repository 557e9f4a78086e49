// `heirloom dev`: its options, and what it prints while it runs: each build, failures, broken links, the type
// check when its result changes. It stops on Ctrl+C.
import path from "node:path";
import type { Command } from "commander";
import type { DevEvent } from "../serve/dev/index.ts";
import { withEnvFiles } from "./env-files.ts";
import { formEventsPrinter } from "./form-events.ts";
import type { Io } from "./io.ts";
import { type PrintLine, type ServerFlags, announce, failed, hostOf, withServerOptions } from "./server-options.ts";
import { printable } from "../errors/errors.ts";

/** Adds `dev` to the program. */
export function addDevCommand(program: Command, io: Io): void {
  const say: PrintLine = (s) => io.stderr.write(`${printable(s)}\n`);
  const dev = program
    .command("dev")
    .description(
      "Build in memory (drafts and scheduled entries included), serve on 127.0.0.1, rebuild on every change and " +
        "reload open pages.",
    );
  withServerOptions(dev, "project folder holding site.config.ts, content/ and templates/", 4321).action(
    async (flags: ServerFlags) => {
      const { startDev } = await import("../serve/dev/index.ts");
      let listening: Promise<void> = Promise.resolve();
      const server = await startDev({
        root: flags.root,
        port: flags.port,
        host: hostOf(flags),
        allowedHosts: flags.allowedHost,
        env: withEnvFiles(path.resolve(flags.root), "development", io.env),
        typeCheck: true,
        debug: flags.debug,
        onEvent: devReporter(say),
        onWarning: (message) => say(`warning ${message}`),
        forms: formEventsPrinter(say, path.resolve(flags.root), flags.debug),
        onError: (error, during) =>
          failed(say, during ? "the type check could not run" : "a request could not be answered", flags.debug)(error),
        // The address as soon as pages are served; watching every file of a large site takes longer.
        onListening: ({ url, busyPorts }) => {
          listening = announce(io, flags, { label: "Dev server", command: "dev", url, busyPorts });
        },
      });
      await listening;
      io.stdout.write("Watching site.config.ts, content/ and templates/. Press Ctrl+C to stop.\n");
      await io.untilStopped();
      await server.close();
    },
  );
}

/** What dev prints for its events: builds, failures, broken links, and the type check when it changes. */
function devReporter(say: PrintLine): (e: DevEvent) => void {
  let types: string | undefined;
  return (e) => {
    if (e.type === "built") {
      const files = e.changed?.length
        ? ` (${e.changed.length} file${e.changed.length === 1 ? "" : "s"} changed; ` +
          `${e.redone.length ? `redid ${e.redone.join(" and ")}` : "content only"})`
        : "";
      say(`built in ${e.ms.toFixed(0)} ms${files}`);
      for (const warning of e.warnings ?? []) say(`warning ${warning}`);
      for (const note of e.notes ?? []) say(note);
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
