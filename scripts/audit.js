#!/usr/bin/env node
// Lighthouse audit: builds the site (this repository's, or the one at --root), serves it locally with
// `heirloom preview`, runs Lighthouse with its default mobile preset against every page of the build in
// Chromium and prints the four category scores.
// Exits 1 when any score is below the threshold (default 95; the target is 100).
// Usage: npm run audit [-- --min 95] [-- --root path/to/site] [-- --routes /,/guide/routes/ (some pages only)]
import { createRequire } from "node:module";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROME_FLAGS, chromePathOrExit, serveLocalBuild, siteRootOf } from "./local-site.js";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const minFlag = process.argv.indexOf("--min");
const threshold = minFlag > 0 ? Number(process.argv[minFlag + 1]) : 95;
const routesFlag = process.argv.indexOf("--routes");
const only = routesFlag > 0 ? process.argv[routesFlag + 1].split(",") : undefined;
const version = createRequire(import.meta.url)("lighthouse/package.json").version;

const chromePath = chromePathOrExit();
const site = await serveLocalBuild(siteRootOf());
let chrome;
try {
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const rows = [];
  const problems = [];
  const routes = only ?? site.routes;
  const unknown = routes.filter((route) => !site.routes.includes(route));
  if (unknown.length > 0) throw new Error(`No such page in the build: ${unknown.join(", ")}`);
  for (const route of routes) {
    const url = site.origin + route;
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
    rows.push({ route, ...scores });
    for (const category of CATEGORIES.filter((c) => scores[c] < 100)) {
      for (const ref of lhr.categories[category].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          problems.push(`${route} ${category}: ${audit.title} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  console.table(rows);
  for (const problem of problems) console.log(`  - ${problem}`);
  const failing = rows.filter((row) => CATEGORIES.some((c) => row[c] < threshold));
  if (failing.length > 0) {
    console.error(`Below ${threshold}: ${failing.map((r) => r.route).join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Every route scores at least ${threshold} in all four categories (Lighthouse ${version}, mobile preset).`,
    );
  }
} finally {
  await chrome?.kill();
  site.close();
}
