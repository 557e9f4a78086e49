// What dev and preview share on the command line: their port, --host and --open options, and how they
// announce themselves (the address, the network's addresses with --host, a busy port) and fail without dying.
import { type Command, InvalidArgumentError, Option } from "commander";
import type { Io } from "./io.ts";
import { EVERY_INTERFACE, addressesOf, openInBrowser } from "./reach.ts";
import { isHostName } from "../config/host-name.ts";
import { BadPort } from "../errors/catalogue.ts";
import { errorFrom, printable } from "../errors/errors.ts";

export type PrintLine = (s: string) => void;

export interface ServerFlags {
  root: string;
  port: number;
  /** true for --host without an address: every interface. */
  host?: string | true;
  open?: boolean;
  debug?: boolean;
  /** --allowed-host, each time it is given. */
  allowedHost: string[];
}

/** Adds the options every server command has: --root, --port, --host, --allowed-host, --open and --debug. */
export function withServerOptions(command: Command, rootHelp: string, defaultPort: number): Command {
  return command
    .option("--root <dir>", rootHelp, ".")
    .addOption(new Option("-p, --port <n>", "port (0 picks a free one)").default(defaultPort).argParser(parsePort))
    .option("--host [addr]", "listen beyond 127.0.0.1: on every interface, or on addr (to open it from a phone)")
    .addOption(
      new Option("--allowed-host <name>", "also answer requests for this host name (.name: it and the names below it)")
        .argParser(collectHostName)
        .default([]),
    )
    .option("--open", "open the site in the browser once it is served")
    .option("--debug", "print stack traces");
}

/** The address to listen on. */
export const hostOf = (flags: ServerFlags) => (flags.host === true ? EVERY_INTERFACE : (flags.host ?? "127.0.0.1"));

/**
 * Prints where the server is ("<Label> at <url>"), the network's addresses and a warning when it listens
 * beyond this machine, and opens the browser with --open.
 */
export async function announce(
  io: Io,
  flags: ServerFlags,
  server: { label: string; command: string; url: string; busyPorts: number[]; after?: string },
): Promise<void> {
  const say: PrintLine = (s) => io.stderr.write(`${printable(s)}\n`);
  const { local, network } = addressesOf(hostOf(flags), server.url);
  if (server.busyPorts.length) io.stdout.write(portNotice(server.command, server.busyPorts, local));
  io.stdout.write(`${server.label} at ${local}${server.after ?? ""}\n`);
  for (const address of network) io.stdout.write(`On your network: ${address}\n`);
  if (flags.host !== undefined && !isLoopback(hostOf(flags))) {
    say(
      `warning --host: the site can be opened from other devices while this runs (${hostOf(flags)}); ` +
        "use it on a network you trust.",
    );
  }
  if (flags.open) {
    const failure = await openInBrowser(local, io.env);
    if (failure) say(`warning ${failure}; open ${local} yourself.`);
  }
}

/** An address of this machine only: 127.0.0.0/8, ::1, localhost. */
function isLoopback(host: string): boolean {
  return /^127\./.test(host) || host === "::1" || host === "localhost";
}

/** Prints a failure the server survives; with --debug, its stack trace. */
export function failed(say: PrintLine, what: string, debug?: boolean): (error: unknown) => void {
  return (error) => {
    const stack = debug && error instanceof Error ? error.stack : undefined;
    say(`error: ${what}: ${stack ?? (error as Error)?.message ?? String(error)}`);
  };
}

/** "Port 4321 is in use, so dev serves on port 4322." */
function portNotice(command: string, busy: number[], url: string): string {
  const ports = busy.length === 1 ? `Port ${busy[0]} is` : `Ports ${busy[0]} to ${busy.at(-1)} are`;
  return `${ports} in use, so ${command} serves on port ${new URL(url).port}.\n`;
}

/** Digits only: Number() also takes "", " 80", "0x50" and "8e1". */
function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  // The catalogue's usage error, not commander's: main prints it as the engine's errors are, and exits 2.
  if (!(port >= 0 && port <= 65535)) throw errorFrom(BadPort, { value });
  return port;
}

/** Each --allowed-host, in the order given: a host name, or ".name" for it and the names below it. */
function collectHostName(value: string, previous: string[]): string[] {
  if (!isHostName(value.replace(/^\./, ""))) {
    throw new InvalidArgumentError(
      'write a host name alone, such as example.test (or ".example.test" for the names below it).',
    );
  }
  return [...previous, value];
}
