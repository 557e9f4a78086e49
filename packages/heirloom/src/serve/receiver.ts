// The local receiver of a declared form: what `preview` and `dev` answer at the form's local path, so the
// whole flow works without a production endpoint. Validates the single field and stores it once.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { EntryStore } from "./entry-store.ts";

/** The same rule browsers apply to <input type="email"> (WHATWG HTML "valid email address"). */
const LOCAL_PART = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+";
/** A domain label: letters, digits and inner hyphens, at most 63. */
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL = new RegExp(`^${LOCAL_PART}@${LABEL}(?:\\.${LABEL})*$`);
const MAX_BODY = 8 * 1024;
const MAX_VALUE = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_VALUE && EMAIL.test(value);
}

export interface ReceivedForm {
  field: string;
  type: "email" | "text";
}

export type Outcome = "stored" | "duplicate" | "invalid";

/**
 * Handles one POST (application/x-www-form-urlencoded). A value already stored gets the same answer as a
 * new one, so the receiver never tells who has signed up. The field given twice is refused.
 */
export async function receiveFormPost(
  req: IncomingMessage,
  res: ServerResponse,
  store: EntryStore,
  form: ReceivedForm,
): Promise<{ outcome: Outcome; value: string } | undefined> {
  const reply = (status: number, message: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(`<!doctype html><html lang="en"><title>Received</title><p>${message}</p></html>`);
  };
  if (req.method !== "POST") {
    res.setHeader("allow", "POST");
    return void reply(405, "Send the form with POST.");
  }
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY) return void reply(413, "That request is too large.");
  }
  const values = new URLSearchParams(body).getAll(form.field);
  const value = values.length === 1 ? values[0].trim() : "";
  if (!isValidValue(value, form)) {
    reply(400, form.type === "email" ? "Please enter a valid email address." : "Please fill in the field.");
    return { outcome: "invalid", value };
  }
  const added = await store.add(value);
  reply(200, "Thank you, it has been received.");
  return { outcome: added === "added" ? "stored" : "duplicate", value };
}

/** A value for a terminal log: "ann@example.com" -> "a**@example.com". */
export function maskValue(value: string): string {
  const at = value.lastIndexOf("@");
  const name = at > 0 ? value.slice(0, at) : value;
  return `${name.slice(0, 1)}${"*".repeat(Math.min(Math.max(name.length - 1, 2), 8))}${at > 0 ? value.slice(at) : ""}`;
}

function isValidValue(value: string, form: ReceivedForm): boolean {
  if (!value || value.length > MAX_VALUE) return false;
  return form.type === "email" ? isValidEmail(value) : true;
}
