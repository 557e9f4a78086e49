import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../packages/heirloom/src/content/markdown.ts";

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis and safe links", () => {
    const html = renderMarkdown("Calls last *15-30 minutes*. See [pricing](/pricing).", "a.md", 5);
    expect(html).toBe('<p>Calls last <em>15-30 minutes</em>. See <a href="/pricing">pricing</a>.</p>');
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror="y">', "a.md", 1);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,hi", "vbscript:x"])(
    "refuses the unsafe link %s with the line it stands on",
    (url) => {
      expect(() => renderMarkdown(`First paragraph.\n\nSee [this](${url}).`, "content/faqs/a.md", 7)).toThrow(
        expect.objectContaining({ code: "UnsafeLinkError", location: { file: "content/faqs/a.md", line: 9 } }),
      );
    },
  );

  it.each(["//evil.example/page", "///evil.example", "//evil.example"])(
    "refuses the protocol-relative link %s, saying to write the scheme",
    (url) => {
      for (const written of [`[this](${url})`, `![picture](${url}/x.png)`]) {
        expect(() => renderMarkdown(`See ${written}.`, "content/notes/a.md", 4)).toThrow(
          expect.objectContaining({
            code: "UnsafeLinkError",
            message: expect.stringContaining("starts with // (a protocol-relative address)"),
            location: { file: "content/notes/a.md", line: 4 },
            hint:
              "write the full address with https:// for another site, " +
              "or a path with a single / for a page of this site, such as /pricing.",
          }),
        );
      }
    },
  );
});
