// Starlight's documentation (withastro/starlight at a named commit, MIT) ported with its files unchanged
// (scripts/corpus/starlight-docs.js), built when the repository's mirror is on this machine: which files build,
// what the build says, and what the pages render of the components, tables, code titles and asides.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a script of the repository, plain JavaScript without types.
import { STARLIGHT_COMMIT, extractDocs } from "../../scripts/corpus/starlight-docs.js";
// @ts-expect-error: as above.
import { buildPort, grouped } from "../../scripts/corpus/starlight-report.js";

const MIRROR = "/work/.mirror/withastro+starlight/repo";
const present = existsSync(MIRROR);
if (!present) console.info(`Starlight's docs port is not built: no mirror of withastro/starlight at ${MIRROR}.`);

interface Port {
  total: number;
  built: number;
  refused: Array<{ id: string; file: string }>;
  build: { problems: Array<{ kind: string; id: string }> };
  measures: Record<string, Record<string, number>>;
}

let root: string;
let port: Port;
const page = (route: string) => readFileSync(path.join(root, "dist", route, "index.html"), "utf8");

describe.skipIf(!present)("Starlight's docs, ported unchanged", () => {
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "heirloom-starlight-"));
    const docs = extractDocs({ gitDir: MIRROR, commit: STARLIGHT_COMMIT, out: root });
    expect(docs.files.length).toBe(338);
    expect(docs.files.filter((file: { name: string }) => file.name.endsWith(".mdx")).length).toBe(289);
    port = buildPort(root);
  }, 900_000);

  it("builds 323 of its 338 files; the others are refused at their place, each for a reason a user can act on", () => {
    expect(port.total).toBe(338);
    expect(port.built).toBe(323);
    const refused = port.refused.map((p) => `${p.id} ${p.file}`).sort();
    // Vite's ?raw import of a file outside the docs, in components/code.mdx and its 7 translations.
    expect(refused.filter((r) => r.startsWith("MdxImportMissing") && r.endsWith("/components/code.mdx"))).toHaveLength(
      8,
    );
    // `:::tip{icon="heart"}`: without a directive plugin, MDX reads {icon="heart"} as an expression, which throws.
    expect(
      refused.filter((r) => r.startsWith("MdxExpressionFailed") && r.endsWith("/authoring-content.mdx")),
    ).toHaveLength(7);
    expect(refused).toHaveLength(15);
  });

  it("accepts every import of Starlight's components and of its site's own, and warns only as it should", () => {
    const kinds = grouped(port.build.problems);
    expect(Object.keys(kinds).filter((kind) => kind.startsWith("error"))).toEqual([]);
    expect(kinds["warning code block in a language Shiki lacks (markdoc)"]).toBe(214);
    // The translations of environmental-impact.md: their :::tip is printed as text, and said so.
    expect(kinds["warning ::: container in a .md file, printed as text"]).toBe(8);
    // Russian links to English headings' ids (#sidebarlink-type), which its translated headings do not have.
    expect(kinds["warning broken fragment"]).toBe(4);
  });

  it("renders the stand-ins of Starlight's components with the files' content", () => {
    const tabs = page("components/tabs");
    expect(tabs).toMatch(/<section class="tab" aria-label="Stars"><p class="tab-label">Stars<\/p>/);
    expect(page("guides/customization")).toContain('<div class="steps"><ol>');
    expect(page("components/badges")).toContain('<span class="badge badge-note">Note</span>');
    expect(page("index")).toContain('<div class="hero"><h1>Make your docs shine with Starlight</h1>');
    expect(page("de/getting-started")).toContain('<html lang="de"');
  });

  it("renders at least what it renders today: tables of .md files; titles, marked lines and ::: asides not yet", () => {
    const m = port.measures;
    expect(m.files).toBe(323);
    expect(m.tables).toMatchObject({ files: 8, written: 8 });
    expect(m.tables.rendered).toBeGreaterThanOrEqual(8);
    expect(m.titles.written).toBe(81);
    expect(m.marked.written).toBe(636);
    expect(m.insDel.written).toBe(90);
    expect(m.asides.written).toBe(115);
    for (const shown of [m.titles.rendered, m.marked.pagesShowing, m.insDel.pagesShowing, m.asides.rendered]) {
      expect(shown).toBeGreaterThanOrEqual(0);
    }
  });
});
