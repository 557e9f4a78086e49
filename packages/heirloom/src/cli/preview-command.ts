// `heirloom preview`: the built folder served as a static host serves it, with the forms' local receivers;
// refused, with the build command that makes it, when there is nothing to serve. It stops on Ctrl+C.
import type { Command } from "commander";
import { formEventsPrinter } from "./form-events.ts";
import type { Io } from "./io.ts";
import { type PrintLine, type ServerFlags, announce, failed, hostOf, withServerOptions } from "./server-options.ts";
import { printable } from "../errors/errors.ts";

interface PreviewFlags extends ServerFlags {
  out: string;
  base?: string;
}

/** Adds `preview` to the program. */
export function addPreviewCommand(program: Command, io: Io): void {
  const say: PrintLine = (s) => io.stderr.write(`${printable(s)}\n`);
  const preview = program
    .command("preview")
    .description(
      "Serve the built site on 127.0.0.1, compressed as static hosts do, with local receivers for the site's forms.",
    );
  withServerOptions(preview, "project folder holding site.config.ts and the build", 4173)
    .option("-o, --out <dir>", "folder to serve, relative to the project folder", "dist")
    .option("--base <path>", "base path to serve the site under (default: the one it was built with)")
    .action((opts: PreviewFlags) => runPreview(opts, io, say));
}

/** `heirloom preview`: refuses an output with nothing to serve, then serves it until stopped. */
async function runPreview(opts: PreviewFlags, io: Io, say: PrintLine): Promise<void> {
  const [
    { assertServable, startPreview },
    { bothAllowed },
    { DEFINITION_FILE },
    { loadDefinition },
    path,
    { existsSync },
  ] = await Promise.all([
    import("../serve/preview/index.ts"),
    import("../serve/http/index.ts"),
    import("../config/definition-file.ts"),
    import("../pipeline/compile-parts.ts"),
    import("node:path"),
    import("node:fs"),
  ]);
  const root = path.resolve(opts.root);
  const outDir = path.resolve(root, opts.out);
  await assertServable(root, outDir, buildCommandFor(opts));
  // The forms' local receivers come from the definition; a folder without one is served as it is.
  const { forms, allowedHosts } = existsSync(path.join(root, DEFINITION_FILE))
    ? await loadDefinition(root)
    : { forms: [], allowedHosts: [] };
  const preview = await startPreview({
    outDir,
    root,
    forms,
    port: opts.port,
    host: hostOf(opts),
    allowedHosts: bothAllowed(opts.allowedHost, allowedHosts),
    base: opts.base,
    events: formEventsPrinter(say, root, opts.debug),
    onError: failed(say, "a request could not be answered", opts.debug),
  });
  const { base, builtBase } = preview;
  if (opts.base && builtBase && builtBase !== base) {
    say(
      `warning ${opts.out} was built with the base path ${builtBase}, and --base serves it under ${base}: ` +
        `its pages ask for their styles, scripts and links under ${builtBase}. ` +
        "Leave out --base to serve it as it was built.",
    );
  }
  const entries = preview.formFiles.map((f) => `Form entries go to ${path.relative(process.cwd(), f)}\n`).join("");
  const asBuilt = !opts.base && base !== "/" ? ` (the base path it was built with)` : "";
  const { url, busyPorts } = preview;
  await announce(io, opts, { label: `Serving ${opts.out}`, command: "preview", url, busyPorts, after: asBuilt });
  io.stdout.write(`${entries}Press Ctrl+C to stop.\n`);
  await io.untilStopped();
  await preview.close();
}

/** The build command that writes what this preview serves: "heirloom build --out site". */
function buildCommandFor(opts: PreviewFlags): string {
  const quote = (s: string) => (/^[\w./~-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  const args = ["heirloom build"];
  if (opts.root !== ".") args.push("--root", quote(opts.root));
  if (opts.out !== "dist") args.push("--out", quote(opts.out));
  if (opts.base) args.push("--base", quote(opts.base));
  return args.join(" ");
}
