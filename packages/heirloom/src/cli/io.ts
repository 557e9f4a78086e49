// What the commands read and write besides their arguments: the output streams, the environment, and when a
// long-running command stops. Tests hand in their own.
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Resolves when a long-running command (preview) should stop. */
  untilStopped: () => Promise<void>;
}

/** The process's own streams and environment; Ctrl+C (SIGINT) or SIGTERM stops a server. */
export const defaultIo: Io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped: () => new Promise((resolve) => ["SIGINT", "SIGTERM"].forEach((s) => process.once(s, () => resolve()))),
};

/**
 * Whether to colour what goes to a stream: FORCE_COLOR decides when set ("0" or "false" for no colour), as it
 * does for Node itself; else NO_COLOR (any value but empty) turns colour off; else a terminal has colour.
 */
export function colorFor(stream: { isTTY?: boolean }, env: Io["env"]): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  if (env.NO_COLOR) return false;
  return Boolean(stream.isTTY);
}
