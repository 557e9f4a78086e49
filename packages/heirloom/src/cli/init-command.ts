// `heirloom init [dir]`: a new site from one of the engine's starters (blog, minimal): site.config.ts,
// content/, templates/, package.json, tsconfig.json and a README, ready to install, edit and build. A folder
// that is not empty is refused unless --force; what to run next is printed.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Command, Option } from "commander";
import { FolderNotEmpty } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";
import { ENGINE_ROOT, ENGINE_VERSION } from "../version.ts";
import type { Io } from "./io.ts";

export const STARTERS = ["blog", "minimal"] as const;

/** Adds `init` to the program. */
export function addInitCommand(program: Command, io: Io): void {
  program
    .command("init")
    .description("Start a new site from a starter: site.config.ts, content/, templates/ and package.json.")
    .argument("[dir]", "folder to make the site in (made if missing)", ".")
    .addOption(new Option("-t, --template <name>", "starter to begin from").choices(STARTERS).default("blog"))
    .option("--force", "add the starter's files to a folder that is not empty (files of the same name are replaced)")
    .action((dir: string, opts: { template: (typeof STARTERS)[number]; force?: boolean }) => {
      const target = path.resolve(dir);
      const written = createSite(target, opts.template, opts.force ?? false);
      // As the user would type it: relative below this folder, absolute elsewhere.
      const relative = path.relative(process.cwd(), target) || ".";
      const shown = relative.startsWith("..") || path.isAbsolute(relative) ? target : relative;
      const steps = [...(shown === "." ? [] : [`cd ${quote(shown)}`]), "npm install", "npm run dev"];
      io.stdout.write(`Made ${shown} from the ${opts.template} starter: ${written} files.\n\nNext:\n`);
      io.stdout.write(`${steps.map((step) => `  ${step}\n`).join("")}\n`);
      io.stdout.write("Then edit content/ and templates/; npm run build writes the site into dist/.\n");
    });
}

/** Copies a starter into `target`, named after the folder; returns how many files were written. */
export function createSite(target: string, starter: string, force: boolean): number {
  if (existsSync(target) && readdirSync(target).length > 0 && !force) throw errorFrom(FolderNotEmpty, { dir: target });
  const from = path.join(ENGINE_ROOT, "starters", starter);
  const words =
    path
      .basename(target)
      .replace(/[^A-Za-z0-9]+/g, " ")
      .trim() || "My site";
  const names: Record<string, string> = {
    __SITE_NAME__: words.charAt(0).toUpperCase() + words.slice(1),
    __PACKAGE_NAME__: words.toLowerCase().replace(/ /g, "-"),
    __HEIRLOOM_VERSION__: ENGINE_VERSION,
  };
  const files = readdirSync(from, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files) {
    const relative = path.relative(from, path.join(file.parentPath, file.name));
    // npm leaves a package's .gitignore out, so the starter's is kept as gitignore.
    const destination = path.join(target, relative === "gitignore" ? ".gitignore" : relative);
    const text = readFileSync(path.join(from, relative), "utf8").replace(/__[A-Z_]+__/g, (n) => names[n] ?? n);
    mkdirSync(path.dirname(destination), { recursive: true });
    writeFileSync(destination, text);
  }
  return files.length;
}

function quote(dir: string): string {
  return /^[\w./~-]+$/.test(dir) ? dir : `'${dir.replace(/'/g, "'\\''")}'`;
}
