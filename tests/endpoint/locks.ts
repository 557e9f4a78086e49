// Script locks for the fakes: one for executions in a single thread (with a controllable clock), one
// shared by worker threads (Atomics on a SharedArrayBuffer, with a real timeout), and the no-lock control.

/** Apps Script's Lock, as seen by one execution. */
export interface ScriptLock {
  tryLock(timeoutMs: number): boolean;
  hasLock(): boolean;
  releaseLock(): void;
}

export interface LockService {
  /** The script lock as one execution (a positive, unique id) holds or waits for it. */
  forExecution(id: number): ScriptLock;
}

/** The control: every execution is granted the lock at once, as if the script took none. */
export const noLock: LockService = {
  forExecution() {
    let held = false;
    return { tryLock: () => (held = true), hasLock: () => held, releaseLock: () => void (held = false) };
  },
};

/**
 * The lock for executions that take turns in one thread. While another execution holds it, nobody can
 * release it during the wait, so tryLock moves the clock on by the whole timeout and fails at once.
 */
export class ThreadScriptLock implements LockService {
  holder: number | null = null;
  clockMs = 0;

  forExecution(id: number): ScriptLock {
    return {
      tryLock: (timeoutMs) => {
        if (this.holder === null || this.holder === id) return ((this.holder = id), true);
        this.clockMs += timeoutMs;
        return false;
      },
      hasLock: () => this.holder === id,
      releaseLock: () => {
        if (this.holder === id) this.holder = null;
      },
    };
  }
}

/**
 * The script lock across threads: an Int32 holding 0 (free) or the holder's execution id, and a count
 * of executions that found it taken. Waiters sleep in Atomics.wait until a release or their timeout.
 */
export class SharedScriptLock implements LockService {
  private word: Int32Array;

  constructor(buffer: SharedArrayBuffer, byteOffset = 0) {
    this.word = new Int32Array(buffer, byteOffset, 2);
  }

  /** How many executions had to wait for the lock. */
  get contended(): number {
    return Atomics.load(this.word, 1);
  }

  forExecution(id: number): ScriptLock {
    if (!(id > 0)) throw new Error("execution ids must be positive");
    let held = false;
    return {
      tryLock: (timeoutMs) => {
        const deadline = performance.now() + timeoutMs;
        for (let attempt = 0; ; attempt++) {
          const holder = Atomics.compareExchange(this.word, 0, 0, id);
          if (holder === 0 || holder === id) return (held = true);
          if (attempt === 0) Atomics.add(this.word, 1, 1);
          const left = deadline - performance.now();
          if (left <= 0) return false;
          Atomics.wait(this.word, 0, holder, left);
        }
      },
      hasLock: () => held,
      releaseLock: () => {
        if (!held) return;
        held = false;
        const holder = Atomics.compareExchange(this.word, 0, id, 0);
        if (holder !== id) throw new Error(`execution ${id} released a lock held by ${holder}`);
        Atomics.notify(this.word, 0, 1);
      },
    };
  }
}
