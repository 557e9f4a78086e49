// The CLI as a user runs it, as a child process: what it prints, and how it ends. Each one started is stopped
// (SIGTERM) by stopStarted(), which a test file calls after each test.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { cliPath } from "./site.ts";

/**
 * How long one `heirloom check` (TypeScript over the whole site) may take: 5 s on a quiet machine, 19 s seen on a
 * busy one. A test that runs checks has this times their number as its time limit.
 */
export const CHECK_MS = 60_000;

/** Runs the command on the site at `root` to its end, without colours; `env` is added to PATH alone. */
export function heirloomRun(root: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  return heirloomRunWith({}, root, ...args);
}

/** heirloomRun with more of the environment: `env` (NODE_OPTIONS, say) besides PATH and NO_COLOR. */
export function heirloomRunWith(env: Record<string, string>, root: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, ...args, "--root", root], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, NO_COLOR: "1", ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file of the site's dist/ with its bytes. */
export function outputSnapshot(root: string): Record<string, Buffer> {
  const files = readdirSync(path.join(root, "dist"), { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    files
      .filter((entry) => entry.isFile())
      .map((entry) => [path.join(entry.parentPath, entry.name), readFileSync(path.join(entry.parentPath, entry.name))]),
  );
}

/** The build failed as it must: the old output as it was, no staging folder left behind. */
export function expectNothingWritten(root: string, before: Record<string, Buffer>): void {
  expect(outputSnapshot(root)).toEqual(before);
  expect(readdirSync(root).filter((name) => name.startsWith("dist.tmp-"))).toEqual([]);
}

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves with the match once stdout or stderr shows `pattern`; rejects after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code; rejects after `ms`. */
  exited(ms?: number): Promise<number | null>;
}

const running: Running[] = [];

/** Stops every process started and still running. */
export function stopStarted(): void {
  for (const r of running.splice(0))
    if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill("SIGTERM");
}

export function startCli(cwd: string, args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd,
    env: { PATH: process.env.PATH, NO_COLOR: "1", ...env },
  });
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    listeners.forEach((l) => l());
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const r: Running = {
    child,
    output: () => text,
    waitFor: (pattern, ms = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} within ${ms} ms; output:\n${text}`));
        }, ms);
        listeners.add(check);
        check();
      }),
    exited: (ms = 20_000) =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        const timer = setTimeout(() => reject(new Error(`still running after ${ms} ms; output:\n${text}`)), ms);
        child.once("exit", (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      }),
  };
  running.push(r);
  return r;
}
