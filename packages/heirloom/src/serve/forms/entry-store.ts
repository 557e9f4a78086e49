// The local receiver's storage: one JSON line per entry in a git-ignored file. The file is the source of
// truth: every add re-reads what changed under the lock (file-lock.ts), as other processes append (preview
// and dev may run at once) or a person empties or edits it, so no address is stored twice or wrongly held
// known. A damaged line is reported once and never rewritten.
import { appendFile, mkdir, open, stat } from "node:fs/promises";
import path from "node:path";
import { acquireLock } from "../../output/write/index.ts";

export { LockBusyError } from "../../output/write/index.ts";

export interface EntryStore {
  file: string;
  /** Adds a value unless it is already stored (case-insensitive); appends are serialised across processes. */
  add(value: string): Promise<"added" | "duplicate">;
}

export interface StoreOptions {
  /** Told once per damaged line: its 1-based number and why it is skipped. */
  onDamagedLine?: (line: number, reason: string) => void;
  /** Told when the lock file left by a process that has ended is taken over, with who left it. */
  onStaleLock?: (left: string) => void;
  /** How long to wait for another process's lock before giving up with LockBusyError (default 5 s). */
  lockTimeoutMs?: number;
  /** The clock entries are stamped with (tests). */
  now?: () => Date;
}

/** Opens (or starts) a JSON-lines file of `{ value field, at }` entries keyed by `field`. */
export async function openEntryStore(file: string, field: string, options: StoreOptions = {}): Promise<EntryStore> {
  await mkdir(path.dirname(file), { recursive: true });
  const reader = entryReader(file, field, options.onDamagedLine);
  await reader.refresh();

  let queue: Promise<unknown> = Promise.resolve();
  const add = async (value: string): Promise<"added" | "duplicate"> => {
    const release = await acquireLock(`${file}.lock`, {
      timeoutMs: options.lockTimeoutMs ?? 5000,
      onTakeOver: options.onStaleLock,
    });
    try {
      const { known, endsWithNewline } = await reader.refresh();
      if (known.has(value.toLowerCase())) return "duplicate";
      const at = (options.now?.() ?? new Date()).toISOString();
      // A damaged last line keeps its bytes; the new entry starts on a line of its own. The next refresh
      // reads this line back like any other.
      await appendFile(file, `${endsWithNewline ? "" : "\n"}${JSON.stringify({ [field]: value, at })}\n`);
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
 * What the file holds, followed as it changes: an append (same file, longer, the last line read unchanged) is
 * read from where the last read stopped; any other change (emptied, shortened, replaced, rewritten in place:
 * another inode, size or modification time) is read again from the start, the known values forgotten.
 */
function entryReader(file: string, field: string, onDamagedLine?: (line: number, reason: string) => void) {
  let known = new Set<string>();
  const reported = new Set<string>();
  let seen = { ino: -1, size: 0, mtimeMs: 0 };
  let offset = 0;
  let lines = 0;
  let lastLine = Buffer.alloc(0);
  let endsWithNewline = true;

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
    else if (!reported.has(`${number}:${line}`)) {
      reported.add(`${number}:${line}`);
      onDamagedLine?.(
        number,
        partial ? "it is cut off (no newline at the end)" : `it is not a JSON entry with "${field}"`,
      );
    }
  };

  /** Reads the bytes from `from` to `size`; false when the last line read before them is not there any more. */
  const readFrom = async (from: number, size: number, check: Buffer): Promise<boolean> => {
    const handle = await open(file, "r");
    try {
      const buffer = Buffer.alloc(size - from + check.length);
      await handle.read(buffer, 0, buffer.length, from - check.length);
      if (!buffer.subarray(0, check.length).equals(check)) return false;
      // Only whole lines are taken; a last line without a newline is read again next time.
      const text = buffer.subarray(check.length).toString("utf8");
      const complete = text.lastIndexOf("\n") + 1;
      const whole = text.slice(0, complete).split("\n").slice(0, -1);
      for (const line of whole) parseLine(line, ++lines);
      if (whole.length) lastLine = Buffer.from(`${whole.at(-1)}\n`);
      offset = from + Buffer.byteLength(text.slice(0, complete));
      endsWithNewline = complete === text.length;
      if (!endsWithNewline) parseLine(text.slice(complete), lines + 1, true);
      return true;
    } finally {
      await handle.close();
    }
  };

  const refresh = async () => {
    const now = (await stat(file).catch(() => undefined)) ?? { ino: -1, size: 0, mtimeMs: 0 };
    if (now.ino === seen.ino && now.size === seen.size && now.mtimeMs === seen.mtimeMs)
      return { known, endsWithNewline };
    const appended = now.ino === seen.ino && now.size > seen.size;
    if (!(appended && (await readFrom(offset, now.size, lastLine)))) {
      [known, offset, lines, lastLine, endsWithNewline] = [new Set(), 0, 0, Buffer.alloc(0), true];
      if (now.size > 0) await readFrom(0, now.size, lastLine);
    }
    seen = { ino: now.ino, size: now.size, mtimeMs: now.mtimeMs };
    return { known, endsWithNewline };
  };
  return { refresh };
}
