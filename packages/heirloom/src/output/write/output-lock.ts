// The lock a build holds on its output folder, from before it looks at the folder until what it leaves for the
// next build is saved: two builds of one folder at once would rename each other's folders away (issue 35), so
// the second waits for the first, told who holds it; one left by a build that was killed is taken over.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { cleared, leaves } from "../../compile/supervisor.ts";
import { BuildRunning } from "../../errors/catalogue.ts";
import { errorFrom } from "../../errors/errors.ts";
import { LockBusyError, acquireLock } from "./file-lock.ts";

/** How long a build waits for another build of its output folder before it gives up: 10 minutes. */
export const BUILD_WAIT_MS = 10 * 60 * 1000;

/** The lock file of an output folder's builds: beside it, in the .heirloom folder that keeps its previous site. */
export function outputLockFile(outDir: string): string {
  return path.join(path.dirname(outDir), ".heirloom", `build-${path.basename(outDir)}.lock`);
}

/**
 * Takes the lock of `outDir`'s builds, waiting up to `waitMs` for a build that holds it; resolves with its
 * release. `onNotice` is told when it waits and when it takes over a lock whose holder has ended.
 */
export async function lockOutput(
  outDir: string,
  { waitMs = BUILD_WAIT_MS, onNotice }: { waitMs?: number; onNotice?: (message: string) => void },
): Promise<() => Promise<void>> {
  const file = outputLockFile(outDir);
  const out = path.basename(outDir);
  const lock = path.relative(path.dirname(outDir), file);
  await mkdir(path.dirname(file), { recursive: true });
  // Told before it is taken: a build stopped the moment it has the lock must not leave it (it is removed only
  // while it names this process).
  leaves(file, "lock");
  try {
    const release = await acquireLock(file, {
      timeoutMs: waitMs,
      onWait: (holder) => onNotice?.(`Waiting for the build of ${out} that ${holder} is running (${lock}).`),
      onTakeOver: (left) =>
        onNotice?.(`Took over the lock of ${out} left by a build that stopped before it finished (${left}).`),
    });
    return async () => {
      await release();
      cleared(file);
    };
  } catch (error) {
    cleared(file);
    if (!(error instanceof LockBusyError)) throw error;
    const waited = waitMs >= 60_000 ? `${waitMs / 60_000} minutes` : `${waitMs / 1000} seconds`;
    throw errorFrom(BuildRunning, { out: outDir, holder: error.holder, lock: file, waited });
  }
}
