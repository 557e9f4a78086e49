// Files written into a folder on libuv's threadpool: the main thread only starts each write and renders on
// while another core makes the folders and creates, writes and stats the files (creating a file or a folder
// is a slow system call on a journaled disk, which the main thread would otherwise wait out). Files
// get mode 644 and folders 755 whatever the umask. At most LIMIT writes run at once (each holds an open file);
// the others queue. Every write is waited for (`landed`) before the folder is swapped in or removed.
import { chmod, copyFile, mkdir, stat, writeFile } from "node:fs";
import path from "node:path";

/** What a written file's stat says: the size and time a record of it holds. */
export interface Written {
  size: number;
  mtimeMs: number;
}

/** Writes a file (absolute path), its missing folders made first. */
export type WriteFile = (file: string, contents: Uint8Array | string) => Promise<Written>;

export interface FileWrites {
  write: WriteFile;
  /** Copies a file to `file` (absolute path), its missing folders made first. */
  copy(from: string, file: string): Promise<Written>;
  /** Runs `job` as one write (queued and waited for like one); it writes with the function it is handed. */
  run<T>(job: (write: WriteFile) => Promise<T>): Promise<T>;
  /** Waits for every write started so far (and those started meanwhile); rejects with the first that failed. */
  landed(): Promise<void>;
}

/** Writes running at once: enough to keep the threadpool's four threads busy, with few files open. */
const LIMIT = 16;

/** Writes under folders of which `made` (absolute paths) exist already. */
export function fileWrites(made: Iterable<string>): FileWrites {
  const folders = new Map<string, Promise<void>>([...made].map((folder) => [folder, Promise.resolve()]));
  const queue: Array<() => void> = [];
  const idle: Array<() => void> = [];
  let running = 0;
  let pending = 0;
  let failure: { error: unknown } | undefined;

  // A folder and its missing parents, each made once (a plain mkdir is much cheaper than a recursive one). Node's
  // callbacks, not its promises: they cost the main thread less for each of the thousands of calls.
  const folder = (dir: string): Promise<void> => {
    let done = folders.get(dir);
    if (!done) {
      done = folder(path.dirname(dir)).then(
        () =>
          new Promise<void>((resolve, reject) =>
            mkdir(dir, (error) => {
              if (!error) chmod(dir, 0o755, (error) => (error ? reject(error) : resolve()));
              else if (error.code === "EEXIST") resolve();
              else reject(error);
            }),
          ),
      );
      folders.set(dir, done);
    }
    return done;
  };

  const placed = (file: string, put: (then: (error: Error | null) => void) => void): Promise<Written> =>
    folder(path.dirname(file)).then(
      () =>
        new Promise<Written>((resolve, reject) =>
          put((error) => {
            if (error) return reject(error);
            stat(file, (error, stats) => {
              if (error) return reject(error);
              const { size, mtimeMs } = stats;
              // The same modes whatever the umask: a site built twice has the same files.
              if ((stats.mode & 0o777) === 0o644) return resolve({ size, mtimeMs });
              chmod(file, 0o644, (error) => (error ? reject(error) : resolve({ size, mtimeMs })));
            });
          }),
        ),
    );
  const write: WriteFile = (file, contents) => placed(file, (then) => writeFile(file, contents, then));

  const run = <T>(job: (write: WriteFile) => Promise<T>): Promise<T> => {
    pending++;
    const started = new Promise<void>((start) => (running < LIMIT ? (running++, start()) : queue.push(start)));
    const done = started.then(() => job(write));
    const finish = () => {
      const next = queue.shift();
      if (next) next();
      else running--;
      if (--pending === 0) for (const resolve of idle.splice(0)) resolve();
    };
    done.then(finish, (error: unknown) => {
      failure ??= { error };
      finish();
    });
    return done;
  };

  return {
    write: (file, contents) => run((put) => put(file, contents)),
    copy: (from, file) => run(() => placed(file, (then) => copyFile(from, file, then))),
    run,
    async landed() {
      if (pending > 0) await new Promise<void>((resolve) => idle.push(resolve));
      if (failure) throw failure.error;
    },
  };
}
