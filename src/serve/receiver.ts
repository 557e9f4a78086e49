// The local waitlist receiver: validates, deduplicates and appends entries to a git-ignored file.
import { appendFile, mkdir, readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** The same rule browsers apply to <input type="email"> (WHATWG HTML "valid email address"). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const MAX_BODY = 8 * 1024;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export interface WaitlistStore {
  file: string;
  /** Adds an entry unless the address is already listed; appends are serialised so none is lost. */
  add(email: string): Promise<"added" | "duplicate">;
}

/** Opens (or starts) the JSON-lines file of entries, remembering the addresses it already holds. */
export async function openWaitlistStore(file: string): Promise<WaitlistStore> {
  const known = new Set<string>();
  try {
    for (const line of (await readFile(file, "utf8")).split("\n")) {
      if (line.trim()) known.add(String((JSON.parse(line) as { email: string }).email).toLowerCase());
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    file,
    add(email) {
      const key = email.toLowerCase();
      if (known.has(key)) return Promise.resolve("duplicate");
      known.add(key);
      const line = `${JSON.stringify({ email, at: new Date().toISOString() })}\n`;
      const write = queue.then(() => appendFile(file, line));
      queue = write.catch(() => undefined);
      return write.then(
        () => "added" as const,
        (error: unknown) => {
          known.delete(key);
          throw error;
        },
      );
    },
  };
}

/** Handles one POST of the waitlist form (application/x-www-form-urlencoded, field `email`). */
export async function receiveWaitlistPost(req: IncomingMessage, res: ServerResponse, store: WaitlistStore): Promise<void> {
  const reply = (status: number, message: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(`<!doctype html><html lang="en"><title>Waitlist</title><p>${message}</p></html>`);
  };
  if (req.method !== "POST") return reply(405, "Send the waitlist form with POST.");
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY) return reply(413, "That request is too large.");
  }
  const email = (new URLSearchParams(body).get("email") ?? "").trim();
  if (!isValidEmail(email)) return reply(400, "Please enter a valid email address.");
  const outcome = await store.add(email);
  reply(200, outcome === "added" ? "Thanks! You're on the waitlist." : "You're already on the waitlist.");
}
