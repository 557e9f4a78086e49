// Each entry's front matter through its collection's schema, and its body's kind when a function chooses it: the
// site's code (refinements, transforms), run in batches within the site's time before the engine's own work on the
// entries (their bodies compiled or rendered), which no budget may stop half-done.
import type { z } from "zod";
import { PastBudget, eachWithinTime } from "../compile/time-budget.ts";
import type { BodyKind } from "../config/define.ts";
import { durationText } from "../config/timeout.ts";
import type { ResolvedSite } from "../config/types.ts";
import { EntryPastBudget } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";
import { datedFileName, offCalendarFileName } from "./frontmatter/index.ts";
import type { SourceEntry } from "./types.ts";

/** What the schema made of an entry's data (the date its file's name gives added), and its body's kind. */
export interface SchemaCheck {
  data: Record<string, unknown>;
  named: ReturnType<typeof datedFileName>;
  off: ReturnType<typeof offCalendarFileName>;
  result: z.ZodSafeParseResult<unknown>;
  kind: BodyKind;
}

/**
 * Each entry of `sources` checked by its collection's schema, but those whose `draft` is no boolean (told as they
 * are validated); stopped past the site's time at the entry.
 */
export function checkSchemas(site: ResolvedSite, sources: SourceEntry[]) {
  const checks = new Map<SourceEntry, SchemaCheck>();
  let checking: SourceEntry | undefined;
  const blame = () => {
    const { file, collection } = checking!;
    return errorFrom(
      EntryPastBudget,
      { file, collection, seconds: durationText(site.timeout) },
      { location: { file } },
    );
  };
  const check = (source: SourceEntry) => {
    const draft = source.data.draft;
    if (draft !== undefined && typeof draft !== "boolean") return;
    checking = source;
    checks.set(source, checkSchema(site, source));
  };
  try {
    eachWithinTime(sources, check, site.timeout, blame);
  } catch (error) {
    throw error instanceof PastBudget ? (error.blamed ?? error) : error;
  }
  return checks;
}

function checkSchema(site: ResolvedSite, source: SourceEntry): SchemaCheck {
  const collection = site.collections.get(source.collection)!;
  // A data file's list is read whole (it has no draft or date field).
  const list = Array.isArray(source.data);
  const { draft: _draft, ...fields } = list ? {} : source.data;
  const data = list ? source.data : fields;
  // "2024-01-15-hello.md" dates an entry whose front matter does not: before the schema reads it.
  const named = collection.datedFileNames && !list ? datedFileName(source.file) : undefined;
  if (named && data.date === undefined) data.date = named.date;
  // "2026-02-31-hello.md": told as such, not also as a post without a date.
  const off = collection.datedFileNames && !named ? offCalendarFileName(source.file) : undefined;
  const result = collection.schema.safeParse(data);
  const kind =
    typeof collection.body === "function"
      ? result.success
        ? collection.body(result.data as Record<string, unknown>)
        : "markdown"
      : collection.body;
  return { data, named, off, result, kind };
}
