// `heirloom init [dir]`: a new site from one of the engine's starters (blog, minimal, docs), ready to install, edit
// and build; what to run next printed, names escaped.
import { isUtf8 } from "node:buffer";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { type Command, Option } from "commander";
import { InitEmptyName } from "../errors/catalogue.ts";
import { errorFrom, printableName } from "../errors/errors.ts";
import { ENGINE_ROOT, ENGINE_VERSION } from "../version.ts";
import { prepareTarget } from "./init-target.ts";
import type { Io } from "./io.ts";
import { shownPath } from "./shown-path.ts";
import { type StarterFile, writeInside } from "./starter-files.ts";

export const STARTERS = ["blog", "minimal", "docs"] as const;

/** Adds `init` to the program. */
export function addInitCommand(program: Command, io: Io): void {
  program
    .command("init")
    .description("Start a new site from a starter: site.config.ts, content/, templates/ and package.json.")
    .argument("[dir]", "folder to make the site in (made if missing)", ".")
    .addOption(new Option("-t, --template <name>", "starter to begin from").choices(STARTERS).default("blog"))
    .option("--force", "add the starter's files to a folder that is not empty (files of the same name are replaced)")
    // create-heirloom's: it installs the dependencies, then says what is next itself.
    .addOption(new Option("--installing").hideHelp())
    .action((dir: string, opts: { template: (typeof STARTERS)[number]; force?: boolean; installing?: boolean }) => {
      // path.resolve("") is the current folder: an empty name (an unset variable, "") must not stand for it.
      if (dir === "") throw errorFrom(InitEmptyName, {});
      const target = path.resolve(dir);
      const written = createSite(target, opts.template, opts.force ?? false);
      // As the user would type it: relative below this folder, absolute elsewhere.
      const shown = shownPath(target);
      io.stdout.write(`Made ${printableName(shown)} from the ${opts.template} starter: ${written} files.\n`);
      if (opts.installing) return;
      // cd reads a name starting with - as an option.
      const folder = shown.startsWith("-") ? `./${shown}` : shown;
      const steps = [...(shown === "." ? [] : [`cd ${shellQuoted(folder)}`]), "npm install", "npm run dev"];
      io.stdout.write("\nNext:\n");
      io.stdout.write(`${steps.map((step) => `  ${step}\n`).join("")}\n`);
      io.stdout.write("Then edit content/ and templates/; npm run build writes the site into dist/.\n");
    });
}

/**
 * Copies a starter into `target`, named after the folder; returns how many files were written. Nothing is
 * written through a symbolic link or outside the folder (see starter-files.ts).
 */
export function createSite(target: string, starter: string, force: boolean): number {
  const root = prepareTarget(target, force);
  const files = starterFiles(starter, path.basename(target));
  writeInside(root, files, printableName(shownPath(target)));
  return files.length;
}

/** Files copied byte for byte, never read as text: pictures, icons, fonts, sounds, videos and archives. */
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|bmp|tiff?|woff2?|ttf|otf|eot|pdf|mp3|mp4|webm|ogg|wasm|zip|gz)$/i;

/**
 * The starter's files, the site's names filled in (npm leaves a package's .gitignore out: it is kept as gitignore).
 * A binary file (by its extension, or any file that is not UTF-8) is copied as its bytes.
 */
function starterFiles(starter: string, folderName: string): StarterFile[] {
  const from = path.join(ENGINE_ROOT, "starters", starter);
  const words = folderName.replace(/[^A-Za-z0-9]+/g, " ").trim() || "My site";
  const names: Record<string, string> = {
    __SITE_NAME__: words.charAt(0).toUpperCase() + words.slice(1),
    __PACKAGE_NAME__: words.toLowerCase().replace(/ /g, "-"),
    __HEIRLOOM_VERSION__: ENGINE_VERSION,
  };
  const entries = readdirSync(from, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return entries.map((entry) => {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    const bytes = readFileSync(path.join(from, relative));
    const data =
      BINARY.test(relative) || !isUtf8(bytes)
        ? bytes
        : Buffer.from(bytes.toString("utf8").replace(/__[A-Z_]+__/g, (n) => names[n] ?? n));
    return { relative: (relative === "gitignore" ? ".gitignore" : relative).split(path.sep).join("/"), data };
  });
}

/** A folder as a shell takes it: plain, in single quotes, or as $'…' with its control characters escaped. */
function shellQuoted(dir: string): string {
  if (/^[\w./~-]+$/.test(dir)) return dir;
  const escaped = printableName(dir.replace(/[\\']/g, "\\$&"));
  return escaped === dir.replace(/[\\']/g, "\\$&") ? `'${dir.replace(/'/g, "'\\''")}'` : `$'${escaped}'`;
}
