// Integration: build the real content into a temporary folder and check the spec's facts in every page.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type HTMLElement, parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../packages/heirloom/src/pipeline/build.ts";
import { buildProject, makeProject } from "../helpers/site.ts";
import { UNREGISTERED } from "../helpers/spec.ts";

let result: BuildResult;
let out: string;
const page = (file: string): HTMLElement => parse(readFileSync(path.join(out, file), "utf8"));
const text = (el: HTMLElement | null) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const texts = (root: HTMLElement, selector: string) => root.querySelectorAll(selector).map((e) => text(e));

const FILES = ["index.html", "home.html", "how-it-works.html", "pricing.html", "404.html"];

beforeAll(async () => {
  const root = makeProject();
  result = await buildProject(root);
  out = result.outDir;
});

describe("the built site", () => {
  it("writes exactly the registered routes, each served from its own .html file, plus 404.html", () => {
    expect(result.routes.map((r) => [r.route, r.file])).toEqual([
      ["/", "index.html"],
      ["/home", "home.html"],
      ["/how-it-works", "how-it-works.html"],
      ["/pricing", "pricing.html"],
      ["404", "404.html"],
    ]);
    for (const file of FILES) expect(existsSync(path.join(out, file))).toBe(true);
    for (const p of UNREGISTERED) expect(existsSync(path.join(out, p.slice(1)))).toBe(false);
  });

  it.each(FILES)(
    "%s is a complete document: lang, viewport, unique title and description, one h1, stylesheet, script",
    (file) => {
      const doc = page(file);
      expect(doc.querySelector("html")?.getAttribute("lang")).toBe("en");
      expect(doc.querySelector('meta[name="viewport"]')?.getAttribute("content")).toContain("width=device-width");
      expect(text(doc.querySelector("title")).length).toBeGreaterThan(5);
      expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")?.length).toBeGreaterThan(20);
      expect(doc.querySelectorAll("h1")).toHaveLength(1);
      expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute("href")).toMatch(
        /^\/assets\/site-[A-Z0-9]+\.css$/,
      );
      expect(doc.querySelector('script[type="module"]')?.getAttribute("src")).toMatch(/^\/assets\/main-[A-Z0-9]+\.js$/);
    },
  );

  it("gives every page a distinct title and description", () => {
    const titles = FILES.map((f) => text(page(f).querySelector("title")));
    const descriptions = FILES.map((f) => page(f).querySelector('meta[name="description"]')?.getAttribute("content"));
    expect(new Set(titles).size).toBe(FILES.length);
    expect(new Set(descriptions).size).toBe(FILES.length);
  });

  it.each(FILES)("%s has the header: five links, Begin Your Story, and a menu toggle wired to the menu", (file) => {
    const doc = page(file);
    const header = doc.querySelector("header")!;
    const links = header.querySelectorAll("a").map((a) => [text(a), a.getAttribute("href")]);
    for (const [label, href] of [
      ["How It Works", "/how-it-works"],
      ["Pricing", "/pricing"],
      ["Testimonials", "/testimonials"],
      ["Contact", "/contact"],
      ["Log In", "/login"],
      ["Begin Your Story", "/get-started"],
    ]) {
      expect(links).toContainEqual([label, href]);
    }
    const toggle = header.querySelector("button[data-menu-toggle]")!;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(doc.getElementById(toggle.getAttribute("aria-controls")!)).not.toBeNull();
  });

  it("links the footer to the further pages, none of which is generated", () => {
    const hrefs = page("home.html")
      .querySelector("footer")!
      .querySelectorAll("a")
      .map((a) => a.getAttribute("href"));
    for (const p of ["/about", "/team", "/careers", "/faq", "/blog", "/privacy", "/terms", "/cookies", "/gift"])
      expect(hrefs).toContain(p);
  });

  it.each(FILES)("%s: every image has alt, width and height, and every internal URL resolves", (file) => {
    const doc = page(file);
    for (const img of doc.querySelectorAll("img")) {
      expect(img.getAttribute("alt")?.length).toBeGreaterThan(3);
      expect(Number(img.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(img.getAttribute("height"))).toBeGreaterThan(0);
      expect(existsSync(path.join(out, img.getAttribute("src")!))).toBe(true);
    }
    for (const el of doc.querySelectorAll("[href^='/'], [src^='/']")) {
      const url = (el.getAttribute("href") ?? el.getAttribute("src"))!.split(/[?#]/)[0];
      const local = path.join(out, url);
      // Served as a static host would, without a redirect: the file itself, or the page's .html file.
      const ok =
        url === "/" ? existsSync(path.join(out, "index.html")) : existsSync(local) || existsSync(`${local}.html`);
      expect(ok || UNREGISTERED.includes(url), `${url} on ${file}`).toBe(true);
    }
  });
});

describe("/ (waitlist)", () => {
  it("shows the Coming soon badge, the headline and two photos", () => {
    const doc = page("index.html");
    expect(text(doc.querySelector("main"))).toContain("Coming soon");
    expect(text(doc.querySelector("h1"))).toBe("Your life stories, preserved forever");
    expect(doc.querySelector("main")!.querySelectorAll("img")).toHaveLength(2);
  });

  it("has one email field and the Join waitlist button in a form that posts without JavaScript", () => {
    const doc = page("index.html");
    const form = doc.querySelector("form[data-waitlist]")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/__heirloom/waitlist");
    const inputs = form.querySelectorAll("input");
    expect(inputs).toHaveLength(1);
    expect(inputs[0].attributes).toMatchObject({ type: "email", name: "email" });
    expect(inputs[0].hasAttribute("required")).toBe(true);
    expect(doc.querySelector(`label[for="${inputs[0].id}"]`)).not.toBeNull();
    expect(texts(form, "button")).toEqual(["Join waitlist"]);
    const frame = doc.querySelector(`iframe[name="${form.getAttribute("target")}"]`)!;
    expect(frame.hasAttribute("hidden")).toBe(true);
  });

  it("writes the behaviour constants from content into the markup for the client script", () => {
    const form = page("index.html").querySelector("form[data-waitlist]")!;
    expect(form.attributes).toMatchObject({
      "data-busy": "Joining...",
      "data-toast": "Thanks! You're on the waitlist",
      "data-toast-ms": "5000",
      "data-reset-ms": "1000",
      "data-failed": "Sorry, we could not add you to the waitlist just now. Please try again.",
    });
    const region = page("index.html").querySelector("[data-toast-region]")!;
    expect(region.getAttribute("role")).toBe("status");
    // Where the client script says an address was not stored: an alert, empty until then, and Try again.
    const problem = page("index.html").querySelector("[data-waitlist-problem]")!;
    expect(problem.querySelector("p")!.getAttribute("role")).toBe("alert");
    expect(text(problem)).toBe("Try again");
    expect(problem.querySelector("button")!.attributes).toMatchObject({ type: "button", hidden: "" });
  });

  it("posts to the configured endpoint: HEIRLOOM_WAITLIST_ENDPOINT wins over site.config.ts", async () => {
    const root = makeProject();
    const built = await buildProject(root, {
      env: { HEIRLOOM_WAITLIST_ENDPOINT: "https://script.example.com/macros/s/abc/exec" },
    });
    const html = readFileSync(path.join(built.outDir, "index.html"), "utf8");
    expect(parse(html).querySelector("form[data-waitlist]")?.getAttribute("action")).toBe(
      "https://script.example.com/macros/s/abc/exec",
    );
    expect(built.warnings.join("\n")).not.toMatch(/"waitlist" has no endpoint/);
    expect(result.warnings[0]).toMatch(/^The form "waitlist" has no endpoint, so it posts to \/__heirloom\/waitlist/);
  });
});

describe("/home", () => {
  const main = () => page("home.html").querySelector("main")!;

  it("has the hero with Begin Your Story and Gift Heirloom", () => {
    const hero = main().querySelector("section")!;
    expect(texts(hero, "a")).toEqual(expect.arrayContaining(["Begin Your Story", "Gift Heirloom"]));
  });

  it("shows the four steps in order, six benefit cards, three testimonials and a closing call to action", () => {
    const body = text(main());
    const order = ["Talk", "Schedule", "Create", "Share"].map((s) => texts(main(), "h3").indexOf(s));
    expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]))).toBe(true);
    expect(main().querySelectorAll("[data-benefit]")).toHaveLength(6);
    expect(main().querySelectorAll("blockquote")).toHaveLength(3);
    expect(main().querySelector("#testimonials")).not.toBeNull();
    expect(body).toContain("Begin Your Story");
  });
});

