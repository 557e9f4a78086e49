// A fenced block in a language Shiki does not have: written plain (as markdown-it writes it) and told, at its file
// and line, with the names of Shiki's languages nearest to the one written. What is told is kept with the body
// (markdown's cache, a compiled MDX body), so a build that reuses the body tells it again.
import { shikiLanguages } from "./highlight.ts";
import { distance } from "../../errors/nearest.ts";

/** A block written plain as Shiki has no language of its name: its line in the body (1-based), what to tell. */
export type PlainNote = [line: number, note: string];

/** What is told of each language, made once per process (Shiki's languages do not change within it). */
const told = new Map<string, string>();

/** What is told of a block in `lang`, a language Shiki does not have (after prepareHighlighting looked for it). */
export function unknownLanguageNote(lang: string): string {
  let note = told.get(lang);
  if (note === undefined) {
    const near = nearestLanguages(lang, shikiLanguages()).map((name) => `\`\`\`${name}`);
    const hint = near.length
      ? `did you mean ${near.slice(0, -1).join(", ")}${near.length > 1 ? " or " : ""}${near.at(-1)}? ` +
        "write ```text for plain text"
      : "write ```text for plain text, or a language of https://shiki.style/languages";
    const why = `Shiki has no language "${lang}", so it is written plain`;
    note = `the \`\`\`${lang} block was not highlighted: ${why} (${hint})`;
    told.set(lang, note);
  }
  return note;
}

/** The warnings of a body's blocks written plain, each at its line in `file` (whose body starts at `bodyLine`). */
export function plainWarnings(notes: PlainNote[] | undefined, file: string, bodyLine: number): string[] {
  return (notes ?? []).map(([line, note]) => `${file}:${bodyLine + line - 1}: ${note}`);
}

/** The names nearest to `lang` (at most 2 edits, 1 for a name under 4 letters): three at most, in their order. */
function nearestLanguages(lang: string, names: readonly string[]): string[] {
  let most = lang.length < 4 ? 1 : 2;
  let nearest: string[] = [];
  for (const name of names) {
    const edits = Math.abs(name.length - lang.length) > most ? most + 1 : distance(lang, name);
    if (edits < most) [most, nearest] = [edits, []];
    if (edits <= most) nearest.push(name);
  }
  return nearest.sort().slice(0, 3);
}
