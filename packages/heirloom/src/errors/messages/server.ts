// The catalogue's messages about `dev` and `preview` starting: the port, and the address --host names.
import { errorEntry as entry } from "../errors.ts";

export const PortsInUse = entry("PortsInUse", {
  code: "PortInUseError",
  title: "Every port tried is in use",
  message: ({ from, to, host }: { from: number; to: number; host: string }) =>
    `Ports ${from} to ${to} on ${host} are all in use.`,
  hint: () => "stop what holds them, or pass --port with another number (--port 0 picks any free one).",
});

export const BadHost = entry("BadHost", {
  code: "HostError",
  title: "The --host value is not an address or a host name",
  message: ({ host, what }: { host: string; what: string; advice: string }) => `--host ${host} is not ${what}.`,
  hint: ({ advice }) => advice,
});

export const HostNotOnMachine = entry("HostNotOnMachine", {
  code: "HostError",
  title: "The --host address is not one this machine has",
  message: ({ host }: { host: string; addresses: string }) =>
    `This machine has no address ${host}, so the server cannot listen on it.`,
  hint: ({ addresses }) =>
    `name one of its addresses (${addresses}), or write --host alone to listen on every one of them.`,
});

export const HostNotFound = entry("HostNotFound", {
  code: "HostError",
  title: "The --host name does not resolve",
  message: ({ host }: { host: string }) => `The host name ${host} does not resolve to an address.`,
  hint: () =>
    "check its spelling, name an address of this machine instead (such as 192.168.1.20), " +
    "or write --host alone to listen on every one of them.",
});

export const BadPort = entry("BadPort", {
  code: "UsageError",
  title: "The --port value is not a port number",
  message: ({ value }: { value: string }) =>
    `--port is "${value}", which is not a port: a port is a whole number from 1 to 65535.`,
  hint: () => "pass --port a number from 1 to 65535, such as --port 4321, or --port 0 for any free port.",
});
