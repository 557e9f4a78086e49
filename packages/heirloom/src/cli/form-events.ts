// What preview and dev print about their forms' local receivers: each post with its value masked, a damaged
// line of an entries file, a lock taken over from a process that ended mid-post, and a post not stored.
import path from "node:path";
import type { LocalFormEvents } from "../serve/forms/index.ts";
import { type PrintLine, failed } from "./server-options.ts";

/** The receivers' events as terminal lines; paths relative to the project folder `root`. */
export function formEventsPrinter(say: PrintLine, root: string, debug?: boolean): LocalFormEvents {
  return {
    onReceived: (form, outcome, masked) => say(`${form}: ${outcome} ${masked}`),
    onDamagedLine: (file, line, reason) => say(`warning ${path.relative(root, file)}:${line} is skipped: ${reason}.`),
    onStaleLock: (file, left) => say(`warning took over ${path.relative(root, file)}: it was left by ${left}.`),
    onError: (form, error) => failed(say, `could not store an entry of ${form}`, debug)(error),
  };
}
