// The site's folder as a boundary: nothing is read through a symbolic link (to a file or a folder) that leads out
// of it, so a link committed to the site can never publish what it points at (/proc/self/environ, ~/.npmrc).
import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { LinkOutOfSite } from "../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../errors/errors.ts";

/** A symbolic link that leads out of the site's folders: the link (absolute) and its target as it reads. */
export interface LinkOut {
  link: string;
  target: string;
}

/** Whether `file` is `folder` or lies under it (both absolute). */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

const realOf = (file: string) => {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
};

/**
 * The link that takes `file` (an absolute path under one of `folders`) out of all of them, or undefined: when it
 * stays inside, is under none of them as written, or does not exist (reading it tells that).
 */
export function linkOut(folders: string[], file: string): LinkOut | undefined {
  const owner = folders.find((folder) => isInside(folder, file));
  const real = owner && realOf(file);
  if (!real) return undefined;
  const reals = folders.flatMap((folder) => realOf(folder) ?? []);
  const within = (target: string) => reals.some((folder) => isInside(folder, target));
  if (within(real)) return undefined;
  // The first step of the path, from the folder down, that is a link to somewhere outside.
  let step = owner;
  for (const name of path.relative(owner, file).split(path.sep)) {
    step = path.join(step, name);
    if (lstatSync(step).isSymbolicLink() && !within(realOf(step) ?? step)) {
      return { link: step, target: readlinkSync(step) };
    }
  }
  return { link: file, target: real };
}

/** The error for a link out of the site: named relative to `root`, located at `at` (the link itself by default). */
export function linkOutError(root: string, found: LinkOut, at?: SourceLocation): HeirloomError {
  const link = path.relative(root, found.link).split(path.sep).join("/");
  return errorFrom(LinkOutOfSite, { link, target: found.target }, { location: at ?? { file: link } });
}

/** Reads a file of the site (absolute, under `root`); refused when a link leads it out of `root`. */
export function readSiteFile(root: string, file: string): Buffer {
  const found = linkOut([root], file);
  if (found) throw linkOutError(root, found);
  return readFileSync(file);
}

const SELF = Symbol("heirloom-site-folder");

/**
 * An esbuild plugin that refuses a file imported by a path (relative or absolute) written under one of the site's
 * `folders` that a link leads out of them; esbuild itself would follow it. A package's files (under node_modules)
 * are not the site's own. The error's detail holds the link: `esbuildError` makes it the catalogue's.
 */
export function siteFolderPlugin(folders: string[]): Plugin {
  return {
    name: "heirloom-site-folder",
    setup(build) {
      build.onResolve({ filter: /^[./]/, namespace: "file" }, async (args) => {
        const written = path.resolve(args.resolveDir, args.path);
        const own = folders.some((folder) => isInside(folder, written));
        if (args.pluginData === SELF || !own || written.split(path.sep).includes("node_modules")) return undefined;
        const { resolveDir, kind, importer } = args;
        const found = await build.resolve(args.path, { resolveDir, kind, importer, pluginData: SELF });
        const reals = folders.flatMap((folder) => realOf(folder) ?? []);
        if (found.errors.length > 0 || !found.path || reals.some((folder) => isInside(folder, found.path))) {
          return undefined;
        }
        // The link is a step of the path as written, or the file esbuild found for it ("./theme" as theme.css).
        const steps = existsSync(written) ? written : path.dirname(written);
        const leaving = linkOut(folders, steps) ?? { link: written, target: found.path };
        return { errors: [{ text: `${leaving.link} is a link out of the site's folder`, detail: { leaving } }] };
      });
    },
  };
}
