// `heirloom dev` on a blog with tags (tests/fixtures/taxonomies): a post's edited tags move it between term pages,
// a new tag gets its page, the tag it leaves last is gone, and the post's own tag links follow.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDev } from "../../../packages/heirloom/src/serve/dev/dev.ts";
import { fixturesDir } from "../../helpers/site.ts";

let root: string;
let dev: DevServer;

const page = async (pathname: string) => {
  const response = await fetch(new URL(pathname, dev.url));
  return `${response.status} ${await response.text()}`;
};
/** Waits until the page at `pathname` answers `status` and shows `text` (a rebuild after the save), within 10 s. */
const served = (pathname: string, text: string, status = 200) =>
  expect.poll(() => page(pathname), { timeout: 10_000, interval: 25 }).toMatch(new RegExp(`^${status} [^]*${text}`));
const edit = (relative: string, from: string, to: string) => {
  const file = path.join(root, relative);
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
};

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "heirloom-dev-taxonomies-"));
  cpSync(path.join(fixturesDir, "taxonomies"), root, { recursive: true });
  dev = await startDev({ root, env: {}, port: 0 });
});
afterAll(() => dev?.close());

describe("heirloom dev with tags", () => {
  it("shows drafts' tags, as it shows drafts", async () => {
    await served("/tags/secret/", 'data-term="tags:secret:Secret:1:/tags/secret/"');
    await served("/tags/rust/", 'data-term="tags:rust:Rust:2:/tags/rust/"');
  });

  it("moves a post whose tags are edited to its new tag's page, and its links follow", async () => {
    edit("content/posts/winter.md", "tags: [Cafe, JavaScript]", "tags: [Cafe, Go]");
    await served("/tags/go/", 'data-term="tags:go:Go:1:/tags/go/"[^]*Winter');
    await served("/tags/javascript/", 'data-term="tags:javascript:JavaScript:2:');
    expect(await page("/tags/javascript/page/2/")).toMatch(/^404 /);
    await served("/blog/winter/", '<a href="/tags/go/">Go</a> \\(1\\)');
    await served("/tags/", '<a href="/tags/go/">Go</a> 1');
  });

  it("drops the page of a tag no post holds any longer", async () => {
    edit("content/posts/winter.md", "tags: [Cafe, Go]", "tags: [Cafe]");
    await served("/tags/go/", "", 404);
  });
});
