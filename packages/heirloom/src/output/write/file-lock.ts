// An exclusive lock shared by the processes of one machine (two builds of one output folder; preview and dev
// storing a form's entries at once): a file that names its holder (pid, the start time the system gives that
// process, host), made whole before it appears (link(2)), so it is never seen empty. A lock whose holder has
// ended, or whose pid now belongs to a newer process, is taken over; a live holder is waited for, up to a
// timeout.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { link, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { cleared, leaves } from "../../compile/supervisor.ts";

/** What a lock file holds. `started` is opaque: only compared with what the system says of the same pid. */
interface Holder {
  pid: number;
  started?: string;
  host: string;
  nonce: string;
}

/** The lock stayed held by a live process for the whole wait. */
export class LockBusyError extends Error {
  constructor(
    readonly file: string,
    timeoutMs: number,
    /** Who holds it: "process 4711", or "process 4711 on <host>". */
    readonly holder: string,
  ) {
    super(`${holder} has held ${path.basename(file)} for over ${timeoutMs} ms`);
    this.name = "LockBusyError";
  }
}

export interface LockOptions {
  /** How long to wait for a live holder before giving up with LockBusyError. */
  timeoutMs: number;
  /** Told when a lock left behind is taken over, with who left it ("process 4711, which has ended"). */
  onTakeOver?: (left: string) => void;
  /** Told once, when the lock is found held by a live process, with who holds it ("process 4711"). */
  onWait?: (holder: string) => void;
}

/** A lock file naming no holder (an older version's, cut short) is left alone this long after it was written. */
const UNNAMED_GRACE_MS = 1000;
/** The takeover guard is held for a few file operations; one older than this was left by a killed process. */
const GUARD_STALE_MS = 2000;

/** Takes the lock at `file`; resolves with its release. */
export async function acquireLock(file: string, options: LockOptions): Promise<() => Promise<void>> {
  ownIdentity ??= identify();
  const holder: Holder = { ...(await ownIdentity), nonce: randomBytes(8).toString("hex") };
  const text = JSON.stringify(holder);
  const draft = `${file}.${holder.pid}-${holder.nonce}`;
  leaves(draft, "file");
  await writeFile(draft, text);
  const deadline = Date.now() + options.timeoutMs;
  let waiting = false;
  try {
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      if (await linkExclusive(draft, file)) return () => releaseIfOwn(file, text);
      const found = await inspect(file);
      if (found.text === undefined) continue; // released meanwhile
      if (found.left !== undefined && (await takeOver(file, found.text, draft))) {
        options.onTakeOver?.(found.left);
        continue;
      }
      if (!waiting) {
        waiting = true;
        options.onWait?.(found.holder);
      }
      if (Date.now() > deadline) throw new LockBusyError(file, options.timeoutMs, found.holder);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } finally {
    await rm(draft, { force: true });
    cleared(draft);
  }
}

/** Creates `file` as a second name of `draft`, whole; false when it exists. */
async function linkExclusive(draft: string, file: string): Promise<boolean> {
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * What the lock file says: its text (undefined when it is gone), who holds it, and, when its holder is gone,
 * who left it.
 */
async function inspect(file: string): Promise<{ text?: string; holder: string; left?: string }> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return { holder: "" };
  const holder = parseHolder(text);
  if (!holder) {
    const age = Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0);
    const unnamed = "a process that did not name itself (the lock file is empty or unreadable)";
    return age > UNNAMED_GRACE_MS ? { text, holder: unnamed, left: unnamed } : { text, holder: unnamed };
  }
  const name = `process ${holder.pid}`;
  if (holder.host !== os.hostname()) return { text, holder: `${name} on ${holder.host}` };
  const running = await describeProcess(holder.pid);
  if (!running) return { text, holder: name, left: `${name}, which has ended` };
  if (holder.started && running.started && running.started !== holder.started) {
    return { text, holder: name, left: `${name}, which has ended (its number now belongs to another process)` };
  }
  return { text, holder: name };
}

/**
 * Removes the lock file if it still holds `stale`. A guard file makes the look and the removal one step, so
 * that two processes taking over the same lock never remove each other's fresh one.
 */
async function takeOver(file: string, stale: string | undefined, draft: string): Promise<boolean> {
  const guard = `${file}.takeover`;
  if (!(await linkExclusive(draft, guard))) {
    const age = Date.now() - ((await stat(guard).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (age > GUARD_STALE_MS) await rm(guard, { force: true });
    return false;
  }
  try {
    if ((await readFile(file, "utf8").catch(() => undefined)) !== stale) return false;
    await rm(file, { force: true });
    return true;
  } finally {
    await rm(guard, { force: true });
  }
}

async function releaseIfOwn(file: string, text: string): Promise<void> {
  if ((await readFile(file, "utf8").catch(() => undefined)) === text) await rm(file, { force: true });
}

function parseHolder(text: string): Holder | undefined {
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder?.pid) && holder.pid > 0 && typeof holder.host === "string" ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** This process as its locks name it, asked of the system once. */
let ownIdentity: Promise<Omit<Holder, "nonce">> | undefined;
const identify = async () => ({
  pid: process.pid,
  started: (await describeProcess(process.pid))?.started,
  host: os.hostname(),
});

/**
 * Whether a process runs, and when it started as the system says (so a reused pid is told apart): Linux's
 * /proc/<pid>/stat start field (a zombie counts as ended), elsewhere `ps -o lstart=`; Windows says nothing.
 */
async function describeProcess(pid: number): Promise<{ started?: string } | undefined> {
  if (process.platform === "linux") {
    const line = await readFile(`/proc/${pid}/stat`, "utf8").catch((error: NodeJS.ErrnoException) => error.code);
    if (line === "ENOENT") return undefined;
    if (line?.includes(")")) {
      const fields = line.slice(line.lastIndexOf(")") + 2).split(" ");
      return fields[0] === "Z" || fields[0] === "X" ? undefined : { started: fields[19] };
    }
  }
  if (!isRunning(pid)) return undefined;
  if (process.platform === "win32") return {};
  const started = await new Promise<string>((resolve) =>
    execFile("ps", ["-o", "lstart=", "-p", String(pid)], (error, stdout) => resolve(error ? "" : stdout.trim())),
  );
  return { started: started || undefined };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
