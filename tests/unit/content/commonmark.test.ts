// The CommonMark spec's 652 examples (commonmark-spec 0.31.2), compared as the spec's own tests compare them
// (normalize.py, ported): all of them with preset "commonmark"; with the defaults, every example that differs is
// on the list of deliberate differences below, each listed under the setting that makes it differ.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { MarkdownOptions } from "../../../packages/heirloom/src/config/markdown-options.ts";
import { renderMarkdown } from "../../../packages/heirloom/src/index.ts";
import { normalizeHtml } from "../../helpers/normalize-html.ts";

interface Example {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

// The spec writes a tab as → (its own test runner replaces it the same way).
const examples = (createRequire(import.meta.url)("commonmark-spec").tests as Example[]).map((example) => ({
  ...example,
  markdown: example.markdown.replaceAll("→", "\t"),
  html: example.html.replaceAll("→", "\t"),
}));

const COMMONMARK: MarkdownOptions = { preset: "commonmark" };

/** The examples whose HTML is not the spec's with these settings (and raw HTML kept or not). */
function differing(markdown?: MarkdownOptions, html?: boolean): Example[] {
  return examples.filter(
    (example) =>
      normalizeHtml(renderMarkdown(example.markdown, markdown, { html }).html) !== normalizeHtml(example.html),
  );
}

/**
 * What the defaults change on purpose, each with the setting that, turned on alone over preset "commonmark",
 * changes exactly these examples (an example changed by two settings is under both).
 */
const DELIBERATE: Array<{ reason: string; settings: MarkdownOptions; html?: boolean; examples: number[] }> = [
  {
    reason: "raw HTML escaped (kept by a collection's html: true)",
    settings: {},
    html: false,
    examples: [
      21, 31, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168,
      169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
      201, 308, 309, 344, 475, 476, 477, 491, 494, 524, 536, 613, 614, 615, 616, 617, 623, 625, 626, 627, 628, 629, 630,
      631, 642, 643,
    ],
  },
  {
    reason: "GitHub's heading ids and the link after each heading",
    settings: { ids: true, anchors: {} },
    examples: [
      10, 59, 62, 66, 67, 68, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 86, 89, 90, 91, 95, 96, 102, 103,
      115, 141, 214, 215, 227, 228, 229, 230, 232, 300, 646, 647,
    ],
  },
  {
    // Curly quotes (the escaped "not a reference" of 14, the titles that are text in 209, 210, 508, 590); -- and ---
    // alone or between letters as dashes (46, 55, 87); never `..`, a URL or an HTML tag written as text.
    reason: "the typographer",
    settings: { typographer: true },
    examples: [14, 46, 55, 87, 197, 209, 210, 352, 359, 363, 380, 385, 395, 508, 590, 632],
  },
  {
    // An address in text, which CommonMark leaves as text: inside <...> with a space (602, 608), bare (611, 612).
    reason: "GitHub's autolinks of bare addresses",
    settings: { gfm: { autolinks: true } },
    examples: [602, 608, 611, 612],
  },
  // GitHub's other extensions change no example: the spec has no table, ~~, task list or footnote.
  { reason: "GitHub's tables", settings: { gfm: { tables: true } }, examples: [] },
  { reason: "GitHub's strikethrough", settings: { gfm: { strikethrough: true } }, examples: [] },
  { reason: "GitHub's task lists", settings: { gfm: { tasklists: true } }, examples: [] },
  { reason: "footnotes", settings: { gfm: { footnotes: true } }, examples: [] },
];

describe("the CommonMark spec", () => {
  it("has 652 examples", () => {
    expect(examples.length).toBe(652);
  });

  it('is followed exactly with preset: "commonmark": all 652 examples', () => {
    const failed = differing(COMMONMARK);
    expect(failed.map((example) => example.number)).toEqual([]);
  });

  it("differs with the defaults only where a deliberate difference says", () => {
    const failed = differing();
    const bySection = new Map<string, [number, number]>();
    for (const example of examples) {
      const [differ, all] = bySection.get(example.section) ?? [0, 0];
      bySection.set(example.section, [differ + (failed.includes(example) ? 1 : 0), all + 1]);
    }
    const table = [...bySection].filter(([, [differ]]) => differ > 0);
    console.log(
      `Examples that differ from the spec with the defaults, by section (${failed.length} of ${examples.length}):\n` +
        table.map(([section, [differ, all]]) => `  ${section}: ${differ} of ${all}`).join("\n"),
    );
    const listed = new Set(DELIBERATE.flatMap((difference) => difference.examples));
    expect(failed.map((example) => example.number)).toEqual([...listed].sort((a, b) => a - b));
  });

  it.each(DELIBERATE.map((difference) => [difference.reason, difference] as const))(
    "lists exactly the examples that %s changes",
    (_reason, { settings, html, examples: numbers }) => {
      const failed = differing({ ...COMMONMARK, ...settings }, html);
      expect(failed.map((example) => example.number)).toEqual(numbers);
    },
  );
});
