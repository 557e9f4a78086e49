// How preview sends a file as static hosts do: serve-handler still finds it and makes its head (status, serve.json's
// headers, ETag), and this sends the body, compressed with brotli or gzip when the request accepts it and the type
// is text (content-coding.ts), with `Vary: Accept-Encoding`, the encoding's own ETag (of the file's content hash)
// and Content-Length. It also answers If-None-Match, with a 304 for whichever of them the client holds.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import {
  type Encoding,
  chooseEncoding,
  encodedETag,
  isCompressible,
  matchesETag,
  varyOnEncoding,
} from "./content-coding.ts";
import type { EncodedBodies } from "./encoded-bodies.ts";
import { answer } from "./http.ts";

/** Smaller bodies are sent as they are: they fit in one packet either way (`npx serve` draws the line there too). */
const MIN_COMPRESSED_BYTES = 1024;
/** Larger files are streamed as they are, not read whole into memory to be compressed. */
const MAX_COMPRESSED_BYTES = 8 * 1024 * 1024;

/** The bytes of a file serve-handler asks for: a Range request's, or all. */
export interface ByteRange {
  start?: number;
  end?: number;
}

/** What preview hands serve-handler besides its confined file system. */
export interface CompressedFiles {
  createReadStream(file: string, range?: ByteRange): Readable;
}

interface Head {
  status: number;
  headers: OutgoingHttpHeaders;
}

/** The headers a 304 repeats from the answer it stands for (RFC 9110 15.4.5). */
const NOT_MODIFIED_HEADERS = ["etag", "vary", "cache-control", "expires", "content-location"];

/**
 * Takes over the sending of one response's file from serve-handler. `onError` is told of a file that could not be
 * read: the visitor gets a plain 500, or a body cut short when the head had gone out already.
 */
export function compressedFiles(
  req: IncomingMessage,
  res: ServerResponse,
  bodies: EncodedBodies,
  onError: (error: unknown) => void,
): CompressedFiles {
  // serve-handler knows one ETag per file and would answer If-None-Match with it; each encoding has its own.
  const validators = req.headers["if-none-match"];
  delete req.headers["if-none-match"];
  const writeHead = res.writeHead;
  let opened = false;
  let held: Head | undefined;
  // serve-handler writes a file's head, the only one of its heads with a Content-Length, then pipes the file's
  // stream: the head is held until that stream knows what it sends. A redirect or a bare error page goes out now.
  res.writeHead = ((...args: unknown[]) => {
    const [status, given] = args as [number, OutgoingHttpHeaders | undefined];
    const headers = Object.fromEntries(Object.entries(given ?? {}).map(([name, v]) => [name.toLowerCase(), v]));
    if (!opened || args.length !== 2 || !("content-length" in headers)) return writeHead.apply(res, args as never);
    res.writeHead = writeHead;
    held = { status, headers };
    return res;
  }) as ServerResponse["writeHead"];

  /** The file as the held head says, compressed if it is worth it. */
  async function* send({ status, headers }: Head, file: string, range: ByteRange): AsyncGenerator<Buffer> {
    const size = Number(headers["content-length"]);
    const text = isCompressible(String(headers["content-type"] ?? "")) && !file.endsWith(".svgz");
    if (text) headers.vary = varyOnEncoding(headers.vary);
    // A Range request is answered from the file as it is: serve-handler's 206 (or 416) counts the file's bytes.
    const worth = text && (status === 200 || status === 404) && size >= MIN_COMPRESSED_BYTES;
    const chosen = worth && size <= MAX_COMPRESSED_BYTES ? chooseEncoding(req.headers["accept-encoding"]) : "identity";
    // serve-handler's ETag is kept by modification time, which a copy with its times (rsync -t, cp -p) keeps.
    if (headers.etag !== undefined) headers.etag = `"${await bodies.digest(file)}"`;
    const tagged = (encoding: Encoding) =>
      headers.etag === undefined ? headers : { ...headers, etag: encodedETag(String(headers.etag), encoding) };
    if (status === 200 && req.headers.range === undefined && matchesETag(validators, tagged(chosen).etag as string)) {
      const kept = Object.entries(tagged(chosen)).filter(([name]) => NOT_MODIFIED_HEADERS.includes(name));
      writeHead.call(res, 304, Object.fromEntries(kept));
      return;
    }
    // A body that cannot be compressed is sent as it is; a file that cannot be read fails below, and is told.
    const encoded = chosen === "identity" ? undefined : await bodies.get(file, chosen).catch(() => undefined);
    if (chosen !== "identity" && encoded) {
      if (headers.etag !== undefined) headers.etag = `"${encoded.digest}"`;
      // No Accept-Ranges: a range is served from the file as it is, so a client must not resume an encoded body.
      const { "accept-ranges": _, ...rest } = tagged(chosen);
      writeHead.call(res, status, { ...rest, "content-encoding": chosen, "content-length": encoded.body.length });
      if (req.method !== "HEAD") yield encoded.body;
      return;
    }
    // Opened before the head goes out, so a file gone since serve-handler found it is a 500, not a cut body.
    const handle = await open(file);
    writeHead.call(res, status, headers);
    if (req.method === "HEAD") return void (await handle.close());
    yield* handle.createReadStream(range);
  }

  async function* stream(file: string, range: ByteRange): AsyncGenerator<Buffer> {
    const head = held;
    // serve-handler reads the file to hash it for its ETag before it writes the head: that read gets the file.
    if (!head) return yield* createReadStream(file, range);
    try {
      yield* send(head, file, range);
    } catch (error) {
      // Never an error on the stream: serve-handler pipes it without listening for one, and the server would end.
      onError(error);
      if (res.headersSent) res.destroy();
      else answer(res, 500);
    }
  }

  return {
    createReadStream(file, range = {}) {
      opened = true;
      const body = Readable.from(stream(file, range), { objectMode: false });
      // A visitor who leaves mid-body: the file is closed rather than left paused.
      res.once("close", () => body.destroy());
      return body;
    },
  };
}