describe("/how-it-works", () => {
  const main = () => page("how-it-works.html").querySelector("main")!;

  it("has four detailed steps, the five-question FAQ and the sample conversation", () => {
    expect(texts(main(), "h2, h3").filter((t) => ["Talk", "Schedule", "Create", "Share"].includes(t))).toEqual([
      "Talk",
      "Schedule",
      "Create",
      "Share",
    ]);
    expect(main().querySelectorAll("details")).toHaveLength(5);
    expect(main().querySelectorAll("[data-line]").length).toBeGreaterThanOrEqual(6);
  });

  it("carries the spec's facts: 15-30 minute calls, 50-75 pages, review and approve", () => {
    const body = text(main());
    expect(body).toMatch(/15[-–]30 minutes/);
    expect(body).toMatch(/50[-–]75 pages/);
    expect(body).toMatch(/review/i);
    expect(body).toMatch(/approve/i);
  });
});

describe("/pricing", () => {
  const main = () => page("pricing.html").querySelector("main")!;
  const plans = () => main().querySelectorAll("[data-plan]");

  it("shows three plans with the spec's names, monthly prices and every feature", () => {
    expect(plans().map((p) => text(p.querySelector("h3")))).toEqual([
      "Essential Memories",
      "Legacy Collection",
      "Family Archive",
    ]);
    expect(plans().map((p) => text(p).match(/\$\d+/)?.[0])).toEqual(["$29", "$49", "$89"]);
    expect(plans().map((p) => p.querySelectorAll("li").length)).toEqual([4, 6, 8]);
    const legacy = text(plans()[1]);
    for (const f of [
      "Weekly calls",
      "Up to 50 photos",
      "Up to 3 family members",
      "Priority support",
      "Audio preservation",
    ])
      expect(legacy).toContain(f);
    const archive = text(plans()[2]);
    for (const f of [
      "Unlimited calls",
      "Up to 5 storytellers",
      "Up to 10 family members",
      "dedicated support manager",
      "Family tree integration",
    ])
      expect(archive).toContain(f);
  });

  it("marks only Legacy Collection as Most Popular", () => {
    expect(plans().map((p) => text(p).includes("Most Popular"))).toEqual([false, true, false]);
  });

  it("renders plan and call-to-action buttons as buttons with no action", () => {
    const buttons = main().querySelectorAll("button");
    expect(buttons.length).toBe(4);
    for (const b of buttons) {
      expect(b.getAttribute("type")).toBe("button");
      expect(b.closest("a")).toBeNull();
      expect(b.closest("form")).toBeNull();
    }
    for (const p of plans()) expect(p.querySelectorAll("a")).toHaveLength(0);
  });

  it("has the gift options and a four-question FAQ that states the billing rules", () => {
    expect(main().querySelectorAll("[data-gift]").length).toBeGreaterThanOrEqual(2);
    expect(main().querySelectorAll("details")).toHaveLength(4);
    expect(text(main())).toMatch(/next billing cycle/i);
    expect(text(main())).toMatch(/existing stories/i);
  });
});

