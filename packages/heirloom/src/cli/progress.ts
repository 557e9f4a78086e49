// Progress on a terminal for builds longer than about a second: one line, rewritten in place at most ten
// times a second, and erased at the end. Nothing is printed when the output is not a terminal.

export interface Progress {
  update(what: string, done: number, total: number): void;
  /** Erases the line, if one was shown. */
  end(): void;
}

export function createProgress(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  now = () => performance.now(),
): Progress {
  if (!stream.isTTY) return { update() {}, end() {} };
  const started = now();
  let shownAt = 0;
  return {
    update(what, done, total) {
      const time = now();
      if (time - started < 1000 || time - shownAt < 100) return;
      shownAt = time;
      stream.write(`\r\x1b[2K${what}: ${done.toLocaleString("en")} of ${total.toLocaleString("en")}`);
    },
    end() {
      if (shownAt > 0) stream.write("\r\x1b[2K");
    },
  };
}
