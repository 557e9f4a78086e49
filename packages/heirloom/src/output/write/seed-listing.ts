// A seed's files and folders (the previous site the staging folder starts from), listed by name: here, or for a
// large site on a worker thread (seed-listing-worker.ts) while the site is prepared.
import { readdirSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { workerFile } from "../../compile/worker-file.ts";

/** Every file and folder under a folder (relative, with forward slashes; "" is the folder itself). */
export interface SeedListing {
  files: Set<string>;
  folders: Set<string>;
}

/** Every file and folder under `dir`, listed on this thread. */
export function listFolder(dir: string): SeedListing {
  const listing: SeedListing = { files: new Set(), folders: new Set([""]) };
  listInto(dir, "", listing);
  return listing;
}

function listInto(dir: string, relative: string, listing: SeedListing): void {
  for (const entry of readdirSync(relative ? `${dir}/${relative}` : dir, { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      listing.folders.add(child);
      listInto(dir, child, listing);
    } else listing.files.add(child);
  }
}

/**
 * Lists a seed on a worker thread, for a large site: listing a folder of each page's own adds up, at many pages,
 * to time the main thread would otherwise spend before the first page is written. Never
 * fails: undefined if the worker cannot list it (the staging folder then lists it itself).
 */
export async function listSeed(dir: string): Promise<SeedListing | undefined> {
  let worker: Worker;
  try {
    worker = new Worker(await workerFile("listing", "output/write/seed-listing-worker.ts"), { workerData: dir });
  } catch {
    return undefined;
  }
  worker.unref();
  return new Promise((resolve) => {
    // One string for each list (no file name holds a NUL): far cheaper to pass than many.
    const split = (joined: string) => (joined ? joined.split("\0") : []);
    worker.once("message", ({ files, folders }: { files: string; folders: string }) =>
      resolve({ files: new Set(split(files)), folders: new Set(["", ...split(folders)]) }),
    );
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
}
