// Where a server the CLI started can be reached, and opening it in the browser: `--host` lets a phone on
// the same network open the site (its addresses are printed), `--open` opens the local address.
import { spawn } from "node:child_process";
import os from "node:os";

/** What `--host` without an address listens on: every interface of this machine. */
export const EVERY_INTERFACE = "0.0.0.0";

/** The address the server is opened at on this machine, and (listening on every interface) on the network. */
export function addressesOf(
  host: string,
  url: string,
  interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces(),
): { local: string; network: string[] } {
  const local = new URL(url);
  if (host !== EVERY_INTERFACE) {
    local.hostname = host.includes(":") ? `[${host}]` : host;
    return { local: local.href, network: [] };
  }
  const external = Object.values(interfaces)
    .flat()
    .filter((address) => address && address.family === "IPv4" && !address.internal);
  const network = external.map((address) => Object.assign(new URL(url), { hostname: address!.address }).href);
  return { local: local.href, network };
}

/**
 * Opens `url` in the browser: the program BROWSER names (none: "none"), else the system's way to open an
 * address. Returns why it could not, if it could not (the server goes on either way).
 */
export function openInBrowser(url: string, env: Record<string, string | undefined>): Promise<string | undefined> {
  const named = env.BROWSER;
  if (named === "none") return Promise.resolve(undefined);
  const [command, args] = named
    ? [named, [url]]
    : process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", '""', url]]
        : ["xdg-open", [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.once("error", (error) => resolve(`could not open a browser (${command}): ${error.message}`));
    child.once("spawn", () => {
      child.unref();
      resolve(undefined);
    });
  });
}
