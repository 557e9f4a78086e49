// A newcomer's first minutes against a real registry: Verdaccio runs on loopback as its own process, with its own
// storage in a temporary folder and the public registry behind it for every other package. heirloom and
// create-heirloom are published to it as npm publishes them; then, in an empty folder, `npm create
// heirloom@latest my-site -- --yes` writes the blog starter and installs it, `npm run build` builds it, and
// `npm run preview` answers its pages and its 404 page. npm's cache is new for the run, so nothing is taken from an
// earlier one. It needs the registry at npm's configured address to be reachable (CI's is).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packedEngine } from "../helpers/shared-build.ts";
import { repoRoot } from "../helpers/site.ts";

const UPSTREAM = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).stdout.trim();
const verdaccioBin = path.join(repoRoot, "node_modules", "verdaccio", "bin", "verdaccio");

/** A port free on loopback now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `url` answers 200, polling for up to `ms`. */
async function answering(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("npm create heirloom, against a registry", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-registry-"));
  let verdaccio: ChildProcess | undefined;
  let preview: ChildProcess | undefined;
  let registry = "";
  let env: NodeJS.ProcessEnv = {};
  const npm = (cwd: string, ...args: string[]) => {
    const result = spawnSync("npm", args, { cwd, env, encoding: "utf8", timeout: 300_000 });
    return { code: result.status, out: `${result.stdout}\n${result.stderr}` };
  };

  beforeAll(async () => {
    const port = await freePort();
    registry = `http://127.0.0.1:${port}/`;
    const storage = path.join(work, "storage");
    const config = path.join(work, "verdaccio.yaml");
    writeFileSync(
      config,
      [
        `storage: ${JSON.stringify(storage)}`,
        `auth: { htpasswd: { file: ${JSON.stringify(path.join(work, "htpasswd"))}, max_users: 10 } }`,
        `uplinks: { upstream: { url: ${JSON.stringify(UPSTREAM)}, timeout: 60s } }`,
        "packages:",
        "  'heirloom': { access: $all, publish: $authenticated }",
        "  'create-heirloom': { access: $all, publish: $authenticated }",
        "  '**': { access: $all, proxy: upstream }",
        "log: { type: stdout, format: pretty, level: error }",
        "",
      ].join("\n"),
    );
    verdaccio = spawn(process.execPath, [verdaccioBin, "--config", config, "--listen", `127.0.0.1:${port}`], {
      stdio: "ignore",
    });
    await answering(`${registry}-/ping`, 30_000);
    // A user of this registry, and npm's settings for it alone (never the machine's own).
    const user = await fetch(`${registry}-/user/org.couchdb.user:newcomer`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "newcomer", password: "first-site", type: "user" }),
    });
    expect(user.status).toBe(201);
    const { token } = (await user.json()) as { token: string };
    const npmrc = path.join(work, "npmrc");
    writeFileSync(npmrc, `registry=${registry}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const cache = path.join(work, "npm-cache");
    mkdirSync(cache);
    env = {
      PATH: process.env.PATH,
      HOME: work,
      NPM_CONFIG_USERCONFIG: npmrc,
      npm_config_cache: cache,
      npm_config_registry: registry,
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    };
  }, 60_000);

  afterAll(() => {
    // npm's own process, the shell it runs and the preview server: one process group.
    if (preview?.pid) process.kill(-preview.pid, "SIGTERM");
    if (verdaccio?.pid) process.kill(verdaccio.pid, "SIGTERM");
  });

  it("publishes heirloom and create-heirloom as npm publishes them", async () => {
    // The tarball the packed engine's test installs too.
    const engine = npm(work, "publish", await packedEngine());
    expect(engine.code, engine.out).toBe(0);
    const packed = npm(path.join(repoRoot, "packages", "create-heirloom"), "pack", "--pack-destination", work);
    expect(packed.code, packed.out).toBe(0);
    const create = npm(work, "publish", path.join(work, "create-heirloom-0.1.0.tgz"));
    expect(create.code, create.out).toBe(0);
    const shown = npm(work, "view", "create-heirloom", "dist-tags.latest", "dependencies.heirloom");
    expect(shown.out).toContain("0.1.0");
  }, 300_000);

  it("makes, installs, builds and previews a site from an empty folder", async () => {
    const empty = path.join(work, "empty");
    mkdirSync(empty);
    const started = performance.now();
    const created = npm(empty, "create", "heirloom@latest", "my-site", "--", "--yes");
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain("Made my-site from the blog starter");
    expect(created.out).toMatch(/Next:\n {2}cd my-site\n {2}npm run dev\n/);
    const site = path.join(empty, "my-site");
    const manifest = JSON.parse(readFileSync(path.join(site, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({ heirloom: "^0.1.0" });
    // Installed from the registry, as a user's npm install gets it.
    const lock = JSON.parse(readFileSync(path.join(site, "package-lock.json"), "utf8"));
    expect(lock.packages["node_modules/heirloom"].resolved).toBe(`${registry}heirloom/-/heirloom-0.1.0.tgz`);

    const built = npm(site, "run", "build");
    expect(built.code, built.out).toBe(0);
    expect(built.out).toMatch(/Wrote \d+ files to dist/);
    expect(existsSync(path.join(site, "dist", "index.html"))).toBe(true);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`npm create to a built site: ${seconds.toFixed(1)} s\n`);

    const port = await freePort();
    const args = ["run", "preview", "--", "--port", String(port)];
    preview = spawn("npm", args, { cwd: site, env, stdio: "ignore", detached: true });
    await answering(`http://127.0.0.1:${port}/`, 30_000);
    const missing = await fetch(`http://127.0.0.1:${port}/no-such-page/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(readFileSync(path.join(site, "dist", "404.html"), "utf8"));
  }, 600_000);
});
