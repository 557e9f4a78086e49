// The local receiver of a declared form: what `preview` and `dev` answer at the form's local path, so the
// whole flow works without a production endpoint. Validates the single field and stores it once. Its answer
// page tells the page that posted into the hidden frame the outcome, as endpoint/Code.js's page does:
// `top.postMessage({ form, outcome, message }, location.origin)`, the page being of the site's own origin.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type EntryStore, LockBusyError } from "./entry-store.ts";
import { refuseForeignPost } from "./form-origin.ts";

/** The same rule browsers apply to <input type="email"> (WHATWG HTML "valid email address"). */
const LOCAL_PART = "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+";
/** A domain label: letters, digits and inner hyphens, at most 63. */
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL = new RegExp(`^${LOCAL_PART}@${LABEL}(?:\\.${LABEL})*$`);
/** First characters a spreadsheet (or a CSV export opened in one) would run as a formula. */
const FORMULA_START = /^[=+\-@]/;
const MAX_BODY = 8 * 1024;
const MAX_VALUE = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= MAX_VALUE && EMAIL.test(value);
}

/** Whether an address begins with = + - or @, which the form refuses (the endpoint's list is a spreadsheet). */
export function startsLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

export interface ReceivedForm {
  name: string;
  field: string;
  type: "email" | "text";
}

export type Outcome = "stored" | "duplicate" | "invalid";

/** The outcome an answer page tells the page that posted (its data-outcome), as endpoint/Code.js tells it too. */
export type PageOutcome = "received" | "invalid" | "busy" | "failed";

const PAGES = {
  received: { status: 200, title: "Received", outcome: "received", text: "Thank you, it has been received." },
  invalidEmail: { status: 400, title: "Not received", outcome: "invalid", text: "Please enter a valid email address." },
  formula: {
    status: 400,
    title: "Not received",
    outcome: "invalid",
    text: "Please check your email address: it cannot begin with =, +, - or @.",
  },
  empty: { status: 400, title: "Not received", outcome: "invalid", text: "Please fill in the field." },
  busy: {
    status: 503,
    title: "Busy",
    outcome: "busy",
    text: "Too many people are signing up at once. Please try again.",
  },
  failed: {
    status: 500,
    title: "Not stored",
    outcome: "failed",
    text: "It could not be stored. Please try again later.",
  },
  tooLarge: { status: 413, title: "Too large", outcome: undefined, text: "That request is too large." },
  notPost: { status: 405, title: "Method not allowed", outcome: undefined, text: "Send the form with POST." },
} as const satisfies Record<string, { status: number; title: string; outcome: PageOutcome | undefined; text: string }>;
type Page = keyof typeof PAGES;

/** The answer page's only script, allowed by its hash: it reads the outcome and the words from the page itself. */
const TELL =
  "var d=document.documentElement.dataset;" +
  "top.postMessage({form:d.form,outcome:d.outcome,message:document.querySelector('p').textContent},location.origin)";
const TELL_HASH = `'sha256-${createHash("sha256").update(TELL).digest("base64")}'`;

/** Writes one of the answer pages; those of a post's outcome tell it to the page that posted. */
export function answerPost(res: ServerResponse, form: string, page: Page): void {
  const { status, title, outcome, text } = PAGES[page];
  const script = outcome ? `<script>${TELL}</script>` : "";
  const outcomeAttribute = outcome ? ` data-outcome="${outcome}"` : "";
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; script-src ${TELL_HASH}; frame-ancestors 'self'`,
    "x-content-type-options": "nosniff",
  });
  res.end(
    `<!doctype html><html lang="en" data-form="${escapeAttribute(form)}"${outcomeAttribute}>` +
      `<meta charset="utf-8"><title>${title}</title><p>${text}</p>${script}</html>`,
  );
}

/**
 * Handles one POST (application/x-www-form-urlencoded); one from another site's page is a 403 (form-origin.ts),
 * its body unread. A value already stored gets the same answer as a new one, so the receiver never tells who has
 * signed up. The field given twice is refused. A post the client gives up on before its body ends is neither
 * stored nor answered (undefined). A store that fails is answered ("busy" when another process kept the lock)
 * and its error thrown on.
 */
export async function receiveFormPost(
  req: IncomingMessage,
  res: ServerResponse,
  store: EntryStore,
  form: ReceivedForm,
): Promise<{ outcome: Outcome; value: string } | undefined> {
  const reply = (page: Page) => answerPost(res, form.name, page);
  if (req.method !== "POST") {
    res.setHeader("allow", "POST");
    return void reply("notPost");
  }
  if (refuseForeignPost(req, res)) return undefined;
  let body = "";
  try {
    for await (const chunk of req) {
      body += chunk;
      if (body.length > MAX_BODY) return void reply("tooLarge");
    }
  } catch (error) {
    if (req.destroyed) return undefined; // the client went away mid-body: nothing to store, nobody to answer
    throw error;
  }
  const values = new URLSearchParams(body).getAll(form.field);
  const value = values.length === 1 ? values[0].trim() : "";
  const refused = refusal(value, form);
  if (refused) {
    reply(refused);
    return { outcome: "invalid", value };
  }
  try {
    const added = await store.add(value);
    reply("received");
    return { outcome: added === "added" ? "stored" : "duplicate", value };
  } catch (error) {
    reply(error instanceof LockBusyError ? "busy" : "failed");
    throw error;
  }
}

/** A value for a terminal log: "ann@example.com" -> "a**@example.com". */
export function maskValue(value: string): string {
  const at = value.lastIndexOf("@");
  const name = at > 0 ? value.slice(0, at) : value;
  return `${name.slice(0, 1)}${"*".repeat(Math.min(Math.max(name.length - 1, 2), 8))}${at > 0 ? value.slice(at) : ""}`;
}

/** Why a value is refused, as the page that says so; undefined when it is fine. */
function refusal(value: string, form: ReceivedForm): Page | undefined {
  if (!value || value.length > MAX_VALUE) return form.type === "email" ? "invalidEmail" : "empty";
  if (form.type !== "email") return undefined;
  if (!isValidEmail(value)) return "invalidEmail";
  return startsLikeFormula(value) ? "formula" : undefined;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