describe("404.html", () => {
  it("is titled Page Not Found, explains, links home with absolute URLs, and asks the script to log the path", () => {
    const doc = page("404.html");
    expect(text(doc.querySelector("h1"))).toBe("Page Not Found");
    expect(text(doc.querySelector("main"))).toMatch(/does not exist or has been moved/);
    const home = doc
      .querySelector("main")!
      .querySelectorAll("a")
      .find((a) => text(a) === "Return to Home")!;
    expect(home.getAttribute("href")).toBe("/");
    expect(doc.querySelector("[data-not-found]")).not.toBeNull();
    for (const el of doc.querySelectorAll("[href], [src]")) {
      const url = el.getAttribute("href") ?? el.getAttribute("src")!;
      expect(url, "404.html is served at any depth").toMatch(/^(\/|https?:|mailto:|#)/);
    }
  });
});

describe("adding a legal page", () => {
  const privacy = `---
path: /privacy
template: prose
title: Privacy Policy — Heirloom
description: How Heirloom collects, keeps and protects the stories and details you share with us.
heading: Privacy Policy
updated: 2026-11-23
---
We keep your stories private.

## What we collect

Your name, your email address and the recordings of your calls.
`;

  it("is one markdown file with the prose template, once its path is taken off the unregistered list", async () => {
    const root = makeProject();
    writeFileSync(path.join(root, "content/pages/privacy.md"), privacy);
    const config = path.join(root, "site.config.ts");
    const listed = await buildProject(root).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String((listed as Error).message)).toBe(
      "content/pages/privacy.md publishes /privacy, which site.config.ts still lists as unregistered.",
    );
    writeFileSync(config, readFileSync(config, "utf8").replace(/"\/privacy",\s*/, ""));
    const built = await buildProject(root);
    const doc = parse(readFileSync(path.join(built.outDir, "privacy.html"), "utf8"));
    expect(text(doc.querySelector("h1"))).toBe("Privacy Policy");
    expect(text(doc.querySelector("main h2"))).toBe("What we collect");
    expect(text(doc.querySelector(".prose-updated"))).toBe("Last updated 23 November 2026");
    expect(doc.querySelector("header nav")).not.toBeNull();
    expect(doc.querySelector("footer a[href='/privacy']")).not.toBeNull();
  });
});
