// The esbuild result cache: reused only while every input file is unchanged.
import { cpSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readStamped, writeStamped } from "../src/compile/stamped-cache.ts";
import { buildProject, makeProject, templatesDir } from "./helpers/site.ts";

const scratch = () => mkdtempSync(path.join(os.tmpdir(), "heirloom-stamp-"));
const past = Date.now() - 60_000;

describe("readStamped / writeStamped", () => {
  it("returns the data while the inputs are unchanged, and nothing once one changes", async () => {
    const dir = scratch();
    const [a, b] = [path.join(dir, "a.ts"), path.join(dir, "b.css")];
    writeFileSync(a, "export const a = 1;");
    writeFileSync(b, "body { color: red }");
    for (const f of [a, b]) utimesSync(f, past / 1000, past / 1000);
    await writeStamped("test", dir, [a, b], { answer: 42 }, Date.now());
    expect(await readStamped("test", dir)).toEqual({ answer: 42 });
    writeFileSync(b, "body { color: blue }");
    expect(await readStamped("test", dir)).toBeUndefined();
  });

  it("does not store a result when an input was modified after the work began", async () => {
    const dir = scratch();
    const a = path.join(dir, "a.ts");
    const started = Date.now() - 1000;
    writeFileSync(a, "export const a = 2;");
    await writeStamped("test", dir, [a], { answer: 1 }, started);
    expect(await readStamped("test", dir)).toBeUndefined();
  });
});

describe("a build after a template edit", () => {
  it("uses the new stylesheet and markup, not the cached ones", async () => {
    const templates = path.join(scratch(), "templates");
    cpSync(templatesDir, templates, { recursive: true });
    const root = makeProject();
    const first = await buildProject(root, { templatesDir: templates });
    const css = (result: typeof first) => {
      const html = readFileSync(path.join(result.outDir, "index.html"), "utf8");
      return readFileSync(path.join(result.outDir, /href="\/(assets\/site-[^"]+\.css)"/.exec(html)![1]), "utf8");
    };
    expect(css(first)).not.toContain("#123456");
    writeFileSync(path.join(templates, "styles/site.css"), `${readFileSync(path.join(templates, "styles/site.css"), "utf8")}\n.probe{color:#123456}\n`);
    const footer = path.join(templates, "components/Footer.tsx");
    writeFileSync(footer, readFileSync(footer, "utf8").replace("<p>{footer.legal}</p>", "<p>{footer.legal} (probe)</p>"));
    const second = await buildProject(root, { templatesDir: templates });
    expect(css(second)).toContain("#123456");
    expect(readFileSync(path.join(second.outDir, "index.html"), "utf8")).toContain("(probe)");
  });
});
