// Browser test harness: Debian's Chromium through playwright-core, the built site served by the `serve`
// handler with the headers of its serve.json, and a capture server standing in for the waitlist endpoint.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type PreviewServer, startPreview } from "../../src/serve/preview.ts";
import { buildProject, makeProject } from "../helpers/site.ts";

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const ROUTES = ["/", "/home", "/how-it-works", "/pricing"] as const;
export const UNREGISTERED = ["/testimonials", "/contact", "/login", "/get-started", "/gift", "/about", "/team", "/careers", "/faq", "/blog", "/privacy", "/terms", "/cookies"];

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

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
      if (req.method === "POST") posts.push({ contentType: req.headers["content-type"] ?? "", body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>ok</title><p>ok</p>");
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
  outDir: string;
  capture: Capture;
  preview: PreviewServer;
  close(): Promise<void>;
}

/** Builds the real content into a temporary folder with the capture server as endpoint, and serves it. */
export async function startSite(options: { base?: string } = {}): Promise<Site> {
  const capture = await startCapture();
  const root = makeProject();
  const built = await buildProject(root, { env: { HEIRLOOM_WAITLIST_ENDPOINT: capture.url }, base: options.base });
  // The form posts to the capture server, so the preview needs no receiver of its own.
  const preview = await startPreview({ outDir: built.outDir, root, forms: [], port: 0, base: options.base });
  return {
    origin: new URL(preview.url).origin,
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
    const ownStatus = m.text().includes("status of 404") && m.location().url === page.url() && page.url().startsWith(origin);
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

/** Runs axe-core in the page (evaluated through the protocol, so the page's CSP does not block it). */
export async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(o: unknown): Promise<any> } }).axe.run({ resultTypes: ["violations"] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(" ")) }));
  });
}

/** For a describe block: the site served and Chromium launched before its tests, both stopped after them. */
export function useSiteAndBrowser(options: { base?: string } = {}): { site: Site; browser: Browser } {
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
