// Code blocks highlighted by the pool of worker threads (src/content/highlight/highlight-pool.ts): a block that would
// take Shiki minutes is written plain after its time, with a warning at its file and line; the others come out as the
// main thread highlights them; a site with many blocks has them highlighted by the threads. What each build's pool
// did is read from its HEIRLOOM_TRACE line.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import { highlightCode, prepareHighlighting } from "../../../packages/heirloom/src/content/highlight/highlight.ts";
import { Highlighting } from "../../../packages/heirloom/src/content/highlighting.ts";
import { buildProject, editFile as edit, makeFixture } from "../../helpers/site.ts";

const THEMES = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" };
const page = (name: string, body: string) =>
  `---\npath: /${name}\ntemplate: prose\ntitle: ${name}\n---\nSome text.\n\n${body}`;
const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\`\n\n`;

/** What the builds' pools told since the last call: distinct blocks, threads and blocks made plain, a build each. */
const runs: Array<{ blocks: number; threads: number; plain: number }> = [];
const lastRun = () => runs.splice(0).at(-1) ?? { blocks: 0, threads: 0, plain: 0 };

beforeAll(() => {
  vi.stubEnv("HEIRLOOM_TRACE", "highlight");
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const told = /^highlight pool: (\d+) blocks on (\d+) threads, (\d+) plain$/m.exec(String(chunk));
    if (told) runs.push({ blocks: Number(told[1]), threads: Number(told[2]), plain: Number(told[3]) });
    return told ? true : write(chunk, ...(rest as []));
  });
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the highlight pool", () => {
  it("writes a block Shiki takes minutes over plain after 2 s, warned at its line; others highlighted", async () => {
    const root = makeFixture("markdown");
    const ts = "const answer: number = 42;";
    const body = fence("cpp", "[".repeat(12_000)) + fence("ahk", "a ".repeat(5_000)) + fence("ts", ts);
    writeFileSync(path.join(root, "content", "pages", "slow.md"), page("slow", body));
    const started = performance.now();
    const built = await buildProject(root);
    expect(performance.now() - started).toBeLessThan(10_000);
    const late = (lang: string, line: number) =>
      `content/pages/slow.md:${line}: the \`\`\`${lang} block was not highlighted: it took more than 2 s, so it is ` +
      "written plain (markdown.highlight.timeout in site.config.ts gives blocks longer)";
    expect(built.warnings).toContain(late("cpp", 8));
    expect(built.warnings).toContain(late("ahk", 12));
    const html = readFileSync(path.join(built.outDir, "slow.html"), "utf8");
    expect(html).toContain(`<pre><code class="language-cpp">${"[".repeat(12_000)}\n</code></pre>`);
    expect(html).toContain(`<pre><code class="language-ahk">${"a ".repeat(5_000)}\n</code></pre>`);
    expect(html).toContain(highlightCode(`${ts}\n`, "ts", THEMES));
    const first = lastRun();
    expect(first.plain).toBe(2);
    expect(first.threads).toBeGreaterThan(0);
    // Built again in this process, Shiki has every language loaded: the long lines still go through the threads.
    const again = await buildProject(root, { cache: false });
    expect(again.warnings).toContain(late("cpp", 8));
    expect(lastRun().plain).toBe(2);
  }, 40_000);

  it("highlights a site's many blocks in its threads, each as the main thread does", async () => {
    const root = makeFixture("markdown");
    // 60 blocks of 30 lines: 72 KB of code, enough for the threads (MAIN_THREAD_CODE).
    const lines = (i: number) => Array.from({ length: 30 }, (_, j) => `export const v${i}_${j} = { twice: ${j} * 2 };`);
    const blocks = Array.from({ length: 60 }, (_, i) => lines(i).join("\n"));
    writeFileSync(
      path.join(root, "content", "pages", "many.md"),
      page("many", blocks.map((b) => fence("python", b)).join("")),
    );
    const built = await buildProject(root);
    // No block past its time; the fixture's guide has a block in a language Shiki does not have.
    expect(built.warnings.filter((w) => w.includes("not highlighted"))).toEqual([
      'content/pages/guide.md:17: the ```mermaid-unknown block was not highlighted: Shiki has no language "mermaid-' +
        'unknown", so it is written plain (write ```text for plain text, or a language of ' +
        "https://shiki.style/languages)",
    ]);
    const run = lastRun();
    expect(run.blocks).toBeGreaterThanOrEqual(60);
    expect(run.threads).toBeGreaterThan(0);
    const pres = parse(readFileSync(path.join(built.outDir, "many.html"), "utf8")).querySelectorAll("pre.shiki");
    expect(pres.map((pre) => pre.outerHTML)).toEqual(blocks.map((b) => highlightCode(`${b}\n`, "python", THEMES)));
  }, 40_000);

  it("parses a body whose blocks wait for the threads once, and writes what a parse for its page would", async () => {
    const root = makeFixture("markdown");
    // A site plugin that counts each body's parses (the definition runs in this process).
    edit(root, "site.config.ts", 'urlFormat: "file",', 'urlFormat: "file",\n  markdown: { plugins: [[counted]] },');
    const counter =
      "function counted(md: { core: { ruler: { push(n: string, f: (s: { src: string }) => void): void } } }) {\n" +
      "  const seen = ((globalThis as Record<string, unknown>).parses ??= new Map()) as Map<string, number>;\n" +
      '  md.core.ruler.push("count", (state) => void seen.set(state.src, (seen.get(state.src) ?? 0) + 1));\n}';
    edit(root, "site.config.ts", "export default definition;", `export default definition;\n\n${counter}`);
    // A language no earlier test loaded: the body waits for it.
    const lines = (i: number) =>
      Array.from({ length: 30 }, (_, j) => `let value_${i}_${j}: u32 = ${j} * 3; // ${j} thrice`);
    const blocks = Array.from({ length: 60 }, (_, i) => lines(i).join("\n"));
    const body = blocks.map((b, i) => `## Part ${i}\n\n${fence("rust", b)}`).join("");
    writeFileSync(path.join(root, "content", "pages", "many.md"), page("many", body));
    const parses = new Map<string, number>();
    Object.assign(globalThis, { parses });
    try {
      const built = await buildProject(root, { cache: false });
      expect(lastRun().threads).toBeGreaterThan(0);
      expect([...parses.keys()].filter((src) => src.includes("## Part 0"))).toHaveLength(1);
      expect([...parses.values()]).toEqual([...parses.values()].map(() => 1));
      const html = readFileSync(path.join(built.outDir, "many.html"), "utf8");
      const pres = parse(html).querySelectorAll("pre.shiki");
      expect(pres.map((pre) => pre.outerHTML)).toEqual(blocks.map((b) => highlightCode(`${b}\n`, "rust", THEMES)));
      expect(html).toContain('<h2 id="part-59">Part 59');
    } finally {
      Reflect.deleteProperty(globalThis, "parses");
    }
  }, 40_000);

  it("leaves a handful of short blocks to the main thread", async () => {
    const built = await buildProject(makeFixture("markdown"));
    expect(readFileSync(path.join(built.outDir, "guide.html"), "utf8")).toContain('<pre class="shiki"');
    expect(lastRun().threads).toBe(0);
  });

  it("keeps a build's blocks in its own Highlighting: another build's sees none of them", async () => {
    await prepareHighlighting(["ts"], THEMES, "");
    const [mine, other] = [new Highlighting(), new Highlighting()];
    mine.start();
    other.start();
    // A long line goes to a thread however little code there is.
    const code = `const long = "${"x".repeat(1200)}";\n`;
    mine.submit([{ lang: "ts", code, file: "content/pages/a.md", line: 3 }], THEMES, 20_000);
    expect(await mine.finish([])).toEqual([]);
    expect(mine.pooled(code, "ts", THEMES)).toBe(highlightCode(code, "ts", THEMES));
    expect(other.pooled(code, "ts", THEMES)).toBeUndefined();
    // The next build starts anew.
    mine.start();
    expect(mine.pooled(code, "ts", THEMES)).toBeUndefined();
  }, 40_000);

  it("takes each block's time from markdown.highlight.timeout, checked: 2 s unless set", () => {
    const errors: string[] = [];
    const resolve = (markdown: object) =>
      resolveMarkdown(markdown, (entry, args) => errors.push(`${entry.message(args)} ${entry.hint?.(args)}`));
    expect(resolve({}).highlightTimeout).toBe(2000);
    expect(resolve({ highlight: { timeout: 500 } })).toMatchObject({ highlightTimeout: 500, highlight: THEMES });
    expect(errors).toEqual([]);
    resolve({ highlight: { timeout: -5 } });
    expect(errors).toEqual([
      "markdown.highlight.timeout in site.config.ts must be a whole number of milliseconds above 0; found the number " +
        "-5. write timeout: 5000 to give each code block 5 s before it is written plain.",
    ]);
  });
});
