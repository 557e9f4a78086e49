// The command line: the only module that knows argv, colours and exit codes (0 ok, 1 build failed, 2 bad usage).
import { Command, CommanderError } from "commander";
import { ENGINE_VERSION } from "../version.ts";
import { type Stall, startHeartbeat, stalledError } from "../compile/stall.ts";
import { type SiteCodePlace, outOfMemoryError } from "../compile/supervisor.ts";
import { BadUsage } from "../errors/catalogue.ts";
import { type FormatOptions, errorFrom, errorsOf, formatError, printable } from "../errors/errors.ts";
import { type Io, colorFor, defaultIo } from "./io.ts";
import { addBuildCommands, jsonFailure } from "./build-commands.ts";
import { addInitCommand } from "./init-command.ts";
import { addDevCommand } from "./dev-command.ts";
import { addPreviewCommand } from "./preview-command.ts";

/** Runs the CLI with full argv (node, script, ...args) and returns the exit code. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const color = (stream: { isTTY?: boolean }) => colorFor(stream, io.env);
  const debug = argv.includes("--debug");
  // On bin/supervise.js's thread, which stops the thread once site code no budget stops runs far past its own.
  startHeartbeat();
  const program = createProgram(io, color);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return usageFailure(error, argv, io, program);
    return failure(error, argv, io, debug || Boolean(io.env.DEBUG));
  }
}

/**
 * What a build or check run on a supervised thread (bin/supervise.js) says when the thread used up its memory:
 * told at the site code that ran then (`place`, as compile/supervisor.ts wrote it), with the exit code.
 */
export function outOfMemory(argv: string[], place: SiteCodePlace | undefined, limitMb: number, io = defaultIo): number {
  return failure(outOfMemoryError(place, limitMb), argv, io, false);
}

/**
 * What a build or check run on a supervised thread says when the thread was stopped because site code no budget
 * stops did not return (compile/stall.ts), with the exit code.
 */
export function stalled(argv: string[], stall: Stall, io = defaultIo): number {
  return failure(stalledError(stall), argv, io, false);
}

/** Prints a run's failure (and its JSON for `build --json`); returns the exit code: 2 for bad usage alone. */
function failure(error: unknown, argv: string[], io: Io, debug: boolean): number {
  const color = colorFor(io.stderr, io.env);
  // Only build writes: it says that nothing was written (the old output is as it was).
  const command = argv.slice(2).find((a) => !a.startsWith("-"));
  printFailure(error, io, { color, debug }, command === "build" ? "; nothing was written." : ".");
  if (command === "build" && argv.includes("--json")) io.stdout.write(jsonFailure(error));
  const known = errorsOf(error);
  return known.length > 0 && known.every((e) => e.code === "UsageError") ? 2 : 1;
}

/**
 * The command line as commander holds it: every command with its options and their help, which `--help` prints
 * and the documentation's reference of commands is made from. Nothing runs until it parses.
 */
export function createProgram(io: Io = defaultIo, color = (s: { isTTY?: boolean }) => colorFor(s, io.env)): Command {
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

  addBuildCommands(program, io, color);
  addDevCommand(program, io);
  addPreviewCommand(program, io);
  addInitCommand(program, io);
  return program;
}

/** Help and the version end with 0; bad usage with 2, and with --json its problem as JSON too. */
function usageFailure(error: CommanderError, argv: string[], io: Io, program: Command): number {
  if (error.exitCode === 0) return 0;
  const args = argv.slice(2, argv.includes("--") ? argv.indexOf("--") : undefined);
  if (args.includes("--json")) {
    const detail = error.message.replace(/^error: /, "");
    const command = args.find((a) => program.commands.some((c) => c.name() === a)) ?? "";
    io.stdout.write(jsonFailure(errorFrom(BadUsage, { detail, command })));
  }
  return 2;
}

function printFailure(error: unknown, io: Io, options: FormatOptions, ending: string): void {
  const known = errorsOf(error);
  if (known.length === 0) {
    const detail = options.debug && error instanceof Error ? error.stack : String((error as Error)?.message ?? error);
    io.stderr.write(`error: ${printable(detail ?? "")}\n(run again with --debug for the stack trace)\n`);
    return;
  }
  io.stderr.write(`${known.map((e) => formatError(e, options)).join("\n\n")}\n`);
  const count = known.length === 1 ? "1 problem" : `${known.length} problems`;
  io.stderr.write(`\n${count}${ending}\n`);
}

const VERSION = ENGINE_VERSION;
