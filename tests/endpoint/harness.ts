// Test harness for endpoint/Code.js: posts in one thread against an in-memory sheet, and overlapping
// posts from worker threads against a shared sheet, with or without the script lock.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { Worker } from "node:worker_threads";
import { buildSync } from "esbuild";
import { postEvent, startExecution } from "./fakes.ts";
import { ThreadScriptLock } from "./locks.ts";
import { createSharedSheet, SharedRowStore } from "./shared-sheet.ts";
import { enterValue, memorySpreadsheet, type RowStore } from "./spreadsheet.ts";
import type { WorkerInput, WorkerOutcome } from "./worker.ts";

export const codePath = fileURLToPath(new URL("../../endpoint/Code.js", import.meta.url));
export const manifestPath = fileURLToPath(new URL("../../endpoint/appsscript.json", import.meta.url));
export const codeSource = readFileSync(codePath, "utf8");

/** Code.js compiled as a classic script, as Apps Script loads it (an import or export would not compile). */
export const compile = (source = codeSource) => new vm.Script(source, { filename: codePath });

/** The site's origin the tests give the script as its SITE_ORIGIN property. */
export const SITE_ORIGIN = "https://heirloom.example";

/** A spreadsheet, the script lock and a way to post to the endpoint, all in this thread. */
export function threadWorld(
  sheets: Record<string, RowStore> = {},
  script = compile(),
  properties: Record<string, string> = { SITE_ORIGIN },
) {
  const world = { spreadsheet: memorySpreadsheet(sheets), locks: new ThreadScriptLock(), properties };
  let nextId = 1;
  return {
    ...world,
    execution: () => startExecution(script, world, nextId++),
    post(body: string, query = "") {
      const execution = startExecution(script, world, nextId++);
      const page = execution.doPost(postEvent(body, query));
      return { page, calls: execution.calls, logs: execution.logs, ...execution.end(), read: execution.read };
    },
    /** The Waitlist sheet's rows as cells: what each holds and shows. */
    cells: () => {
      const store = world.spreadsheet.sheets.get("Waitlist");
      if (!store) return [];
      return Array.from({ length: store.lastRow() }, (_, i) => store.read(i + 1).map(enterValue));
    },
  };
}

let workerCode: string | undefined;
/** The worker's TypeScript bundled for an eval'd worker thread (Node 20 cannot run .ts itself). */
function bundledWorker(): string {
  workerCode ??= buildSync({
    entryPoints: [fileURLToPath(new URL("./worker.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    write: false,
  }).outputFiles[0]!.text;
  return workerCode;
}

export interface ConcurrentRun {
  outcomes: WorkerOutcome[];
  /** The Email column below the header, as displayed. */
  emails: string[];
  /** Executions that found the script lock taken and waited. */
  waitedForLock: number;
  ms: number;
}

/** Sends every body as its own execution from `workers` threads at once (Apps Script allows 30 per user). */
export async function runConcurrently(options: {
  bodies: string[];
  locked: boolean;
  workers?: number;
  maxRoundTripMs?: number;
  source?: string;
}): Promise<ConcurrentRun> {
  const { bodies, locked, workers = 30, maxRoundTripMs = 1, source = codeSource } = options;
  const buffer = createSharedSheet(bodies.length + 1);
  const store = new SharedRowStore(buffer);
  store.appendRows([["Timestamp", "Email"]]);
  const code = bundledWorker();
  const started = performance.now();
  const threads = Array.from({ length: workers }, (_, worker) => {
    const workerData: WorkerInput = { buffer, source, bodies, locked, maxRoundTripMs, worker: worker + 1 };
    return new Worker(code, { eval: true, workerData });
  });
  const messages = threads.map((thread) => {
    const ready = new Promise((resolve, reject) => thread.once("message", resolve).once("error", reject));
    const done = ready.then(
      () => new Promise<WorkerOutcome[]>((resolve, reject) => thread.once("message", resolve).once("error", reject)),
    );
    return { ready, done };
  });
  await Promise.all(messages.map((m) => m.ready));
  store.start();
  const outcomes = (await Promise.all(messages.map((m) => m.done))).flat();
  await Promise.all(threads.map((thread) => thread.terminate()));
  const emails = Array.from({ length: store.lastRow() - 1 }, (_, i) => enterValue(store.read(i + 2)[1]!).display);
  return { outcomes, emails, waitedForLock: store.lock().contended, ms: performance.now() - started };
}

/** Executions, distinct addresses sent, rows written, addresses lost and rows that repeat an address. */
export function tally(bodies: string[], emails: string[]) {
  const sent = new Set(bodies.map((body) => (new URLSearchParams(body).get("email") ?? "").trim().toLowerCase()));
  const stored = new Set(emails.map((email) => email.toLowerCase()));
  return {
    executions: bodies.length,
    distinct: sent.size,
    rows: emails.length,
    lost: [...sent].filter((email) => !stored.has(email)).length,
    duplicated: emails.length - stored.size,
  };
}
