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
