// Runs endpoint/Code.js offline: a fresh vm global scope per execution with fakes of SpreadsheetApp,
// LockService, HtmlService and PropertiesService, and the event object Apps Script passes to doPost.
import vm from "node:vm";
import type { LockService } from "./locks.ts";
import { SpreadsheetServices, type Spreadsheet } from "./spreadsheet.ts";

/** HtmlService: the page, its title and the X-Frame-Options mode, kept for tests to read. */
export function htmlService() {
  const XFrameOptionsMode = { ALLOWALL: "ALLOWALL", DEFAULT: "DEFAULT" } as const;
  return {
    XFrameOptionsMode,
    createHtmlOutput(content: string) {
      const output = {
        title: "",
        xFrameOptionsMode: XFrameOptionsMode.DEFAULT as string,
        getContent: () => content,
        setTitle: (title: string) => ((output.title = title), output),
        setXFrameOptionsMode(mode: string) {
          if (!Object.values(XFrameOptionsMode).includes(mode as never)) throw new Error(`Unknown mode ${mode}`);
          output.xFrameOptionsMode = mode;
          return output;
        },
      };
      return output;
    },
  };
}

export type HtmlOutput = ReturnType<ReturnType<typeof htmlService>["createHtmlOutput"]>;

export interface Execution {
  doPost(e: unknown): HtmlOutput;
  doGet(e: unknown): HtmlOutput;
  /** Service calls in order, such as "tryLock 10000 granted", "getLastRow", "flush". */
  calls: string[];
  logs: string[];
  /** Ends the run as Apps Script does: commits buffered writes, releases a lock still held. */
  end(): { lockHeldAtEnd: boolean };
  /** Reads a top-level binding of the script, such as PAGES. */
  read(name: string): unknown;
}

/** Runs Code.js in a fresh global scope with the fakes, as Apps Script does for every request. */
export function startExecution(
  script: vm.Script,
  world: {
    spreadsheet: Spreadsheet;
    locks: LockService;
    roundTrip?: () => void;
    /** The script's properties, such as SITE_ORIGIN. */
    properties?: Record<string, string>;
  },
  id: number,
): Execution {
  const calls: string[] = [];
  const logs: string[] = [];
  const services = new SpreadsheetServices(world.spreadsheet, calls, world.roundTrip);
  const lock = world.locks.forExecution(id);
  const recordingLock = {
    tryLock: (ms: number) => {
      const granted = lock.tryLock(ms);
      calls.push(`tryLock ${ms} ${granted ? "granted" : "refused"}`);
      return granted;
    },
    waitLock: (ms: number) => {
      if (!recordingLock.tryLock(ms))
        throw new Error("Lock timeout: another process was holding the lock for too long.");
    },
    hasLock: () => lock.hasLock(),
    releaseLock: () => (calls.push("releaseLock"), lock.releaseLock()),
  };
  const log =
    (level: string) =>
    (...args: unknown[]) =>
      void logs.push(`${level}: ${args.join(" ")}`);
  const context = vm.createContext({
    SpreadsheetApp: services.app(),
    LockService: { getScriptLock: () => recordingLock },
    HtmlService: htmlService(),
    PropertiesService: {
      getScriptProperties: () => ({ getProperty: (key: string) => world.properties?.[key] ?? null }),
    },
    console: { log: log("log"), info: log("info"), warn: log("warn"), error: log("error") },
  });
  script.runInContext(context);
  const entry = (name: string) => (e: unknown) => (context[name] as (e: unknown) => HtmlOutput)(e);
  return {
    doPost: entry("doPost"),
    doGet: entry("doGet"),
    calls,
    logs,
    read: (name) => vm.runInContext(name, context),
    end() {
      services.commit();
      const lockHeldAtEnd = lock.hasLock();
      if (lockHeldAtEnd) lock.releaseLock();
      return { lockHeldAtEnd };
    },
  };
}

/** The event Apps Script passes to doPost for a form body (and an optional query string). */
export function postEvent(body: string, query = "") {
  const parameters: Record<string, string[]> = {};
  for (const source of [query, body]) {
    for (const [name, value] of new URLSearchParams(source)) (parameters[name] ??= []).push(value);
  }
  const parameter = Object.fromEntries(Object.entries(parameters).map(([name, values]) => [name, values[0]]));
  return {
    parameter,
    parameters,
    queryString: query,
    contentLength: body.length,
    contextPath: "",
    postData: { contents: body, length: body.length, type: "application/x-www-form-urlencoded", name: "postData" },
  };
}

/**
 * Runs the script of an answer page in a fresh scope whose `top` records what is posted to it: each
 * message with the origin it is for. A page without a script posts nothing.
 */
export function toldBy(page: HtmlOutput | string): Array<{ message: unknown; origin: string }> {
  const html = typeof page === "string" ? page : page.getContent();
  const posted: Array<{ message: unknown; origin: string }> = [];
  const top = { postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) };
  for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    vm.runInNewContext(script!, { top, window: { top } });
  }
  return posted;
}
