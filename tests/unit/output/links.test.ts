// The link check's reading of a page (its internal links, its links with a #fragment, the ids of its elements)
// and the check of fragments against the ids of the page they lead to.
import { describe, expect, it } from "vitest";
import { checkLinks } from "../../../packages/heirloom/src/output/links/links.ts";
import { pageLinks } from "../../../packages/heirloom/src/output/links/page-links.ts";

describe("pageLinks", () => {
  it("reads internal links, links with a fragment (without their query) and every element's id", () => {
    const html =
      '<a href="/guide?x=1&amp;y=2#set-up">a</a> <a href="#intro">b</a> <a href="https://example.com/#x">c</a> ' +
      '<img src="/assets/a.png" srcset="/assets/a-480.webp 480w, /assets/a-960.webp 960w"> ' +
      '<h2 id="intro">Intro</h2><div data-id="not-one" id="a&amp;b"></div><p>id="in-text"</p>';
    expect(pageLinks(html)).toEqual({
      links: ["/guide", "/assets/a.png", "/assets/a-480.webp", "/assets/a-960.webp"],
      fragments: ["/guide#set-up", "#intro"],
      ids: ["intro", "a&b"],
    });
  });

  it("leaves out addresses of other hosts, //host and /\\host (a browser reads the backslash as a slash)", () => {
    const html = '<a href="//cdn.example/x">a</a> <a href="/\\evil.example/x">b</a> <a href="/here">c</a>';
    expect(pageLinks(html).links).toEqual(["/here"]);
  });

  it("counts an <a name> among the ids a fragment may name", () => {
    expect(pageLinks('<a name="tool"></a><p id="x">x</p>').ids).toEqual(["x", "tool"]);
  });
});

describe("checkLinks with fragments", () => {
  const links = (fragments: string[]) => fragments.map((f) => f.replace(/#.*/, "")).filter(Boolean);
  const check = (fragments: string[], ids: Record<string, string[]>) =>
    checkLinks({
      pages: [{ route: "/guide/", links: links(fragments), fragments, outFile: "guide/index.html" }],
      files: new Set(["guide/index.html", "about/index.html", "assets/icons.svg"]),
      base: "/",
      unregistered: ["/later"],
      entries: [],
      idsOf: (file) => (ids[file] ? new Set(ids[file]) : undefined),
    }).map((e) => e.message);

  it("finds an id written with other characters once the fragment is decoded", () => {
    expect(
      check(["#caf%C3%A9", "/about/#caf%C3%A9"], { "guide/index.html": ["café"], "about/index.html": ["café"] }),
    ).toEqual([]);
  });

  it("leaves alone what it cannot know: an unregistered path, a file that is not a page, a broken link", () => {
    expect(check(["/later#x", "/assets/icons.svg#x", "/nowhere/#x"], { "guide/index.html": [] })).toEqual([
      "The link /nowhere/ on /guide/ leads to no page or file of the site.",
    ]);
  });

  it("reports each broken fragment once, with a near id named in the hint", () => {
    const errors = checkLinks({
      pages: [
        { route: "/guide/", links: ["/about/"], fragments: ["/about/#teem"], outFile: "guide/index.html" },
        { route: "/later/", links: ["/about/"], fragments: ["/about/#teem"], outFile: "later/index.html" },
      ],
      files: new Set(["guide/index.html", "later/index.html", "about/index.html"]),
      base: "/",
      unregistered: [],
      entries: [],
      idsOf: () => new Set(["team", "history", "contact"]),
    });
    expect(errors.map((e) => e.message)).toEqual([
      'The link /about/#teem on /guide/, /later/ names the id "teem", which no element of /about/ has.',
    ]);
    expect(errors[0].hint).toMatch(/^the page's ids include #team\. /);
  });
});
