// An MDX body that never ends (an expression that loops) is stopped at its time budget (markdown.mdx.timeout) with
// an error at the expression's line and column; dev answers with the error and goes on serving; Ctrl+C stops dev
// while a body loops.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveMarkdown } from "../packages/heirloom/src/config/check-markdown.ts";
import { startCli, stopStarted } from "./helpers/cli-process.ts";
import { expectErrors, failures } from "./helpers/errors.ts";
import { buildProject, journalWithText } from "./helpers/site.ts";

const MDX_POST = "content/posts/the-right-length.mdx";
const LOOP = "{(() => { while (true) {} })()}";
const STOPPED = "was still running after 300 ms while its page was rendered, so it was stopped.";

afterEach(() => stopStarted());

/** A copy of the journal whose MDX post ends with `text`, its bodies given `timeout` ms; the line `text` is on. */
const journalWith = (text: string, timeout: number, more = "") =>
  journalWithText("heirloom-mdx-budget-", `{ mdx: { timeout: ${timeout} }${more} }`, MDX_POST, text);

describe("an MDX body past its time", () => {
  it.each([
    ["an expression in the text", `Counting: ${LOOP} and on.`, "Counting: ".length + 2],
    ["an attribute's value", `<Aside title={(() => { for (;;) {} })()}>x</Aside>`, "<Aside title={".length + 1],
  ])("%s that loops fails the build at its line and column, within the budget", async (_name, text, column) => {
    const { root, line } = journalWith(text, 300);
    const started = performance.now();
    expectErrors(await failures(root), [
      {
        code: "MdxRenderError",
        message: `The body of ${MDX_POST} ${STOPPED}`,
        location: { file: MDX_POST, line, column },
        hint: /^the expression at that place does not end .*markdown\.mdx\.timeout in site\.config\.ts/,
      },
    ]);
    // Stopped once, at its page: the feed, which reads the same body's html, is never reached.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("a body that only takes a while renders, its loop ending within the budget", async () => {
    const { root } = journalWith(
      "Slow: {(() => { const end = Date.now() + 50; while (Date.now() < end) {} return 'done' })()}",
      5000,
    );
    const server = startCli(root, ["build"]);
    expect(await server.exited(60_000)).toBe(0);
    const html = readFileSync(path.join(root, "dist", "blog", "the-right-length", "index.html"), "utf8");
    expect(html).toContain("Slow: done");
  });
});

describe("an MDX code block past its time", () => {
  it("is written plain with a warning at its line, the build going on", async () => {
    const brackets = `${"[".repeat(6000)}${"]".repeat(6000)}`;
    const block = `\`\`\`cpp\n${brackets}\n\`\`\``;
    const { root, line } = journalWith(block, 10_000, ", highlight: { timeout: 400 }");
    const result = await buildProject(root);
    expect(result.warnings).toContain(
      `${MDX_POST}:${line}: the \`\`\`cpp block was not highlighted: it took more than 400 ms, so it is written ` +
        "plain (markdown.highlight.timeout in site.config.ts gives blocks longer)",
    );
    const html = readFileSync(path.join(root, "dist", "blog", "the-right-length", "index.html"), "utf8");
    expect(html).toContain(`<pre><code class="language-cpp">${brackets}`);
    // The post's other blocks, highlighted before it, and Shiki loaded anew after it.
    expect(html).toContain('<pre class="shiki" data-language="sh"');
  });
});

describe("markdown.mdx.timeout", () => {
  it("is 10 s unless set, and checked", () => {
    const errors: string[] = [];
    const resolve = (markdown: object) =>
      resolveMarkdown(markdown, (entry, args) => errors.push(`${entry.message(args)} ${entry.hint?.(args)}`));
    expect(resolve({}).mdxTimeout).toBe(10_000);
    expect(resolve({ mdx: { timeout: 250 } }).mdxTimeout).toBe(250);
    expect(errors).toEqual([]);
    resolve({ mdx: { timeout: 1.5 } });
    resolve({ mdx: { time: 10 } });
    expect(errors).toEqual([
      "markdown.mdx.timeout in site.config.ts must be a whole number of milliseconds above 0; found the number 1.5. " +
        "write timeout: 20000 to give each MDX body 20 s as its page renders before it is stopped.",
      expect.stringMatching(/^markdown\.mdx\.time in site\.config\.ts /),
    ]);
  });
});

describe("dev with a body that loops", () => {
  it("answers its page with the located error and goes on serving the others", async () => {
    const { root, line } = journalWith(`Counting: ${LOOP}`, 300);
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    const failed = await fetch(new URL("blog/the-right-length/", url));
    expect(failed.status).toBe(500);
    // The page asks for the overlay; the terminal tells the error at its place.
    await server.waitFor(/was still running after 300 ms while its page was rendered/);
    expect(server.output()).toContain(`${MDX_POST}:${line}:${"Counting: ".length + 2}`);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(new URL("blog/", url))).status).toBe(200);
  });

  it("stops at Ctrl+C while the body runs", async () => {
    // A marker the body prints as it starts its loop, so the signal comes while it runs.
    const loop = `{(() => { process.stderr.write("body loops now\\n"); while (true) {} })()}`;
    const { root } = journalWith(`Counting: ${loop}`, 120_000);
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    const request = fetch(new URL("blog/the-right-length/", url)).catch(() => undefined);
    await server.waitFor(/body loops now/, 30_000);
    server.child.kill("SIGINT");
    const code = await server.exited(10_000);
    expect(server.child.signalCode ?? code).not.toBeNull();
    await request;
  });
});
