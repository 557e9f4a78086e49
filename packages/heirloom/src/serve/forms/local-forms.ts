// The declared forms as `preview` and `dev` answer them: each form's local path receives its posts into
// .heirloom/<form>.jsonl of the project. A failure to store is answered (busy 503, failed 500) with no path of
// this machine, and told to the command.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { ResolvedForm } from "../../config/types.ts";
import { type EntryStore, openEntryStore } from "./entry-store.ts";
import { type Outcome, answerPost, maskValue, receiveFormPost } from "./receiver.ts";

export type LocalForm = Pick<ResolvedForm, "name" | "field" | "type" | "localPath">;

export interface LocalForms {
  /** Handles the request if it is for a form's local path; false otherwise. */
  handle(pathname: string, req: IncomingMessage, res: ServerResponse): boolean;
  /** Where each form's entries are kept. */
  files: string[];
}

export interface LocalFormEvents {
  /** A post was received (the value masked, for the terminal). */
  onReceived?: (form: string, outcome: Outcome, masked: string) => void;
  onDamagedLine?: (file: string, line: number, reason: string) => void;
  /** The lock file of `file` was left by a process that has ended (killed mid-post) and is taken over. */
  onStaleLock?: (file: string, left: string) => void;
  onError?: (form: string, error: unknown) => void;
}

/** Opens the stores of every form under `<root>/.heirloom/`; `base` is the base path the site is served under. */
export async function openLocalForms(
  root: string,
  forms: LocalForm[],
  base: string,
  events: LocalFormEvents = {},
): Promise<LocalForms> {
  const stores = new Map<string, { form: LocalForm; store: EntryStore }>();
  for (const form of forms) {
    const file = path.join(root, ".heirloom", `${form.name}.jsonl`);
    const store = await openEntryStore(file, form.field, {
      onDamagedLine: (line, reason) => events.onDamagedLine?.(file, line, reason),
      onStaleLock: (left) => events.onStaleLock?.(`${file}.lock`, left),
    });
    stores.set(base + form.localPath.replace(/^\/+/, ""), { form, store });
  }
  return {
    files: [...stores.values()].map((s) => s.store.file),
    handle(pathname, req, res) {
      const target = stores.get(pathname);
      if (!target) return false;
      const { form, store } = target;
      receiveFormPost(req, res, store, form).then(
        (result) => result && events.onReceived?.(form.name, result.outcome, maskValue(result.value)),
        (error: unknown) => {
          events.onError?.(form.name, error);
          if (!res.headersSent) answerPost(res, form.name, "failed");
        },
      );
      return true;
    },
  };
}
