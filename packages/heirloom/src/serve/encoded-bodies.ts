// The compressed bodies preview sends, kept so a page is compressed once and not on every request: by file and
// encoding, for as long as the file has the modification time and size it was compressed at. The least
// recently sent go first once the kept bodies pass a total size.
import { readFile, stat } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** What the kept bodies may add up to: thousands of pages of a few KB each; past it, the oldest are dropped. */
const KEPT_BYTES = 32 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Kept {
  mtimeMs: number;
  size: number;
  body: Buffer;
}

/**
 * Compresses on Node's thread pool, off the thread that answers requests. Brotli at its highest quality and gzip
 * at level 9, as hosts compress files that do not change: a page's gzip body is the size the build reports.
 */
function compress(bytes: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  if (encoding === "gzip") return gzip(bytes, { level: 9 });
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
  return brotli(bytes, { params });
}

/** One server's kept bodies. */
export class EncodedBodies {
  readonly #kept = new Map<string, Kept>();
  #bytes = 0;

  constructor(readonly maxBytes = KEPT_BYTES) {}

  /** The file's body in `encoding`, compressed now unless it was since the file last changed. */
  async get(file: string, encoding: "br" | "gzip"): Promise<Buffer> {
    const { mtimeMs, size } = await stat(file);
    const key = `${encoding}:${file}`;
    const kept = this.#kept.get(key);
    if (kept?.mtimeMs === mtimeMs && kept.size === size) {
      this.#keep(key, kept);
      return kept.body;
    }
    const body = await compress(await readFile(file), encoding);
    this.#keep(key, { mtimeMs, size, body });
    return body;
  }

  /** Keeps a body as the most recently sent (a Map iterates in the order of insertion). */
  #keep(key: string, entry: Kept): void {
    const old = this.#kept.get(key);
    if (old) this.#bytes -= old.body.length;
    this.#kept.delete(key);
    if (entry.body.length > this.maxBytes) return;
    this.#kept.set(key, entry);
    this.#bytes += entry.body.length;
    for (const [oldest, { body }] of this.#kept) {
      if (this.#bytes <= this.maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= body.length;
    }
  }
}
