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

/** The warnings of the build: each a block, at its line. */
const MARKDOC = 255;
const UNREAD = {
  'warning UnknownFenceMeta: text marked by its words ("…")': 196,
  "warning UnknownFenceMeta: text marked by a pattern (/…/)": 70,
  'warning UnknownFenceMeta: lines added or removed by their text (ins="…", ins=/…/)': 24,
  'warning UnknownFenceMeta: a diff highlighted as another language (lang="js")': 78,
  'warning UnknownFenceMeta: a frame (frame="none")': 9,
};
// Of 529 blocks marking lines by number, the 56 in ```markdoc, a language Shiki lacks, are written plain and lose
// their marks; 235 mark text by its words or a pattern, told above. Of 97 with ins=/del=, 8 name lines by text.
const MARKED = { written: 764, byNumber: 529, byText: 235, pagesWith: 181, rendered: 473, pagesShowing: 141 };
const INS_DEL = { written: 97, rendered: 89, pagesWith: 56, pagesShowing: 56 };
/** authoring-content.mdx's :::tip asides outside its code blocks: :::tip[Did you know?] and :::tip{icon="heart"}. */
const TIPS = 2;

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

  it("builds 330 of its 338 files; the 8 others are refused at their import, for a reason a user can act on", () => {
    expect(port.total).toBe(338);
    expect(port.built).toBe(330);
    const refused = port.refused.map((p) => `${p.id} ${p.file}`).sort();
    // Vite's ?raw import of a file outside the docs, in components/code.mdx and its 7 translations.
    expect(refused.filter((r) => r.startsWith("MdxImportMissing") && r.endsWith("/components/code.mdx"))).toHaveLength(
      8,
    );
    expect(refused).toHaveLength(8);
  });

  it("warns only as it should: what it does not read of Expressive Code, each at its line", () => {
    const kinds = grouped(port.build.problems);
    expect(Object.keys(kinds).filter((kind) => kind.startsWith("error"))).toEqual([]);
    expect(kinds).toEqual({
      "warning code block in a language Shiki lacks (markdoc)": MARKDOC,
      // Expressive Code's marks by text and by pattern, its lines added by their text, its frames and its diffs
      // highlighted as another language: none of them read here, each told.
      ...UNREAD,
      // Russian links to English headings' ids (#sidebarlink-type), which its translated headings do not have.
      "warning broken fragment": 4,
    });
  });

  it("renders the stand-ins of Starlight's components with the files' content, index.mdx at its folder", () => {
    const tabs = page("components/tabs");
    expect(tabs).toMatch(/<section class="tab" aria-label="Stars"><p class="tab-label">Stars<\/p>/);
    expect(page("guides/customization")).toContain('<div class="steps"><ol>');
    expect(page("components/badges")).toContain('<span class="badge badge-note">Note</span>');
    expect(page("")).toContain('<div class="hero"><h1>Make your docs shine with Starlight</h1>');
    expect(page("de")).toContain('<html lang="de"');
    expect(existsSync(path.join(root, "dist/index/index.html"))).toBe(false);
    expect(page("de/getting-started")).toContain('<html lang="de"');
  });

  it("renders its tables, code titles, ::: asides and the lines it marks by number", () => {
    const m = port.measures;
    expect(m.files).toBe(330);
    expect(m.tables).toEqual({ files: 8, written: 8, rendered: 8, filesRendering: 8 });
    expect(m.titles).toEqual({ written: 95, rendered: 95 });
    expect(m.asides).toEqual({ written: 150, rendered: 150 });
    expect(m.marked).toMatchObject(MARKED);
    expect(m.insDel).toMatchObject(INS_DEL);
    // :::tip[Did you know?] titled by its label, :::tip{icon="heart"} a tip (its icon is GitHub's).
    const authoring = page("guides/authoring-content");
    expect(authoring).toMatch(
      /markdown-alert-tip" role="note"><p class="markdown-alert-title"><svg[^>]*>.*?<\/svg>Did you know\?/,
    );
    expect(authoring.match(/class="markdown-alert markdown-alert-tip"/g)).toHaveLength(TIPS);
  });
});
