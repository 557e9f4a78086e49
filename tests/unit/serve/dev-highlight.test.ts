// dev highlights a body's code blocks as its page reads them, each within markdown.highlight.timeout: a block past
// it (a 12 KB line of C++ brackets takes Shiki minutes) is written plain and told at its file and line, the other
// pages keep their highlighting, and Ctrl+C stops dev while a block runs.
import { afterEach, describe, expect, it } from "vitest";
import { startCli, stopStarted } from "../../helpers/cli-process.ts";
import { journalWithText } from "../../helpers/site.ts";

const POST = "content/posts/difficult-chapters.md";
const BRACKETS = `${"[".repeat(6000)}${"]".repeat(6000)}`;

afterEach(() => stopStarted());

/** A copy of the journal whose post ends with the brackets' block, blocks given `timeout` ms; the fence's line. */
const journalWithSlowBlock = (timeout: number) =>
  journalWithText(
    "heirloom-dev-highlight-",
    `{ highlight: { timeout: ${timeout} } }`,
    POST,
    `\`\`\`cpp\n${BRACKETS}\n\`\`\``,
  );

async function startDev(root: string) {
  const server = startCli(root, ["dev", "--port", "0"]);
  const [, url] = await server.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
  return { server, url };
}

describe("dev and a code block past its time", () => {
  it("answers the page with the block plain, tells it at its place, and highlights the other pages", async () => {
    const { root, line } = journalWithSlowBlock(500);
    const { server, url } = await startDev(root);
    const page = await fetch(new URL("blog/difficult-chapters/", url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<pre><code class="language-cpp">${BRACKETS}`);
    const told = `warning ${POST}:${line}: the \`\`\`cpp block was not highlighted: it took more than 500 ms`;
    await server.waitFor(new RegExp(`${told}, so it is written plain`));
    // Shiki, loaded anew after the stop (plain meanwhile, never kept so), highlights the next page's blocks.
    let again = "";
    for (let tries = 0; tries < 40 && !again.includes('class="shiki"'); tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      again = await (await fetch(new URL("blog/backing-up-recordings/", url))).text();
    }
    expect(again).toContain('<pre class="shiki" data-language="sh"');
  });

  it("stops at Ctrl+C while a block is being highlighted", async () => {
    const { root } = journalWithSlowBlock(120_000);
    const { server, url } = await startDev(root);
    let answered = false;
    const request = fetch(new URL("blog/difficult-chapters/", url)).then(
      () => void (answered = true),
      () => undefined,
    );
    // The page renders within milliseconds of the request; the block then takes Shiki minutes.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(answered).toBe(false);
    server.child.kill("SIGINT");
    await server.exited(10_000);
    expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true);
    await request;
  });
});
