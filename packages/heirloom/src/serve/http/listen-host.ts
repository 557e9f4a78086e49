// The address a server listens on (`--host`): an IP address or a host name, checked before anything starts;
// an address this machine does not have, or a name that does not resolve, told as such once listening fails.
import { isIP } from "node:net";
import os from "node:os";
import { isHostName } from "../../config/host-name.ts";
import { BadHost, HostNotFound, HostNotOnMachine } from "../../errors/catalogue.ts";
import { type HeirloomError, errorFrom, printableName } from "../../errors/errors.ts";

const EVERY = "write --host alone to listen on every interface, or leave it out for this machine only (127.0.0.1)";

/** Throws the catalogue's error when `host` can be neither an address nor a host name. */
export function checkListenHost(host: string): void {
  if (isIP(host)) return;
  const refused = (what: string, advice: string) =>
    errorFrom(BadHost, { host: `"${printableName(host)}"`, what, advice });
  if (host === "") throw refused("an address", `${EVERY}.`);
  if (/^\[.*\]$/.test(host) && isIP(host.slice(1, -1))) {
    throw refused("an address as a server takes it", `write it without brackets: --host ${host.slice(1, -1)}.`);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    throw refused("an address alone", "write the address without a scheme or path, such as --host 192.168.1.20.");
  }
  const withPort = /^(.+):(\d+)$/.exec(host);
  if (withPort && (isIP(withPort[1]) || isHostName(withPort[1]))) {
    throw refused("an address alone", `write the port apart: --host ${withPort[1]} --port ${withPort[2]}.`);
  }
  if (/^[\d.]+$/.test(host)) {
    throw refused("an IPv4 address", "write four numbers from 0 to 255 between dots, such as --host 192.168.1.20.");
  }
  if (!isHostName(host)) {
    throw refused(
      "an IP address or a host name",
      "a host name has letters, digits, hyphens and dots only, such as --host mybox.local; " +
        "an address is written as 192.168.1.20 or fe80::1%eth0.",
    );
  }
}

/** The catalogue's error for a failure to listen on `host`, when the host is the cause; undefined otherwise. */
export function hostFailure(error: unknown, host: string): HeirloomError | undefined {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const shown = printableName(host);
  if (["EADDRNOTAVAIL", "EINVAL", "EAFNOSUPPORT"].includes(code)) {
    return errorFrom(HostNotOnMachine, { host: shown, addresses: machineAddresses() }, { cause: error });
  }
  if (["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "EAI_NODATA"].includes(code)) {
    return errorFrom(HostNotFound, { host: shown }, { cause: error });
  }
  return undefined;
}

/** "127.0.0.1, 192.168.1.20, ::1": what this machine can listen on. */
function machineAddresses(): string {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.address.startsWith("fe80:"))
    .map((address) => address!.address);
  return [...new Set(addresses)].join(", ") || "127.0.0.1";
}
