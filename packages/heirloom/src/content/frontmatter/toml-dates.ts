// TOML dates that are no day of the calendar (2026-02-31), quoted before smol-toml reads the front matter: it would
// read such a date as another day (3 March) without a word, and refuse a month 13 as a syntax error. Quoted, each is
// the text it is, as YAML keeps `date: 2026-02-31`, and the schema's check tells it at its field (schema-errors.ts).
import { offCalendar } from "./dates.ts";

/** A TOML date, local date-time or offset date-time, read where a value starts. */
const DATE = /\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?/y;
/** Where a value that is no string, list or table ends. */
const SCALAR_END = /[\s,\]}#]/;

/**
 * The text with each date value that is not a day of the calendar in quotes (keys, strings and comments left as
 * they are); the text itself when it has none. A scan of the values: after `=`, and in lists.
 */
export function quoteOffCalendarDates(text: string): string {
  if (!/\d{4}-\d{2}-\d{2}/.test(text)) return text;
  let quoted = "";
  let copied = 0;
  // What comes next is a value; the lists ([) and inline tables ({) open around it.
  let value = false;
  const open: string[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === "#") i = endOf(text, "\n", i);
    else if (c === '"' || c === "'") [i, value] = [stringEnd(text, i), false];
    else if (c === "=") [i, value] = [i + 1, true];
    else if (c === "\n") [i, value] = [i + 1, value && open.length > 0];
    else if ((c === "[" || c === "{") && value) {
      // A list holds values; an inline table, keys first.
      open.push(c);
      [i, value] = [i + 1, c === "["];
    } else if (c === "]" || c === "}") {
      // A table's header ends too ([table]), with nothing open.
      open.pop();
      [i, value] = [i + 1, false];
    } else if (c === ",") [i, value] = [i + 1, open.at(-1) === "["];
    else if (!value || /\s/.test(c)) i++;
    else {
      DATE.lastIndex = i;
      const date = DATE.exec(text)?.[0];
      const end = date ? i + date.length : scalarEnd(text, i);
      if (date && offCalendar(date)) {
        quoted += `${text.slice(copied, i)}"${date}"`;
        copied = end;
      }
      [i, value] = [end, false];
    }
  }
  return copied === 0 ? text : quoted + text.slice(copied);
}

/** The index past the next `mark` from `from` (or the text's end). */
function endOf(text: string, mark: string, from: number): number {
  const at = text.indexOf(mark, from);
  return at < 0 ? text.length : at + mark.length;
}

/** The index past a string that starts at `start`: basic or literal, on one line or several. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  const triple = text.startsWith(quote.repeat(3), start);
  if (quote === "'") return triple ? endOf(text, "'''", start + 3) : endOf(text, "'", start + 1);
  for (let i = start + (triple ? 3 : 1); i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (triple ? text.startsWith('"""', i) : text[i] === '"') return i + (triple ? 3 : 1);
  }
  return text.length;
}

function scalarEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !SCALAR_END.test(text[i])) i++;
  return i;
}
