// Content files are strict UTF-8: another encoding is an error at its first bad byte, never replacement
// characters; an empty file is an error too.
import { EmptyFile, NotUtf8, Utf16 } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";

/**
 * Strict UTF-8: a file in another encoding is an error at its first bad byte, never replacement characters.
 * A UTF-8 byte-order mark is dropped; an empty file is an error.
 */
export function decodeContent(file: string, bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw errorFrom(Utf16, { file }, { location: { file } });
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const line = bytes.subarray(0, offset).filter((b) => b === 0x0a).length + 1;
    throw errorFrom(NotUtf8, { file, line }, { location: { file, line } });
  }
  if (text.trim() === "") throw errorFrom(EmptyFile, { file }, { location: { file } });
  return text;
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0) return i;
    for (let j = 1; j < length; j++) if (i + j >= bytes.length || (bytes[i + j] & 0xc0) !== 0x80) return i;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}
