// The accessibility check the page tests share (axeViolations): one analysis finds both what axe's default rules
// find and, with WCAG's AAA tags added, text below 7:1 that passes AA, so a page test's one run misses neither.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { WCAG_AAA_TAGS, axeViolations, chromePath, launchBrowser } from "./helpers.ts";

// #767676 on white is 4.54:1: enough for AA, not for AAA. The image without alt text fails a default rule.
const PAGE = `<!doctype html><html lang="en"><head><title>A page</title></head><body><main><h1>A page</h1>
<p style="color:#767676;background:#fff">Grey text</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
</main></body></html>`;

describe.skipIf(!chromePath)("the pages' accessibility check", () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser(chromePath!));
  });
  afterAll(() => close?.());

  it("finds a default rule's violation alone, and the AAA contrast too when asked, in one run", async () => {
    const page = await browser.newPage();
    await page.setContent(PAGE);
    expect((await axeViolations(page)).map((v) => v.id)).toEqual(["image-alt"]);
    const both = await axeViolations(page, WCAG_AAA_TAGS);
    expect(both.map((v) => v.id).sort()).toEqual(["color-contrast-enhanced", "image-alt"]);
    expect(both.find((v) => v.id === "color-contrast-enhanced")?.nodes).toEqual(["p #767676 on #ffffff = 4.54"]);
    await page.close();
  });
});
