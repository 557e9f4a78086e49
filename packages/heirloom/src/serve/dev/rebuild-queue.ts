// One rebuild at a time: changes that arrive while one runs are gathered into the next, so an older build can
// never finish last and serve stale pages.

export interface RebuildQueue {
  /** Asks for a rebuild with these changed files; resolves when the one that includes them has run. */
  request(changed?: string[]): Promise<void>;
}

export function createRebuildQueue(rebuild: (changed: string[]) => Promise<void>): RebuildQueue {
  let running: Promise<void> | undefined;
  let queued: string[] | undefined;
  const request = (changed: string[] = []): Promise<void> => {
    if (running) {
      queued = [...(queued ?? []), ...changed];
      return running;
    }
    running = rebuild(changed).finally(() => {
      running = undefined;
      const next = queued;
      queued = undefined;
      if (next) void request(next);
    });
    return running;
  };
  return { request };
}
