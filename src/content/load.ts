// Load stage: reads every markdown file under content/ into raw entries grouped by collection.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { HeirloomError, throwIfAny } from "../errors.ts";
import { type RawEntry, readEntry } from "./front-matter.ts";

/** The folders of content/ that hold one item per file. */
export const collectionNames = ["pages", "plans", "testimonials", "steps", "benefits", "faqs", "gifts"] as const;
export type CollectionName = (typeof collectionNames)[number];

export interface RawContent {
  site: RawEntry;
  conversation: RawEntry;
  collections: Record<CollectionName, RawEntry[]>;
  /** Image files under content/images/, relative to content/ ("images/porch.svg"). */
  images: string[];
}

/**
 * Reads content/: site.md, conversation.md and one folder per collection.
 * Every unreadable or malformed file is reported, not only the first.
 */
export async function loadContent(root: string, dir: string): Promise<RawContent> {
  if (!existsSync(dir)) {
    throw new HeirloomError("MissingContentError", `There is no content folder at ${dir}.`, {
      hint: "run heirloom in the project's root folder, the one that holds content/ and templates/.",
    });
  }
  const errors: HeirloomError[] = [];
  const read = async (relative: string): Promise<RawEntry | undefined> => {
    const file = toPosix(path.relative(root, path.join(dir, relative)));
    try {
      return readEntry(file, await readFile(path.join(dir, relative), "utf8"));
    } catch (error) {
      errors.push(error instanceof HeirloomError ? error : missing(file, error));
      return undefined;
    }
  };
  const [site, conversation, images, ...lists] = await Promise.all([
    read("site.md"),
    read("conversation.md"),
    listFiles(path.join(dir, "images")),
    ...collectionNames.map(async (name) => {
      const files = (await listFiles(path.join(dir, name))).filter((f) => f.endsWith(".md"));
      return Promise.all(files.map((f) => read(`${name}/${f}`)));
    }),
  ]);
  throwIfAny(errors);
  const collections = Object.fromEntries(
    collectionNames.map((name, i) => [name, lists[i].filter((e): e is RawEntry => e !== undefined)]),
  ) as Record<CollectionName, RawEntry[]>;
  return { site: site!, conversation: conversation!, collections, images: images.map((f) => `images/${f}`) };
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

function missing(file: string, error: unknown): HeirloomError {
  const absent = (error as NodeJS.ErrnoException).code === "ENOENT";
  return new HeirloomError("MissingContentError", absent ? `${file} does not exist.` : `Could not read ${file}.`, {
    location: { file },
    hint: absent ? `create ${file}; every site needs it (see README.md, "Content").` : "check the file's permissions.",
    cause: error,
  });
}

export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
