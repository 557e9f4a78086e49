// The addresses the servers answer on: `--host` values that cannot be listened on, each refused with an entry of
// the catalogue and its hint (never getaddrinfo's or the system's own words), and the ones that can; the Host
// a request may name, by where the server listens and what the site allows (the servers:
// tests/unit/serve/http.test.ts).
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../packages/heirloom/src/cli/main.ts";
import { type HostPolicy, isAllowedHost } from "../../../packages/heirloom/src/serve/http/allowed-hosts.ts";
import { buildProject, makeFixture } from "../../helpers/site.ts";

/** Runs the CLI in this process; a server it starts is stopped when `stopped` resolves (at once by default). */
async function heirloom(...args: string[]) {
  return running(Promise.resolve(), ...args).done;
}

function running(stopped: Promise<void>, ...args: string[]) {
  const out = { stdout: "", stderr: "" };
  const stream = (name: "stdout" | "stderr") =>
    ({ isTTY: false, write: (s: string) => ((out[name] += s), true) }) as unknown as NodeJS.WritableStream;
  const io = { stdout: stream("stdout"), stderr: stream("stderr"), env: {}, untilStopped: () => stopped };
  const done = main(["node", "heirloom", ...args], io).then((code) => ({ code, ...out }));
  return { out, done };
}

/** The status of GET `url` naming `host` in its Host header (which fetch does not let a caller set). */
function statusFor(url: string, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { host } }, (res) => resolve(res.resume().statusCode)).on("error", reject);
  });
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

  it("preview --allowed-host answers that name too (repeatable); a value that is not a name is bad usage", async () => {
    let stop = () => {};
    const server = running(
      new Promise((resolve) => (stop = resolve)),
      ...["preview", "--root", root, "--port", "0", "--allowed-host", "one.example", "--allowed-host", ".two.example"],
    );
    try {
      await expect.poll(() => /Serving dist at (\S+)/.exec(server.out.stdout)?.[1], { timeout: 10_000 }).toBeTruthy();
      const url = /Serving dist at (\S+)/.exec(server.out.stdout)![1];
      expect(await statusFor(url, "one.example")).toBe(200);
      expect(await statusFor(url, "a.two.example:4173")).toBe(200);
      expect(await statusFor(url, "three.example")).toBe(403);
    } finally {
      stop();
    }
    expect((await server.done).code).toBe(0);
    const bad = await heirloom("preview", "--root", root, "--allowed-host", "https://one.example", "--json");
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).problems[0].message).toContain("write a host name alone, such as example.test");
  });

  it.each(["127.0.0.1", "localhost", "127.0.0.2"])("preview --host %s serves", async (host) => {
    const { code, stdout } = await heirloom("preview", "--root", root, "--port", "0", "--host", host);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Serving dist at http:\/\//);
  });
});

describe("the Host a request may name", () => {
  const local: HostPolicy = { listen: "127.0.0.1", allowed: [] };
  const every: HostPolicy = { listen: "0.0.0.0", allowed: [] };
  const lan: HostPolicy = { listen: "192.168.1.20", allowed: [] };
  const named: HostPolicy = { listen: "mybox.local", allowed: [".tunnel.example", "site.example"] };
  const ipv6: HostPolicy = { listen: "::", allowed: [] };
  const any: HostPolicy = { listen: "127.0.0.1", allowed: true };

  it.each([
    [local, undefined, true],
    [local, "localhost:4321", true],
    [local, "a.b.localhost", true],
    [local, "127.0.0.1", true],
    [local, "[::1]:4321", true],
    [local, "192.168.1.20:4321", false],
    [local, "attacker.example", false],
    [local, "localhost.attacker.example", false],
    [local, "127.0.0.1.attacker.example", false],
    [every, "192.168.1.20:4321", true],
    [every, "10.0.0.5", true],
    [every, "attacker.example", false],
    [ipv6, "[fe80::1]:4321", true],
    [lan, "192.168.1.20:4321", true],
    [lan, "192.168.1.21:4321", false],
    [named, "MyBox.local.:4321", true],
    [named, "tunnel.example", true],
    [named, "x.tunnel.example", true],
    [named, "xtunnel.example", false],
    [named, "site.example", true],
    [named, "www.site.example", false],
    [any, "attacker.example", true],
  ])("listening on %o, Host %j is answered: %s", (policy, host, answered) => {
    expect(isAllowedHost(host, policy)).toBe(answered);
  });
});
