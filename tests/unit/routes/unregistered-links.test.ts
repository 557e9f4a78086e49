// A site whose home page is not built (a draft): `unregistered: ["/"]` lets its templates link to the root, and
// without it the broken link is told where the template writes it, never at the draft's `path: /`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { failures } from "../../helpers/errors.ts";
import { buildProject, editFile, makeFixture, ownTemplates } from "../../helpers/site.ts";

/** The fixture with its home page a draft, and its own templates (whose Document links to "/"). */
function withoutHome(unregistered: string) {
  const root = makeFixture();
  ownTemplates(root);
  editFile(root, "content/pages/index.md", "title: Home\n", "title: Home\ndraft: true\n");
  editFile(root, "site.config.ts", 'unregistered: ["/later"]', `unregistered: ${unregistered}`);
  return root;
}

describe("a link to / on a site whose home page is not built", () => {
  it('builds with unregistered: ["/"], the root left to whatever serves it', async () => {
    const root = withoutHome('["/later", "/"]');
    const result = await buildProject(root);
    expect(result.routes.map((r) => r.route)).not.toContain("/");
    expect(existsSync(path.join(root, "dist", "index.html"))).toBe(false);
    expect(readFileSync(path.join(root, "dist", "about", "team.html"), "utf8")).toContain('<a href="/">Home</a>');
  });

  it("is told at the template's line that writes it, not at the draft's path: /", async () => {
    const root = withoutHome('["/later"]');
    const document = readFileSync(path.join(root, "templates", "Document.tsx"), "utf8").split("\n");
    const line = document.findIndex((text) => text.includes('href("/")'));
    const errors = await failures(root);
    expect(errors.map((e) => [e.code, e.message, e.location, e.hint])).toEqual([
      [
        "BrokenLinkError",
        "The link / on /about/team, /notes/first, /notes/second, 404 leads to no page or file of the site.",
        { file: "templates/Document.tsx", line: line + 1, column: document[line].indexOf('"/"') + 1 },
        "the link is written in templates/; correct it there.",
      ],
    ]);
  });
});
