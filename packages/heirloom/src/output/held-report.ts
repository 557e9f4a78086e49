// What a build tells of the entries it did not publish as finished ones: how many drafts, scheduled and expired
// entries it held back, how many scheduled ones it showed early, and when the next one is due (for a CI schedule).
import type { Publication } from "../content/types.ts";

export interface HeldReport {
  /** Drafts left out (without --drafts). */
  drafts: number;
  /** Entries left out because their publication date is later than the build's clock (without --future). */
  scheduled: number;
  /** Entries left out because their expiry date has passed. */
  expired: number;
  /** Scheduled entries published all the same (--future, dev), marked `scheduled: true`. */
  early: number;
  /** The scheduled entry due first, shown or not: when (RFC 3339, UTC) and its file. */
  next?: { date: string; file: string };
}

/** The report of a build's publication; undefined when every entry was published as a finished one. */
export function heldReport(publication: Publication): HeldReport | undefined {
  const held: HeldReport = { drafts: 0, scheduled: 0, expired: 0, early: 0 };
  for (const entry of publication.entries) {
    if (entry.reason === "draft") held.drafts += entry.shown ? 0 : 1;
    else if (entry.reason === "expired") held.expired++;
    else {
      if (entry.shown) held.early++;
      else held.scheduled++;
      const date = entry.date!;
      if (!held.next || date < held.next.date || (date === held.next.date && entry.file < held.next.file)) {
        held.next = { date, file: entry.file };
      }
    }
  }
  return held.drafts + held.scheduled + held.expired + held.early > 0 ? held : undefined;
}

/**
 * "Held back 2 scheduled entries and 1 draft; the next is due 2030-01-01T00:00:00Z (content/posts/x.md)." and, with
 * --future, "Published 1 scheduled entry before its date (--future)."
 */
export function heldLines(held: HeldReport): string[] {
  const parts = [
    counted(held.scheduled, "scheduled entry", "scheduled entries"),
    counted(held.drafts, "draft", "drafts"),
    counted(held.expired, "expired entry", "expired entries"),
  ].filter((part) => part !== "");
  const due = held.next ? `; the next is due ${held.next.date} (${held.next.file})` : "";
  const lines = parts.length ? [`Held back ${listed(parts)}${held.scheduled ? due : ""}.`] : [];
  if (held.early) {
    const early = counted(held.early, "scheduled entry", "scheduled entries");
    lines.push(
      `Published ${early} before ${held.early === 1 ? "its" : "their"} date (--future)${held.scheduled ? "" : due}.`,
    );
  }
  return lines;
}

/**
 * What dev says of publication after each build: the scheduled entries it shows before their date, and the expired
 * ones it leaves out, each with its file and date (the first three).
 */
export function devNotes(publication: Publication): string[] {
  const early = publication.entries.filter((entry) => entry.reason === "scheduled" && entry.shown);
  const expired = publication.entries.filter((entry) => entry.reason === "expired");
  const files = (entries: typeof early, what: string) =>
    entries
      .slice(0, 3)
      .map((entry) => `${entry.file} (${what} ${entry.date})`)
      .join(", ") + (entries.length > 3 ? ` and ${entries.length - 3} more` : "");
  const notes: string[] = [];
  if (early.length > 0) {
    const [its, it] = early.length === 1 ? ["its", "it"] : ["their", "them"];
    notes.push(
      `showing ${counted(early.length, "scheduled entry", "scheduled entries")} before ${its} date, marked ` +
        `scheduled (build leaves ${it} out without --future): ${files(early, "due")}`,
    );
  }
  if (expired.length > 0) {
    notes.push(
      `leaving out ${counted(expired.length, "expired entry", "expired entries")}: ${files(expired, "expired")}`,
    );
  }
  return notes;
}

const counted = (n: number, one: string, many: string) => (n === 0 ? "" : `${n} ${n === 1 ? one : many}`);

const listed = (parts: string[]) =>
  parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
