// The compressed bodies preview sends, kept so a page is compressed once and not on every request: by encoding
// and the hash of the bytes compressed (file-digests.ts), never by times a copy can keep. The least recently sent
// go first once the kept bodies pass a total size.
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { FileDigests, digestOf } from "./file-digests.ts";

/** What the kept bodies may add up to: thousands of pages of a few KB each; past it, the oldest are dropped. */
const KEPT_BYTES = 32 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A body and the hash of the file's bytes it was compressed from. */
export interface EncodedBody {
  digest: string;
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
  readonly #kept = new Map<string, EncodedBody>();
  readonly #digests = new FileDigests();
  #bytes = 0;

  constructor(readonly maxBytes = KEPT_BYTES) {}

  /** The hash of the file's bytes as they are now: its ETag. */
  digest(file: string): Promise<string> {
    return this.#digests.of(file);
  }

  /**
   * The file's body in `encoding`, compressed now unless its bytes were compressed before. The hash returned is
   * of the bytes compressed, which a change during the request can make newer than `digest` said.
   */
  async get(file: string, encoding: "br" | "gzip"): Promise<EncodedBody> {
    const kept = this.#kept.get(`${encoding}:${await this.digest(file)}`);
    if (kept) {
      this.#keep(encoding, kept);
      return kept;
    }
    const bytes = await readFile(file);
    const made = { digest: digestOf(file, bytes), body: await compress(bytes, encoding) };
    this.#keep(encoding, made);
    return made;
  }

  /** Keeps a body as the most recently sent (a Map iterates in the order of insertion). */
  #keep(encoding: string, entry: EncodedBody): void {
    const key = `${encoding}:${entry.digest}`;
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
