// Another generator's syntax in a markdown body, which this engine prints as text: Hugo's shortcodes, Jekyll's Liquid
// tags and output, ::: containers and > [!NOTE] alerts that no plugin of the site reads. Each is told at its line
// with the Heirloom way to get it; what is in code (spans, fenced and indented blocks) is never told, but for
// {% raw %} in a code span, which Jekyll reads before markdown.
import type { Token } from "markdown-it";
import { GithubAlert, HugoShortcode, LiquidOutput, LiquidTag, UnknownContainer } from "../../errors/catalogue.ts";
import type { ErrorEntry } from "../../errors/errors.ts";

/** A construct found in a line of text: what to tell, and the Liquid tag that ends its quiet part, if any. */
interface Found {
  index: number;
  note?: string;
  /** The tag after which constructs are told again ({% endraw %}): what is between is shown as written. */
  quietUntil?: string;
}

/** One kind of construct: where it may be (any line of text, or the first line of a paragraph or a quote). */
interface Construct {
  where: "text" | "paragraph" | "quote";
  find(line: string): Found[];
}

const told = <A extends object>(entry: ErrorEntry<A>, args: A) => `${entry.message(args)} Hint: ${entry.hint?.(args)}`;

/** Liquid output of Jekyll's objects, or of a quoted text through a filter, its quotes maybe curled. */
const LIQUID_OUTPUT = /\{\{-?\s*((?:site|page|layout|include|paginator|jekyll|post)\b|["'“”‘’][^}]*?\|)[^}]*/g;

/** Liquid's raw tags, which mean Liquid wherever they are, in a code span too. */
const LIQUID_RAW = /\{%-?\s*raw\s*-?%\}/;

/** Tags whose content Jekyll shows as written (or not at all): what is between them is not told again. */
const QUIET: Record<string, string> = { raw: "endraw", highlight: "endhighlight", comment: "endcomment" };

/**
 * Every construct that is told, in one list: a construct the engine comes to render (alerts, containers) leaves it.
 * Only the opening of a pair is told; its hint names the closing one.
 */
export const FOREIGN_CONSTRUCTS: readonly Construct[] = [
  {
    where: "text",
    find: (line) =>
      [...line.matchAll(/\{\{([<%])\s*([\w.-]+(?:\/[\w.-]+)*)/g)].map((m) => ({
        index: m.index,
        note: told(HugoShortcode, { name: m[2], open: m[1] as "<" | "%" }),
      })),
  },
  {
    where: "text",
    find: (line) =>
      [...line.matchAll(/(?<!\{)\{%-?\s*(\w+)/g)].map((m) => ({
        index: m.index,
        // A closing tag is told with its opening one.
        note: m[1].startsWith("end") ? undefined : told(LiquidTag, { name: m[1] }),
        quietUntil: QUIET[m[1]],
      })),
  },
  {
    where: "text",
    find: (line) =>
      [...line.matchAll(LIQUID_OUTPUT)].map((m) => ({
        index: m.index,
        note: told(LiquidOutput, { expression: straight(m[0].replace(/^\{\{-?\s*/, "").trim()) }),
      })),
  },
  {
    where: "paragraph",
    find: (line) => {
      const m = /^:{3,}\s*([\w-]+|\{[^}]*\})/.exec(line);
      return m ? [{ index: 0, note: told(UnknownContainer, { name: m[1] }) }] : [];
    },
  },
  {
    where: "quote",
    find: (line) => {
      const m = /^\[!(\w+)\][+-]?/.exec(line);
      return m ? [{ index: 0, note: told(GithubAlert, { kind: m[1].toUpperCase() }) }] : [];
    },
  },
];

/** Whether a body may hold a construct at all: most do not, and are not looked through. */
export function mayHoldForeign(source: string): boolean {
  return source.includes("{{") || source.includes("{%") || source.includes(":::") || source.includes("[!");
}

/** The constructs of a parsed body, each as [its 1-based line in the body, what to tell], in order. */
export function foreignNotes(tokens: Token[]): Array<[number, string]> {
  const notes: Array<[number, string]> = [];
  let quietUntil: string | undefined;
  const scan = (line: string, at: number, place: "text" | "paragraph" | "quote") => {
    const found = FOREIGN_CONSTRUCTS.filter((c) => c.where === "text" || c.where === place)
      .flatMap((c) => c.find(line))
      .sort((a, b) => a.index - b.index);
    for (const { note, quietUntil: quiet, index } of found) {
      if (quietUntil) {
        if (new RegExp(`\\{%-?\\s*${quietUntil}\\b`).test(line.slice(index, index + 20))) quietUntil = undefined;
        continue;
      }
      if (note) notes.push([at, note]);
      if (quiet) quietUntil = quiet;
    }
  };
  tokens.forEach((token, i) => {
    const first = (token.map?.[0] ?? 0) + 1;
    if (token.type === "html_block") {
      token.content.split("\n").forEach((line, n) => scan(line, first + n, "paragraph"));
      return;
    }
    if (token.type !== "inline") return;
    // The first line of a paragraph right inside a quote may open an alert.
    const quoted = tokens[i - 1]?.type === "paragraph_open" && tokens[i - 2]?.type === "blockquote_open";
    textLines(token).forEach((line, n) => scan(line, first + n, n === 0 && quoted ? "quote" : "paragraph"));
  });
  return notes;
}

/** An inline token's text by line, its code spans blanked: what the page shows as text, as written. */
function textLines(inline: Token): string[] {
  const lines = [""];
  for (const child of inline.children ?? []) {
    if (child.type === "text" || child.type === "html_inline") lines[lines.length - 1] += child.content;
    else if (child.type === "code_inline") {
      // Jekyll runs Liquid before markdown, so {% raw %} in a code span is Liquid's: the span shows only what is
      // inside it there, and the tags too here. Any other code span is shown as written alike: blanked.
      const liquid = LIQUID_RAW.test(child.content);
      lines[lines.length - 1] += liquid ? ` ${child.content} ` : " ".repeat(child.content.length + 2);
    } else if (child.type === "softbreak" || child.type === "hardbreak") lines.push("");
  }
  return lines;
}

/** Quotes as written before the typographer curled them. */
function straight(text: string): string {
  return text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
}

/**
 * The Hugo shortcode or Liquid tag or output in a line of an MDX body, which MDX fails to read as an expression:
 * what it is, and what to write instead (its warning's hint in markdown).
 */
export function foreignInLine(line: string): { construct: string; advice: string } | undefined {
  const shortcode = /\{\{([<%])\s*([\w.-]+(?:\/[\w.-]+)*)/.exec(line);
  if (shortcode) {
    const args = { name: shortcode[2], open: shortcode[1] as "<" | "%" };
    const written = `{{${args.open} ${args.name} ${args.open === "<" ? ">" : "%"}}}`;
    return { construct: `"${written}" is a Hugo shortcode`, advice: HugoShortcode.hint!(args) };
  }
  const tag = /\{%-?\s*(\w+)/.exec(line);
  if (tag) {
    return { construct: `"{% ${tag[1]} %}" is a Liquid tag (Jekyll)`, advice: LiquidTag.hint!({ name: tag[1] }) };
  }
  const output = new RegExp(LIQUID_OUTPUT.source).exec(line);
  if (!output) return undefined;
  const expression = straight(output[0].replace(/^\{\{-?\s*/, "").trim());
  return { construct: `"{{ ${expression} }}" is Liquid output (Jekyll)`, advice: LiquidOutput.hint!({ expression }) };
}
