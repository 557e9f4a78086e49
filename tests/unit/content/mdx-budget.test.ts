// An MDX body that never ends (an expression that loops) is stopped at the site's time budget (`timeout`) with an
// error at the expression's line and column, whether its own budget or its page's ends first; dev answers with the
// error, goes on serving, and serves the fix once it is saved; Ctrl+C stops dev while a body loops.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveMarkdown } from "../../../packages/heirloom/src/config/checks/check-markdown.ts";
import { startCli, stopStarted } from "../../helpers/cli-process.ts";
import { expectErrors, failures } from "../../helpers/errors.ts";
import { buildProject, editFile, journalWithText } from "../../helpers/site.ts";

const MDX_POST = "content/posts/the-right-length.mdx";
const LOOP = "{(() => { while (true) {} })()}";
const STOPPED = "was still running after 2 s while its page was rendered, so it was stopped.";

afterEach(() => stopStarted());

/** A copy of the journal whose MDX post ends with `text`, its code given `timeout` ms; the line `text` is on. */
const journalWith = (text: string, timeout: number, markdown = "{}") => {
  const made = journalWithText("heirloom-mdx-budget-", markdown, MDX_POST, text);
  editFile(made.root, "site.config.ts", "defineSite({", `defineSite({\n  timeout: ${timeout},`);
  return made;
};

describe("an MDX body past its time", () => {
  it.each([
    ["an expression in the text", `Counting: ${LOOP} and on.`, "Counting: ".length + 2],
    ["an attribute's value", `<Aside title={(() => { for (;;) {} })()}>x</Aside>`, "<Aside title={".length + 1],
  ])("%s that loops fails the build at its line and column, within the budget", async (_name, text, column) => {
    const { root, line } = journalWith(text, 2000);
    const started = performance.now();
    expectErrors(await failures(root), [
      {
        code: "MdxRenderError",
        message: `The body of ${MDX_POST} ${STOPPED}`,
        location: { file: MDX_POST, line, column },
        hint: /^the expression at that place does not end .*timeout in site\.config\.ts gives each run of the site's/,
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
    const { root, line } = journalWith(block, 10_000, "{ highlight: { timeout: 400 } }");
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
  it("is refused, for the site's timeout, which gives every part of the site's code its time", () => {
    const errors: string[] = [];
    resolveMarkdown({ mdx: { timeout: 250 } }, (entry, args) =>
      errors.push(`${entry.message(args)} ${entry.hint?.(args)}`),
    );
    expect(errors).toEqual([
      "markdown.mdx in site.config.ts is no longer an option: an MDX body's time is the site's timeout, as a " +
        "template's is; found an object. leave it out and write timeout: 20000 in defineSite({ … }) to give each " +
        "page, MDX body, loader and entry 20 s.",
    ]);
  });
});

describe("dev with a body that loops", () => {
  it("answers its page with the located error and goes on serving the others", async () => {
    const { root, line } = journalWith(`Counting: ${LOOP}`, 2000);
    const server = startCli(root, ["dev", "--port", "0"]);
    const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
    const failed = await fetch(new URL("blog/the-right-length/", url));
    expect(failed.status).toBe(500);
    // The page asks for the overlay; the terminal tells the error at its place.
    await server.waitFor(/was still running after 2 s while its page was rendered/);
    expect(server.output()).toContain(`${MDX_POST}:${line}:${"Counting: ".length + 2}`);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(new URL("blog/", url))).status).toBe(200);
    editFile(root, MDX_POST, `Counting: ${LOOP}`, "Counting: fixed.");
    const page = async () => {
      const response = await fetch(new URL("blog/the-right-length/", url));
      return `${response.status} ${await response.text()}`;
    };
    await expect.poll(page, { timeout: 30_000, interval: 200 }).toMatch(/^200 [\s\S]*Counting: fixed\./);
  });

  it("stops the body at its page's budget when the page's ends first, still at the expression", async () => {
    // The template reads the body's HTML before it renders the body: the page's budget began first.
    const { root, line } = journalWith(`Counting: ${LOOP}`, 2000);
    editFile(root, "templates/pages.tsx", "  return (\n    <article", "  void page.html;\n  return (\n    <article");
    const [error] = await failures(root);
    expect(error.code).toBe("MdxRenderError");
    expect(error.location).toEqual({ file: MDX_POST, line, column: "Counting: ".length + 2 });
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
