// The addresses the servers answer on: `--host` values that cannot be listened on, each refused with an entry of
// the catalogue and its hint (never getaddrinfo's or the system's own words), and the ones that can.
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../packages/heirloom/src/cli/main.ts";
import { buildProject, makeFixture } from "./helpers/site.ts";

/** Runs the CLI in this process; a server it starts is stopped at once. */
async function heirloom(...args: string[]) {
  const out = { stdout: "", stderr: "" };
  const stream = (name: "stdout" | "stderr") =>
    ({ isTTY: false, write: (s: string) => ((out[name] += s), true) }) as unknown as NodeJS.WritableStream;
  const io = { stdout: stream("stdout"), stderr: stream("stderr"), env: {}, untilStopped: async () => {} };
  const code = await main(["node", "heirloom", ...args], io);
  return { code, ...out };
}

const RAW = /getaddrinfo|EADDRNOTAVAIL|EINVAL|ENOTFOUND|EAFNOSUPPORT|EAI_|\(run again with --debug/;

/** [--host, the message's end, the hint's start]. */
const REFUSED: Array<[string, string, string]> = [
  ["bad host", "is not an IP address or a host name.", "a host name has letters, digits, hyphens and dots only"],
  ["999.1.1.1", "is not an IPv4 address.", "write four numbers from 0 to 255 between dots"],
  ["1.2.3", "is not an IPv4 address.", "write four numbers from 0 to 255 between dots"],
  ["[::1]", "is not an address as a server takes it.", "write it without brackets: --host ::1."],
  ["127.0.0.1:4000", "is not an address alone.", "write the port apart: --host 127.0.0.1 --port 4000."],
  ["http://127.0.0.1/", "is not an address alone.", "write the address without a scheme or path"],
  ["", "is not an address.", "write --host alone to listen on every interface"],
  ["a\nb", "is not an IP address or a host name.", "a host name has letters"],
  ["192.0.2.1", "This machine has no address 192.0.2.1, so the server cannot listen on it.", "name one of its"],
  ["2001:db8::1", "This machine has no address 2001:db8::1, so the server cannot listen on it.", "name one of"],
  ["no-such-host.invalid", "The host name no-such-host.invalid does not resolve to an address.", "check its spelling"],
];

describe("--host", () => {
  let root: string;
  beforeAll(async () => {
    root = makeFixture();
    await buildProject(root);
  });

  it.each(REFUSED)("preview --host %j: a HostError with its hint, exit 1", async (host, message, hint) => {
    const { code, stdout, stderr } = await heirloom("preview", "--root", root, "--port", "0", "--host", host);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error HostError: /);
    expect(stderr).toContain(message);
    expect(stderr).toContain(`  hint: ${hint}`);
    expect(stderr).not.toMatch(RAW);
    expect(stdout).not.toContain("Serving");
  });

  it("dev refuses a host that cannot be an address before it builds anything", async () => {
    const { code, stdout, stderr } = await heirloom("dev", "--root", root, "--port", "0", "--host", "bad host");
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error HostError: --host "bad host" is not an IP address or a host name\./);
    expect(stdout + stderr).not.toMatch(/built in|Dev server at/);
  });

  it.each(["127.0.0.1", "localhost", "127.0.0.2"])("preview --host %s serves", async (host) => {
    const { code, stdout } = await heirloom("preview", "--root", root, "--port", "0", "--host", host);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Serving dist at http:\/\//);
  });
});
