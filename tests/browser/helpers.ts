// Browser test harness: Debian's Chromium through playwright-core, the built site served by the `serve`
// handler with the headers of its serve.json, and a capture server standing in for the waitlist endpoint.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type PreviewServer, startPreview } from "../../packages/heirloom/src/serve/preview/preview.ts";
import { buildProject, makeProject } from "../helpers/site.ts";
import { SPEC_ROUTES, UNREGISTERED } from "../helpers/spec.ts";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const ROUTES = SPEC_ROUTES;
export { UNREGISTERED };

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/**
 * The browser to drive: CHROME_PATH first, then the usual install paths. Without one, CI=true fails the run;
 * elsewhere the browser tests are skipped with a message that says how to get one.
 */
export function findChrome(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const advice = "Install one with `apt-get install -y chromium`, or set CHROME_PATH to a Chrome/Chromium binary.";
  if (process.env.CI) throw new Error(`No Chromium found (CI=true makes this a failure). ${advice}`);
  console.warn(`\n*** Browser tests SKIPPED: no Chromium found. ${advice} ***\n`);
  return undefined;
}

export const chromePath = findChrome();

export async function launchBrowser(executablePath: string): Promise<{ browser: Browser; close(): Promise<void> }> {
  // playwright gives every launch a fresh temporary profile (its own --user-data-dir).
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export interface Capture {
  url: string;
  /** Bodies of every POST received, in order, with their content types. */
  posts: Array<{ contentType: string; body: string }>;
  close(): Promise<void>;
}

/** A stand-in for the production waitlist endpoint: records every POST and answers 200. */
export async function startCapture(): Promise<Capture> {
  const posts: Capture["posts"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST")
        posts.push({ contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<!doctype html><title>ok</title><p>ok</p>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/exec`,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Site {
  origin: string;
  root: string;
  outDir: string;
  capture: Capture;
  preview: PreviewServer;
  close(): Promise<void>;
}

export interface SiteOptions {
  base?: string;
  /**
   * Where the waitlist form posts: the capture server (default, another origin that answers nothing the page
   * reads), "receiver" (the preview's own local receiver, as `heirloom preview` runs it, storing into
   * <root>/.heirloom/waitlist.jsonl), or an endpoint URL that the test answers itself.
   */
  endpoint?: "capture" | "receiver" | string;
}

/** Builds the real content into a temporary folder with the endpoint of `options`, and serves it. */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const capture = await startCapture();
  const root = makeProject();
  const { base, endpoint = "capture" } = options;
  const env =
    endpoint === "receiver" ? {} : { HEIRLOOM_WAITLIST_ENDPOINT: endpoint === "capture" ? capture.url : endpoint };
  const built = await buildProject(root, { env, base });
  // Posts to another endpoint need no receiver of the preview's own.
  const forms =
    endpoint === "receiver"
      ? [{ name: "waitlist", field: "email", type: "email" as const, localPath: "/__heirloom/waitlist" }]
      : [];
  const preview = await startPreview({ outDir: built.outDir, root, forms, port: 0, base });
  return {
    origin: new URL(preview.url).origin,
    root,
    outDir: built.outDir,
    capture,
    preview,
    async close() {
      await preview.close();
      await capture.close();
    },
  };
}

export interface Watched {
  page: Page;
  /** Console messages of type error, CSP reports included. */
  errors: string[];
  /** Every console message as "type: text". */
  messages: string[];
  /** Same-origin requests that failed or answered with an error status. */
  failures: string[];
}

/** A new page that records console errors, page errors and failed same-origin requests. */
export async function watchedPage(context: BrowserContext, origin: string): Promise<Watched> {
  const page = await context.newPage();
  const watched: Watched = { page, errors: [], messages: [], failures: [] };
  page.on("console", (m) => {
    watched.messages.push(`${m.type()}: ${m.text()}`);
    // A 404 page's own status is reported by Chromium as an error about the document itself: not a fault.
    const ownStatus =
      m.text().includes("status of 404") && m.location().url === page.url() && page.url().startsWith(origin);
    if (m.type() === "error" && !ownStatus) watched.errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => watched.errors.push(`pageerror: ${e.message}`));
  // A request the browser cancels because the page went on to another address (the favicon of a page
  // still loading when the test navigates on) is no fault of the site; any other failure is.
  let navigations = 0;
  const askedDuring = new WeakMap<Request, number>();
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations += 1;
    askedDuring.set(r, navigations);
  });
  page.on("requestfailed", (r) => {
    const leftBehind = r.failure()?.errorText === "net::ERR_ABORTED" && askedDuring.get(r) !== navigations;
    if (r.url().startsWith(origin) && !leftBehind) watched.failures.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.url().startsWith(origin) && r.status() >= 400 && r.request().resourceType() !== "document") {
      watched.failures.push(`${r.url()} ${r.status()}`);
    }
  });
  return watched;
}

let axeSource: string | undefined;

/**
 * Runs axe-core in the page (evaluated through the protocol, so the page's CSP does not block it): its default
 * rules, and with `alsoTags` every rule of those tags too (WCAG's AAA brings `color-contrast-enhanced`), in one
 * analysis. A contrast violation names the colours that fail and their ratio.
 */
export async function axeViolations(
  page: Page,
  alsoTags: readonly string[] = [],
): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: any }).axe;
    // As a run of only these tags would: experimental and deprecated rules stay off (getRules([]) is every rule).
    const extra = tags.length
      ? axe.getRules(tags).filter((r: any) => !r.tags.includes("experimental") && !r.tags.includes("deprecated"))
      : [];
    const rules = Object.fromEntries(extra.map((r: any) => [r.ruleId, { enabled: true }]));
    const result = await axe.run({ rules, resultTypes: ["violations"] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: any) => {
        const data = n.any[0]?.data;
        return data?.contrastRatio
          ? `${n.target.join(" ")} ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}`
          : n.target.join(" ");
      }),
    }));
  }, alsoTags);
}

/** For a describe block: the site served and Chromium launched before its tests, both stopped after them. */
export function useSiteAndBrowser(options: SiteOptions = {}): { site: Site; browser: Browser } {
  const state = {} as { site: Site; browser: Browser };
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    state.site = await startSite(options);
    const launched = await launchBrowser(chromePath!);
    state.browser = launched.browser;
    closeBrowser = launched.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await state.site?.close();
  });
  return state;
}

/**
 * For a describe block: the project `make` returns, built (with `options`) and served by preview, and Chromium
 * launched, before its tests; both stopped after them.
 */
export function useBuiltAndBrowser(
  make: () => string,
  options: Parameters<typeof buildProject>[1] = {},
): { origin: string; browser: Browser } {
  return useServedAndBrowser(async () => {
    const root = make();
    return { root, outDir: (await buildProject(root, options)).outDir };
  });
}

/**
 * For a describe block: the build `built` gives (one shared with other test files, see sharedBuild) served by
 * preview, and Chromium launched, before its tests; both stopped after them.
 */
export function useServedAndBrowser(built: () => Promise<{ root: string; outDir: string }>): {
  origin: string;
  browser: Browser;
} {
  const state = {} as { origin: string; browser: Browser };
  let preview: PreviewServer | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { root, outDir } = await built();
    preview = await startPreview({ outDir, root, forms: [], port: 0 });
    state.origin = new URL(preview.url).origin;
    const launched = await launchBrowser(chromePath!);
    state.browser = launched.browser;
    closeBrowser = launched.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await preview?.close();
  });
  return state;
}

/**
 * Opens each of `pages` of a served site (a path with a /no/ folder answers 404, any other 200) in `scheme` at both
 * viewports, readies each with `ready` (an island hydrated), and expects no axe violation on any, and no console
 * error or failed request.
 */
export async function expectAccessiblePages(
  served: { origin: string; browser: Browser },
  pages: readonly string[],
  scheme: "light" | "dark",
  ready: (page: Page, path: string) => Promise<void> = async () => {},
  alsoTags: readonly string[] = [],
): Promise<void> {
  for (const viewport of Object.values(VIEWPORTS)) {
    const context = await served.browser.newContext({ viewport, colorScheme: scheme });
    const w = await watchedPage(context, served.origin);
    for (const path of pages) {
      const response = await w.page.goto(served.origin + path);
      expect(response?.status(), path).toBe(path.includes("/no/") ? 404 : 200);
      await ready(w.page, path);
      expect(await axeViolations(w.page, alsoTags), `${path} ${scheme} ${viewport.width}px`).toEqual([]);
    }
    expect(w.errors).toEqual([]);
    expect(w.failures).toEqual([]);
    await context.close();
  }
}

/**
 * The time limit of a test that checks `pages` with expectAccessiblePages: a page's load and axe run at each size
 * take about 1 s on a quiet machine and up to 5 s on a busy one, so the limit follows the number of pages.
 */
export function accessiblePagesTime(pages: readonly string[]): number {
  return 10_000 + pages.length * Object.keys(VIEWPORTS).length * 5_000;
}

/** Every page the site has: the registered routes and a path that answers with the 404 page. */
export const ALL_PAGES = [...ROUTES, "/no-such-page"] as const;

/** The axe-core rule tags of WCAG 2.x levels A, AA and AAA (AAA brings `color-contrast-enhanced`). */
export const WCAG_AAA_TAGS = ["wcag2a", "wcag2aa", "wcag2aaa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe-core with only the rules of the given tags; violations with the failing colours where axe gives them. */
export async function axeViolationsForTags(
  page: Page,
  tags: string[],
): Promise<Array<{ id: string; nodes: string[] }>> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  return page.evaluate(async (values) => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<any> } }).axe;
    const result = await axe.run({ runOnly: { type: "tag", values }, resultTypes: ["violations"] });
    return result.violations.map((v: any) => ({
      id: v.id,
      nodes: v.nodes.map((n: any) => {
        const data = n.any[0]?.data;
        return data?.contrastRatio
          ? `${n.target.join(" ")} ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}`
          : n.target.join(" ");
      }),
    }));
  }, tags);
}

/**
 * WCAG 2.1 contrast ratio of two CSS colours as getComputedStyle gives them (`rgb(...)` or `rgba(...)`,
 * alpha ignored).
 */
export function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The WCAG 1.4.12 text-spacing override (the widely used bookmarklet's rules). It is added as a constructed
 * stylesheet from the protocol: the page's CSP (style-src 'self') still holds, and the site's own stylesheet
 * is the one under test.
 */
export const TEXT_SPACING_CSS =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } " +
  "p { margin-bottom: 2em !important; }";

export async function applyTextSpacing(page: Page): Promise<void> {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING_CSS);
}

/**
 * What does not fit: the page's own horizontal scroll, and every element whose text is cut or spills out of
 * its box (scroll size beyond client size), with every FAQ answer and the mobile menu opened first.
 */
export async function overflowReport(
  page: Page,
): Promise<{ scrollWidth: number; viewport: number; spilled: string[] }> {
  return page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    const toggle = document.querySelector<HTMLElement>("[data-menu-toggle]");
    if (toggle?.offsetParent && toggle.getAttribute("aria-expanded") !== "true") toggle.click();
    const spilled = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => !el.closest(".sr-only, svg") && el.clientWidth > 0 && el.getClientRects().length > 0)
      .filter((el) => {
        const style = getComputedStyle(el);
        const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
        const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (!clips && !ownText) return false;
        return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}x${el.scrollHeight} ` +
          `in ${el.clientWidth}x${el.clientHeight}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, spilled };
  });
}

/**
 * Chromium with a minimum font size, the setting older readers use to make all text large (Settings ›
 * Appearance › Customize fonts). Playwright has no option for it, so it is written into the profile's
 * Preferences before launch (`webkit.webprefs.minimum_font_size`), which needs a persistent context.
 */
export async function launchWithMinimumFontSize(
  executablePath: string,
  px: number,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "heirloom-min-font-"));
  mkdirSync(path.join(profile, "Default"));
  writeFileSync(
    path.join(profile, "Default", "Preferences"),
    JSON.stringify({ webkit: { webprefs: { minimum_font_size: px } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
