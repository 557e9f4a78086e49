// The TypeScript check of the site definition and templates, in a worker thread: beside the content check
// for `heirloom check`, after each change for `heirloom dev` (so a check never holds up a reload). The
// worker loads TypeScript; its diagnostics become located errors, printed like content errors.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { cacheDirFor } from "../compile/cache.ts";
import { TypeCheckProblem, TypeScriptMissing } from "../errors/catalogue.ts";
import { type HeirloomError, errorFrom } from "../errors/errors.ts";
import { ENGINE_ROOT } from "../version.ts";
import type { CheckerOptions, TypeProblem } from "./program.ts";

const require = createRequire(import.meta.url);

export interface TypeCheckWorker {
  /** Checks the files as they are now; checks asked for while one runs follow it, in order. */
  check(): Promise<HeirloomError[]>;
  close(): Promise<void>;
}

/** A worker thread that keeps the site's program between checks; it starts with the first check. */
export function startTypeCheckWorker(root: string, templatesDir: string): TypeCheckWorker {
  let worker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = async (): Promise<HeirloomError[]> => {
    // A check asked for just before close() starts no thread that nothing would end.
    if (closed) return [];
    worker ??= workerFile(cacheDirFor(root)).then(
      (file) =>
        new Worker(file, { workerData: { ...checkerOptions(root, templatesDir), typescript: typescriptPath() } }),
    );
    const thread = await worker;
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) => {
        worker = undefined; // the next check starts a new thread
        reject(error);
      };
      thread.once("error", fail);
      thread.once("message", (answer: { problems?: TypeProblem[]; failure?: string }) => {
        thread.off("error", fail);
        if (answer.problems) resolve(typeErrors(answer.problems));
        else reject(new Error(`the type check failed: ${answer.failure}`));
      });
      thread.postMessage("check");
    });
  };
  return {
    check() {
      const result = queue.then(run);
      queue = result.catch(() => undefined);
      return result;
    },
    close: async () => {
      closed = true;
      const thread = await worker?.catch(() => undefined);
      await thread?.terminate();
    },
  };
}

export interface BackgroundTypeCheck {
  /** Asks for a check of the files as they are now; asked while one runs, one more follows it. */
  request(): void;
  close(): Promise<void>;
}

/**
 * Dev's type check: in a worker thread, one at a time, the result of the latest request only. `onResult`
 * gets the errors (none when all is well) and how long the check took.
 */
export function startBackgroundTypeCheck(
  root: string,
  templatesDir: string,
  events: { onResult(errors: HeirloomError[], ms: number): void; onError(error: unknown): void },
): BackgroundTypeCheck {
  const worker = startTypeCheckWorker(root, templatesDir);
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        const started = performance.now();
        const errors = await worker.check();
        if (!again) events.onResult(errors, performance.now() - started);
      } while (again);
    } catch (error) {
      events.onError(error);
    } finally {
      running = false;
    }
  };
  return {
    request() {
      if (running) again = true;
      else void run();
    },
    close: () => worker.close(),
  };
}

function typeErrors(problems: TypeProblem[]): HeirloomError[] {
  return problems.map(({ message, code, file, line, column }) =>
    errorFrom(TypeCheckProblem, { message, code }, { location: { file, line, column } }),
  );
}

function checkerOptions(root: string, templatesDir: string): CheckerOptions {
  const key = createHash("sha256").update(`${root}\0${templatesDir}`).digest("hex").slice(0, 16);
  const buildInfoFile = path.join(cacheDirFor(root), `typecheck-${key}.tsbuildinfo`);
  const engineModules = path.resolve(require.resolve("react/package.json"), "../..");
  return { root, templatesDir, engineTypes: engineFiles().types, engineModules, buildInfoFile };
}

/**
 * The engine's public types and the type check's worker: from the sources in a checkout of the engine, as
 * compiled into dist/ in the installed package (which has no src/).
 */
function engineFiles(): { types: string; worker?: string } {
  const source = path.join(ENGINE_ROOT, "src");
  if (existsSync(source)) return { types: path.join(source, "index.ts") };
  const dist = path.join(ENGINE_ROOT, "dist");
  return { types: path.join(dist, "types", "index.d.ts"), worker: path.join(dist, "typecheck-worker.cjs") };
}

/** Where TypeScript is installed (a dependency of the engine); a clear error when it is not. */
function typescriptPath(): string {
  try {
    return require.resolve("typescript");
  } catch (error) {
    throw errorFrom(TypeScriptMissing, {}, { cause: error });
  }
}

/**
 * The worker's code: the package's own, or in a checkout src/check/worker.ts compiled on its own (esbuild, a
 * few milliseconds), kept by content.
 */
async function workerFile(cacheDir: string): Promise<string> {
  const shipped = engineFiles().worker;
  if (shipped) return shipped;
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.join(ENGINE_ROOT, "src", "check", "worker.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  const file = path.join(
    cacheDir,
    `typecheck-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.cjs`,
  );
  if (!existsSync(file)) {
    await mkdir(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, code);
    await rename(temporary, file);
  }
  return file;
}
