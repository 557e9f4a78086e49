// The lock processes share (builds of one output folder, the local receivers): a live holder is waited for (and
// who it is told once), a holder killed with SIGKILL (as a closed terminal or kill -9 leaves it) is taken over
// at once and said so, a lock naming a reused pid or nobody is taken over, and holders never overlap, also when
// several take over at once.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterEach, describe, expect, it } from "vitest";
import { acquireLock, LockBusyError } from "../../../packages/heirloom/src/output/write/file-lock.ts";
import { engineRoot, repoRoot } from "../../helpers/site.ts";

const lockModule = JSON.stringify(path.join(engineRoot, "src/output/write/file-lock.ts"));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
});

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "heirloom-lock-"));

/** Bundles `code` (which may import the lock module as LOCK) into a script Node runs; returns its path. */
async function script(dir: string, name: string, code: string): Promise<string> {
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    stdin: { contents: code.replaceAll("LOCK", lockModule), resolveDir: repoRoot, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "silent",
  });
  return outfile;
}

/** Starts `file` with `args`; resolves once its stdout shows `marker` (rejects after 10 s or on exit). */
function startUntil(file: string, args: string[], marker: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [file, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no "${marker}" within 10 s: ${out}`)), 10_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      if (out.includes(marker)) [clearTimeout(timer), resolve(child)];
    });
    child.on("exit", (code) => [clearTimeout(timer), reject(new Error(`exited with ${code} before "${marker}"`))]);
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.on("exit", resolve)));

const HOLD = `import { acquireLock } from LOCK;
  await acquireLock(process.argv[2], { timeoutMs: 5000 });
  process.stdout.write("locked\\n");
  setInterval(() => {}, 60_000);`;

describe("a lock held by another process", () => {
  it("is waited for while its holder lives, and taken over at once after a SIGKILL, saying so", async () => {
    const dir = tempDir();
    const file = path.join(dir, "entries.jsonl.lock");
    const holder = await startUntil(await script(dir, "hold", HOLD), [file], "locked");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: holder.pid, host: os.hostname() });

    const waited = performance.now();
    const waits: string[] = [];
    const refused = await acquireLock(file, { timeoutMs: 300, onWait: (h) => waits.push(h) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LockBusyError);
    // Told once whom it waits for, however often it looks.
    expect(waits).toEqual([`process ${holder.pid}`]);
    expect((refused as Error).message).toBe(`process ${holder.pid} has held entries.jsonl.lock for over 300 ms`);
    expect(performance.now() - waited).toBeGreaterThanOrEqual(300);

    holder.kill("SIGKILL");
    await exited(holder);
    const told: string[] = [];
    const taken = performance.now();
    const release = await acquireLock(file, { timeoutMs: 2000, onTakeOver: (left) => told.push(left) });
    expect(performance.now() - taken).toBeLessThan(1000);
    expect(told).toEqual([`process ${holder.pid}, which has ended`]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    await release();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.takeover`)).toBe(false);
  });

  it("is taken over when its pid now belongs to another process (started at another time)", async () => {
    const file = path.join(tempDir(), "entries.jsonl.lock");
    // This process is alive, but it is not the one that wrote the lock: its start time differs.
    writeFileSync(file, JSON.stringify({ pid: process.pid, started: "1", host: os.hostname(), nonce: "x" }));
    const told: string[] = [];
    const release = await acquireLock(file, { timeoutMs: 2000, onTakeOver: (left) => told.push(left) });
    expect(told).toEqual([`process ${process.pid}, which has ended (its number now belongs to another process)`]);
    await release();
  });

  it("waits for a holder on another machine, whose processes it cannot see", async () => {
    const file = path.join(tempDir(), "entries.jsonl.lock");
    writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 1, host: "elsewhere.example", nonce: "x" }));
    const refused = await acquireLock(file, { timeoutMs: 100 }).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(/^process 4194305 on elsewhere\.example has held/);
  });
});

describe("a lock file that names no holder (an older version's, left empty)", () => {
  it("is taken over once it is a second old, and waited for before", async () => {
    const file = path.join(tempDir(), "entries.jsonl.lock");
    writeFileSync(file, "");
    expect(await acquireLock(file, { timeoutMs: 100 }).catch((error: unknown) => error)).toBeInstanceOf(LockBusyError);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(file, aMinuteAgo, aMinuteAgo);
    const told: string[] = [];
    const release = await acquireLock(file, { timeoutMs: 2000, onTakeOver: (left) => told.push(left) });
    expect(told).toEqual(["a process that did not name itself (the lock file is empty or unreadable)"]);
    await release();
  });
});

describe("holders never overlap", () => {
  it("four processes counting 150 each under the lock, all starting on a lock left by a killed process", async () => {
    const dir = tempDir();
    const file = path.join(dir, "count.lock");
    const counter = path.join(dir, "count.txt");
    writeFileSync(counter, "0");
    const killed = await startUntil(await script(dir, "hold", HOLD), [file], "locked");
    killed.kill("SIGKILL");
    await exited(killed);
    const count = await script(
      dir,
      "count",
      `import { readFileSync, writeFileSync } from "node:fs";
      import { acquireLock } from LOCK;
      const [file, counter] = process.argv.slice(2);
      let takenOver = 0;
      for (let i = 0; i < 150; i++) {
        const release = await acquireLock(file, { timeoutMs: 20_000, onTakeOver: () => takenOver++ });
        const n = Number(readFileSync(counter, "utf8"));
        await new Promise((resolve) => setImmediate(resolve));
        writeFileSync(counter, String(n + 1));
        await release();
      }
      process.stdout.write("took over " + takenOver + "\\n");`,
    );
    const outputs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const child = spawn(process.execPath, [count, file, counter], { stdio: ["ignore", "pipe", "inherit"] });
        children.push(child);
        let out = "";
        child.stdout!.on("data", (chunk: Buffer) => (out += chunk));
        const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
        return { code, out };
      }),
    );
    expect(outputs.map((o) => o.code)).toEqual([0, 0, 0, 0]);
    expect(readFileSync(counter, "utf8")).toBe("600");
    // The killed holder's lock was taken over exactly once, by one of the four.
    expect(outputs.map((o) => Number(o.out.match(/took over (\d+)/)?.[1])).reduce((a, b) => a + b)).toBe(1);
    expect(existsSync(file)).toBe(false);
  });
});
