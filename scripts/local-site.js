// Shared by the audit and screenshot scripts: finds Chromium, builds a site (this repository's, or the one
// at --root) into a temporary folder and serves it with `heirloom preview` on a free port of 127.0.0.1.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const cli = path.join(root, "packages", "heirloom", "bin", "heirloom.js");

/** The flags that let Chromium run headless in containers and CI. */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** CHROME_PATH first, then the usual install paths; exits with advice when there is none. */
export function chromePathOrExit() {
  const found =
    process.env.CHROME_PATH ||
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p));
  if (!found) {
    console.error("No Chromium found: install one with `apt-get install -y chromium`, or set CHROME_PATH.");
    process.exit(1);
  }
  return found;
}

/** The site folder a script was given with `--root dir`, else this repository's site. */
export function siteRootOf(argv = process.argv) {
  const flag = argv.indexOf("--root");
  return flag > 0 ? path.resolve(argv[flag + 1]) : root;
}

/**
 * Builds the site at `siteRoot` and serves it; `routes` are the paths of its pages (every HTML file but the
 * 404 page, as the host serves them), `close()` stops the server and removes the build.
 */
export async function serveLocalBuild(siteRoot = root) {
  const work = mkdtempSync(path.join(os.tmpdir(), "heirloom-local-"));
  const out = path.join(work, "dist");
  await run(process.execPath, [cli, "build", "--root", siteRoot, "--out", out], siteRoot);
  const port = await freePort();
  const server = await startPreview(siteRoot, out, port);
  return {
    origin: `http://127.0.0.1:${port}`,
    routes: pagesIn(out),
    close() {
      server.kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** `/`, `/home`, `/blog/` ...: the HTML files of a build as the paths they are served at, in order. */
function pagesIn(out) {
  return readdirSync(out, { recursive: true })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".html") && file !== "404.html")
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "")}`)
    .sort();
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

/** Starts `heirloom preview` on the port and resolves once it listens. */
function startPreview(siteRoot, out, port) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "preview", "--root", siteRoot, "--out", out, "--port", String(port)], {
      cwd: siteRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("Serving")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`preview exited with ${code}`)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
