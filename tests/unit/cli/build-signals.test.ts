// `heirloom build` stopped by SIGTERM or SIGINT (Ctrl+C) part-way leaves dist/ as it was, the previous site in
// .heirloom/ and no lock, draft or staging folder, and exits 143 or 130 with one line; one killed (SIGKILL, which
// cannot be handled) leaves its lock, which the next build takes over. The signal is sent at what the build does
// (its lock appearing, its staging folder appearing), seen through fs.watch, on a journal of 300 posts.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, watch, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { heirloomRun, startCli, stopStarted } from "../../helpers/cli-process.ts";
import { copyJournal } from "../../helpers/site.ts";

let root: string;
const dist = () => path.join(root, "dist");
const heirloomDir = () => path.join(root, ".heirloom");
const previous = () => path.join(heirloomDir(), "previous-dist");

/** Every file of a folder with the hash of its bytes. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
    statSync(path.join(dir, f)).isFile(),
  );
  return Object.fromEntries(
    files.sort().map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(path.join(dir, f)))
        .digest("hex"),
    ]),
  );
}

/** What a stopped build may have left: the lock, its drafts, staging and retired folders. */
const leftovers = () => [
  ...readdirSync(root).filter((name) => /^dist\.(?:tmp|old)-/.test(name)),
  ...readdirSync(heirloomDir()).filter((name) => name !== "previous-dist"),
];

/** Starts a build and sends `signal` as soon as `name` appears in `folder`; resolves with the build's end. */
async function stopBuildAt(folder: () => string, name: (pid: number) => RegExp, signal: NodeJS.Signals) {
  const build = startCli(root, ["build"]);
  const pid = build.child.pid!;
  let sent = false;
  const watcher = watch(folder(), (_event, file) => {
    if (sent || !file || !name(pid).test(file)) return;
    sent = true;
    build.child.kill(signal);
  });
  try {
    const code = await build.exited(60_000);
    return { code, signal: build.child.signalCode, output: build.output() };
  } finally {
    watcher.close();
  }
}

beforeAll(() => {
  root = copyJournal("heirloom-signals-");
  const posts = path.join(root, "content", "posts");
  const model = readFileSync(path.join(posts, readdirSync(posts)[0]), "utf8");
  for (let i = 0; i < 300; i++) {
    writeFileSync(path.join(posts, `generated-${i}.md`), model.replace(/^title: .*$/m, `title: Generated ${i}`));
  }
  expect(heirloomRun(root, "build").code).toBe(0);
  // A second build, so that the first one's site is kept as the previous site, which staging starts from.
  const site = path.join(root, "content", "site.md");
  writeFileSync(site, `${readFileSync(site, "utf8")}\n`);
  expect(heirloomRun(root, "build").code).toBe(0);
  expect(existsSync(previous())).toBe(true);
}, 120_000);
afterEach(stopStarted);

describe("a build stopped by a signal", () => {
  it("leaves dist/ and the previous site as they were, and nothing else, at each signal", async () => {
    const before = { dist: snapshot(dist()), previous: snapshot(previous()) };
    // 300 posts change: the build has 300 pages to render when it is stopped.
    for (let i = 0; i < 300; i++) {
      const post = path.join(root, "content", "posts", `generated-${i}.md`);
      writeFileSync(post, `${readFileSync(post, "utf8")}\nA paragraph added to post ${i}.\n`);
    }
    const moments = [
      { at: heirloomDir, name: () => /^build-dist\.lock$/, signal: "SIGTERM" as const, code: 143 },
      {
        at: () => root,
        name: (pid: number) => new RegExp(`^dist\\.tmp-${pid}$`),
        signal: "SIGINT" as const,
        code: 130,
      },
    ];
    for (const { at, name, signal, code } of moments) {
      const stopped = await stopBuildAt(at, name, signal);
      expect(stopped.code, stopped.output).toBe(code);
      const lines = stopped.output.trim().split("\n");
      expect(lines.at(-1)).toBe(`Stopped by ${signal}: the output folder is as the last complete build left it.`);
      expect(leftovers()).toEqual([]);
      expect(snapshot(dist())).toEqual(before.dist);
      expect(snapshot(previous())).toEqual(before.previous);
    }
    // The next build starts from what the last complete one left: its state, and its previous site.
    const next = heirloomRun(root, "build");
    expect(next.code, next.stderr).toBe(0);
    const [, rendered, unchanged] = next.stdout.match(/\(\d+ pages: (\d+) rendered, (\d+) unchanged\)/) ?? [];
    expect(Number(rendered)).toBeGreaterThanOrEqual(300);
    expect(Number(unchanged)).toBeGreaterThan(0);
    expect(readFileSync(path.join(dist(), "blog", "generated-7", "index.html"), "utf8")).toContain(
      "A paragraph added to post 7.",
    );
    expect(snapshot(previous())).toEqual(before.dist);
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it("killed (SIGKILL), leaves its lock, which the next build takes over as its holder has ended", async () => {
    const site = path.join(root, "content", "site.md");
    writeFileSync(site, `${readFileSync(site, "utf8")}\n`);
    const killed = await stopBuildAt(heirloomDir, () => /^build-dist\.lock$/, "SIGKILL");
    expect(killed.signal).toBe("SIGKILL");
    expect(readdirSync(heirloomDir())).toContain("build-dist.lock");
    const next = heirloomRun(root, "build");
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toMatch(
      /Took over the lock of dist left by a build that stopped before it finished \(process \d+, which has ended\)/,
    );
    expect(existsSync(path.join(heirloomDir(), "build-dist.lock"))).toBe(false);
    expect(readdirSync(root).filter((name) => /^dist\.(?:tmp|old)-/.test(name))).toEqual([]);
  }, 120_000);
});
