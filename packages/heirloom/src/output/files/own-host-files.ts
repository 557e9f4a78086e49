// Host files a site writes itself, published from content/ (passthrough): its _headers and _redirects are added
// after the build's own rules, so neither replaces the other, and their bytes are what is published and hashed;
// a serve.json of its own is refused, as serve reads one object and preview needs the build's.
import type { OutputFile } from "../../assets/bundle.ts";
import { HostFileInPassthrough } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";

/** The files a site may add rules to, and the file whose rules it may not replace. */
const ADDED_TO = ["_headers", "_redirects"];
const REFUSED = ["serve.json"];

/** The passthrough files without the site's host files, and the host files with the site's rules added. */
export function withOwnHostFiles(
  passthrough: OutputFile[],
  hosting: OutputFile[],
): { passthrough: OutputFile[]; hosting: OutputFile[] } {
  const refused = passthrough.find((file) => REFUSED.includes(file.path));
  if (refused)
    throw errorFrom(HostFileInPassthrough, { file: refused.path }, { location: { file: `content/${refused.path}` } });
  const own = new Map(passthrough.filter((file) => ADDED_TO.includes(file.path)).map((file) => [file.path, file]));
  if (own.size === 0) return { passthrough, hosting };
  const merged = hosting.map((file) => {
    const added = own.get(file.path);
    if (!added) return file;
    own.delete(file.path);
    const note = Buffer.from(`\n# The site's own rules, from content/${file.path}\n`);
    return { path: file.path, contents: Buffer.concat([withNewline(file.contents), note, added.contents]) };
  });
  // A _redirects of the site's own where the build writes none is published as it is.
  return {
    passthrough: passthrough.filter((file) => !ADDED_TO.includes(file.path)),
    hosting: [...merged, ...own.values()],
  };
}

function withNewline(contents: Uint8Array): Buffer {
  const buffer = Buffer.from(contents);
  return buffer.length === 0 || buffer[buffer.length - 1] === 0x0a
    ? buffer
    : Buffer.concat([buffer, Buffer.from("\n")]);
}
