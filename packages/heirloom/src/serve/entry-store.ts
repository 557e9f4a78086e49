// The local receiver's storage: one JSON line per entry in a git-ignored file. The file is the source of
// truth: every add re-reads what other processes appended (preview and dev may run at once) under a lock
// file, so no address is stored twice. A damaged line is reported once and never rewritten.
import { closeSync, openSync } from "node:fs";
import { appendFile, mkdir, open, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

export interface EntryStore {
  file: string;
  /** Adds a value unless it is already stored (case-insensitive); appends are serialised across processes. */
  add(value: string): Promise<"added" | "duplicate">;
}

export interface StoreOptions {
  /** Told once per damaged line: its 1-based number and why it is skipped. */
  onDamagedLine?: (line: number, reason: string) => void;
  /** How long to wait for another process's lock before giving up (default 5 s). */
  lockTimeoutMs?: number;
  /** The clock entries are stamped with (tests). */
  now?: () => Date;
}

/** Opens (or starts) a JSON-lines file of `{ value field, at }` entries keyed by `field`. */
export async function openEntryStore(file: string, field: string, options: StoreOptions = {}): Promise<EntryStore> {
  await mkdir(path.dirname(file), { recursive: true });
  const known = new Set<string>();
  const reported = new Set<number>();
  let offset = 0;
  let lines = 0;
  let endsWithNewline = true;

  /** Reads what was appended since the last read (by any process). */
  const refresh = async () => {
    const size = (await stat(file).catch(() => undefined))?.size ?? 0;
    if (size < offset) [offset, lines] = [0, 0]; // replaced by hand: start over
    if (size === offset) return;
    const handle = await open(file, "r");
    try {
      const buffer = Buffer.alloc(size - offset);
      await handle.read(buffer, 0, buffer.length, offset);
      // Only whole lines are taken; a last line without a newline is read again next time.
      const text = buffer.toString("utf8");
      const complete = text.lastIndexOf("\n") + 1;
      for (const line of text.slice(0, complete).split("\n").slice(0, -1)) parseLine(line, ++lines);
      offset += Buffer.byteLength(text.slice(0, complete));
      endsWithNewline = complete === text.length;
      if (!endsWithNewline) parseLine(text.slice(complete), lines + 1, true);
    } finally {
      await handle.close();
    }
  };
  const parseLine = (raw: string, number: number, partial = false) => {
    const line = (number === 1 ? raw.replace(/^\uFEFF/, "") : raw).trim();
    if (!line) return;
    let value: unknown;
    try {
      value = (JSON.parse(line) as Record<string, unknown>)?.[field];
    } catch {
      value = undefined;
    }
    if (typeof value === "string") known.add(value.toLowerCase());
    else if (!reported.has(number)) {
      reported.add(number);
      options.onDamagedLine?.(
        number,
        partial ? "it is cut off (no newline at the end)" : `it is not a JSON entry with "${field}"`,
      );
    }
  };
  await refresh();

  let queue: Promise<unknown> = Promise.resolve();
  const add = async (value: string): Promise<"added" | "duplicate"> => {
    const release = await lock(`${file}.lock`, options.lockTimeoutMs ?? 5000);
    try {
      await refresh();
      const key = value.toLowerCase();
      if (known.has(key)) return "duplicate";
      const at = (options.now?.() ?? new Date()).toISOString();
      // A damaged last line keeps its bytes; the new entry starts on a line of its own.
      await appendFile(file, `${endsWithNewline ? "" : "\n"}${JSON.stringify({ [field]: value, at })}\n`);
      known.add(key);
      return "added";
    } finally {
      await release();
    }
  };
  return {
    file,
    add(value) {
      const result = queue.then(() => add(value));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/**
 * An exclusive lock shared by processes: a file created with O_EXCL holding the owner's pid. A lock whose
 * owner is gone is taken over; a live one is waited for, up to `timeoutMs`.
 */
async function lock(file: string, timeoutMs: number): Promise<() => Promise<void>> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      const fd = openSync(file, "wx");
      try {
        await appendFile(file, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(await readFile(file, "utf8").catch(() => ""));
    if (owner && !isAlive(owner)) await rm(file, { force: true });
    else if (Date.now() > deadline)
      throw new Error(`another process has held ${path.basename(file)} for over ${timeoutMs} ms`);
    else await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
