// The content hash of each file preview serves: its ETag, and the key of its compressed bodies. A file is read
// and hashed again when its inode, size or times change, and on every request while a change could still hide.
import { type Hash, createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";

/**
 * How long after a file's last change its hash is read again on every request. A write within the same clock
 * tick of the file system (a few ms on ext4, 2 s on FAT) can leave its times as they were: Git calls it "racy".
 */
const SETTLE_MS = 2000;

interface Known {
  /** The file's inode, size and times when it was hashed, joined. */
  stamp: string;
  digest: string;
}

/** A file's stat as a string that changes with any write, rename over it, or touch of its times. */
function stampOf(stats: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/**
 * The hash serve-handler gives a file for its ETag: SHA-1 of the file's extension, a hyphen and its bytes, so an
 * unchanged file keeps the ETag it had.
 */
export function digestOf(file: string, bytes: Buffer): string {
  return hashFor(file).update(bytes).digest("hex");
}

function hashFor(file: string): Hash {
  return createHash("sha1").update(path.extname(file)).update("-");
}

/** One server's hashes of the files it sends. */
export class FileDigests {
  readonly #known = new Map<string, Known>();

  /** The hash of the file as it is now; read from the file only when it may have changed since it was hashed. */
  async of(file: string): Promise<string> {
    const stats = await stat(file);
    const stamp = stampOf(stats);
    const known = this.#known.get(file);
    if (known?.stamp === stamp) return known.digest;
    // ctime, unlike mtime, cannot be set back by rsync -t, cp -p or tar: a write after this one moves it.
    const settled = Date.now() - stats.ctimeMs > SETTLE_MS;
    const hash = hashFor(file);
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    const digest = hash.digest("hex");
    if (settled) this.#known.set(file, { stamp, digest });
    else this.#known.delete(file);
    return digest;
  }
}
