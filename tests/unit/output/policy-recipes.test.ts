// The guide's recipes for the site's own headers (docs/content/guide/headers.md): each, written as the guide
// gives it, builds a page that uses what it is for without a warning; without it, the same page is warned about.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProject, editFile, makeFixture, repoRoot } from "../../helpers/site.ts";

const FRONT = "---\norder: 3\ntitle: Third\nprice: 7\ntags:\n  - three\nfeatured: false\n---\n";
const GUIDE = readFileSync(path.join(repoRoot, "docs", "content", "guide", "headers.md"), "utf8");
/** The guide's ```ts blocks under "## Recipes", in order. */
const RECIPES = [...GUIDE.slice(GUIDE.indexOf("## Recipes")).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

/** What each recipe is for, as a page writes it (the guide's own examples). */
const USES: Array<[string, string]> = [
  ["Plausible", '<script defer data-domain="example.org" src="https://plausible.io/js/script.js"></script>'],
  [
    "GoatCounter",
    '<script data-goatcounter="https://example.goatcounter.com/count" async src="https://gc.zgo.at/count.js"></script>',
  ],
  ["web fonts", '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">'],
  [
    "embeds",
    '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>\n\n' +
      '<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4"></iframe>',
  ],
];

async function blockedWith(recipe: string | undefined, use: string): Promise<string[]> {
  const root = makeFixture();
  editFile(root, "site.config.ts", 'folder: "notes",', 'folder: "notes",\n      html: true,');
  // The guide's embeds are on a blog's posts; the fixture's are its notes.
  if (recipe)
    editFile(
      root,
      "site.config.ts",
      'urlFormat: "file",',
      `urlFormat: "file",\n  ${recipe.replace('"/blog/*"', '"/notes/*"')}`,
    );
  writeFileSync(path.join(root, "content", "notes", "third.md"), `${FRONT}${use}\n`);
  const { warnings } = await buildProject(root);
  return warnings.filter((w) => w.includes("Content-Security-Policy blocks"));
}

describe("the guide's recipes", () => {
  it("are four", () => {
    expect(RECIPES).toHaveLength(USES.length);
  });

  it.each(USES.map(([name, use], i) => [name, use, i] as const))(
    "%s builds without a warning",
    async (_, use, i) => {
      expect((await blockedWith(undefined, use)).length).toBeGreaterThan(0);
      expect(await blockedWith(RECIPES[i], use)).toEqual([]);
    },
    120_000,
  );
});
