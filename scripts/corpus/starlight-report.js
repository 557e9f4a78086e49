// What the Starlight docs port renders: builds it with the engine's CLI, sets aside the files the build refuses
// (and says why), builds the rest, and counts per page what the sources write against what the pages show.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../../packages/heirloom/bin/heirloom.js", import.meta.url));

/** Runs `heirloom build` in `root`: its exit code, its problems ({ kind, id, file, text }) and the time it took. */
export function runBuild(root, env = {}, again = true) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [cli, "build"], { cwd: root, env: { ...process.env, ...env } });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const log = `${run.stdout}\n${run.stderr}`;
  // A failed build's staging folder is sometimes not yet removable (ENOTEMPTY): seen on this port, left to the
  // engine; the build is run again once.
  if (again && /ENOTEMPTY/.test(log)) return runBuild(root, env, false);
  const problems = log.split(/\n(?=(?:error|warning) )/).flatMap((block) => {
    const head = /^(error|warning) (?:(\w+Error): )?(.*)/.exec(block);
    if (!head) return [];
    // An error's place is on its "at" line, a warning's starts it (content/x.mdx:12: …).
    const [, at, line] = /\n\s+at ([^\s:]+)(?::(\d+))?/.exec(block) ?? /^(content\/[^\s:]+):(\d+):/.exec(head[3]) ?? [];
    const id = /\n\s+see (\w+):/.exec(block)?.[1] ?? kindOf(head[3]);
    return [{ kind: head[1], id, file: at, line: line && Number(line), text: head[3] }];
  });
  return { status: run.status, problems, seconds, log };
}

/** A warning's kind, from its words (warnings name no catalogue id). */
function kindOf(text) {
  if (/^The link .* leads to no page/.test(text)) return "broken link";
  if (/^The link .* names the id/.test(text)) return "broken fragment";
  if (/opens a container/.test(text)) return "::: container in a .md file, printed as text";
  const meta = /The code block's meta (.*) is not read here/.exec(text)?.[1];
  if (meta) return `UnknownFenceMeta: ${metaKind(meta)}`;
  const language = /Shiki has no language "([^"]+)"/.exec(text);
  if (language) return `code block in a language Shiki lacks (${language[1]})`;
  return text.replace(/content\/\S+/g, "…").slice(0, 80);
}

/** What Expressive Code option an unread meta is (the warning names its parts as written). */
function metaKind(meta) {
  if (/(?:^|\s)lang=/.test(meta)) return 'a diff highlighted as another language (lang="js")';
  if (/(?:^|\s)frame=/.test(meta)) return 'a frame (frame="none")';
  if (/(?:^|\s)(?:mark|ins|del)=(["'/])/.test(meta)) return 'lines added or removed by their text (ins="…", ins=/…/)';
  if (/(?:^|\s)\/.+\/(?:\s|$)/.test(meta)) return "text marked by a pattern (/…/)";
  if (/^["']/.test(meta)) return 'text marked by its words ("…")';
  return meta;
}

/** The files of content/ the docs came from, each with the page it is published at (Starlight's URL form). */
export function sourcesOf(root) {
  const content = path.join(root, "content");
  return readdirSync(content, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.mdx?$/.test(file) && /(^|\/)docs\//.test(file))
    .sort()
    .map((file) => {
      const [locale, rest] = file.startsWith("docs/") ? ["", file.slice(5)] : file.split("/docs/");
      // index.mdx is its folder's page (the route drops a last "index"), the locale's home for the top one.
      const slug = rest.replace(/\.mdx?$/, "").replace(/(^|\/)index$/, "");
      return { file: `content/${file}`, page: path.join(locale, slug, "index.html") };
    });
}

/** The text of a source outside its fenced code blocks, and those blocks' info strings (language and meta). */
export function readSource(text) {
  const prose = [];
  const fences = [];
  let open;
  for (const line of text.split("\n")) {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (open) {
      if (fence && fence[1][0] === open[0] && fence[1].length >= open.length && !fence[2].trim()) open = undefined;
    } else if (fence) {
      open = fence[1];
      fences.push(fence[2].trim());
    } else prose.push(line);
  }
  return { prose: prose.join("\n"), fences };
}

const count = (text, pattern) => (text.match(pattern) ?? []).length;
/** A table's delimiter row (| --- | :-: |), which every GFM table has: pipes, colons and dashes only. */
const DELIMITER = /^[ \t]*(?=[^\n]*\|)(?=[^\n]*-)[|: \t-]+$/gm;
const ASIDE = /^:::(note|tip|caution|danger)\b/gm;
/** The HTML outside code blocks and spans (where the docs show the syntax), where a construct left as text shows. */
const outsideCode = (html) => html.replace(/<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>/g, "");
const titleOf = (meta) => /(?:^|\s)(?:title|filename)=(["'])(.*?)\1/.exec(meta)?.[2];
// Marked lines as Expressive Code writes them: by number ({1,3}, mark={…}, highlight={…}), which the engine
// reads, or by text ("slug:", mark="…") and by pattern (/icon="\w+"/), which it reports as unread meta.
const BY_NUMBER = /(?:^|\s)(?:(?:mark|highlight)=)?\{[\d,\s-]+\}/;
const BY_TEXT = /(?:^|\s)(?:mark=)?(["'])(?:(?!\1).)+\1|(?:^|\s)(?:mark=)?\/[^/]+\//;
const marks = (meta) => BY_NUMBER.test(meta) || BY_TEXT.test(meta);
const insDel = (meta) => /(?:^|\s)(?:ins|del)=/.test(meta);
/** Line markers as Shiki's transformers, Expressive Code and rehype-pretty-code write them. */
const MARKED = /class="[^"]*\b(highlighted|highlight|mark|marked|line-highlight)\b/;
const DIFF = /class="[^"]*\b(diff add|diff remove|add|remove|ins|del|inserted|deleted)\b/;
/** How many of the page's code blocks show a line so marked. */
const blocksWith = (html, marker) => (html.match(/<pre[\s\S]*?<\/pre>/g) ?? []).filter((b) => marker.test(b)).length;

/** Per construct: how many the sources write and how many the built pages render. */
export function measure(root, sources) {
  const totals = {
    files: 0,
    tables: { files: 0, written: 0, rendered: 0, filesRendering: 0 },
    titles: { written: 0, rendered: 0 },
    marked: { written: 0, byNumber: 0, byText: 0, pagesWith: 0, pagesShowing: 0, rendered: 0 },
    insDel: { written: 0, pagesWith: 0, pagesShowing: 0, rendered: 0 },
    asides: { written: 0, rendered: 0 },
  };
  for (const { file, page } of sources) {
    const out = path.join(root, "dist", page);
    if (!existsSync(out)) continue;
    totals.files += 1;
    const { prose, fences } = readSource(readFileSync(path.join(root, file), "utf8"));
    const html = readFileSync(out, "utf8");
    const tables = count(prose, DELIMITER);
    const shown = Math.min(tables, count(html, /<table[\s>]/g));
    if (tables)
      Object.assign(totals.tables, { files: totals.tables.files + 1, written: totals.tables.written + tables });
    totals.tables.rendered += shown;
    if (tables && shown === tables) totals.tables.filesRendering += 1;
    for (const title of fences.map(titleOf).filter(Boolean)) {
      totals.titles.written += 1;
      const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
      if (html.includes(`>${escaped}<`)) totals.titles.rendered += 1;
    }
    const [marking, diffing] = [fences.filter(marks).length, fences.filter(insDel).length];
    totals.marked.written += marking;
    totals.insDel.written += diffing;
    if (marking) totals.marked.pagesWith += 1;
    totals.marked.byNumber += fences.filter((meta) => BY_NUMBER.test(meta)).length;
    totals.marked.byText += fences.filter((meta) => !BY_NUMBER.test(meta) && BY_TEXT.test(meta)).length;
    const [markedBlocks, diffBlocks] = [blocksWith(html, MARKED), blocksWith(html, DIFF)];
    totals.marked.rendered += Math.min(marking, markedBlocks);
    totals.insDel.rendered += Math.min(diffing, diffBlocks);
    if (marking && markedBlocks) totals.marked.pagesShowing += 1;
    if (diffing) totals.insDel.pagesWith += 1;
    if (diffing && diffBlocks) totals.insDel.pagesShowing += 1;
    const asides = count(prose, ASIDE);
    totals.asides.written += asides;
    // Rendered: an alert for each, and none left as text.
    const left = count(outsideCode(html), /:::(note|tip|caution|danger)\b/g);
    totals.asides.rendered += Math.max(0, Math.min(asides, count(html, /class="markdown-alert /g)) - left);
  }
  return totals;
}

/** Moves the given content files under left-out/ (kept byte for byte, out of the build). */
function setAside(root, files) {
  for (const file of files) {
    const to = path.join(root, "left-out", file);
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(path.join(root, file), to);
  }
}

/**
 * The other content files that hold the line a render error is at (a page stops at its first, so the translations
 * of one page would each cost a build): set aside with it, and counted as refused.
 */
function sameLine(root, errors) {
  const lines = errors
    .filter((p) => p.id === "MdxExpressionFailed" && p.line)
    .map((p) =>
      readFileSync(path.join(root, "left-out", p.file), "utf8")
        .split("\n")
        [p.line - 1]?.trim(),
    )
    .filter(Boolean);
  if (lines.length === 0) return [];
  return sourcesOf(root)
    .map(({ file }) => file)
    .filter((file) => {
      const text = readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .map((l) => l.trim());
      return lines.some((line) => text.includes(line));
    });
}

/** Problems grouped by their catalogue id: { "warning MdxImportMissing": 8, … }. */
export function grouped(problems) {
  const groups = {};
  for (const { kind, id } of problems) groups[`${kind} ${id}`] = (groups[`${kind} ${id}`] ?? 0) + 1;
  return groups;
}

/**
 * Builds the port at `root`; the files the build refuses are set aside (with the errors that name them) and the
 * rest built again, until it builds. Returns what was refused, the second build's problems and the measures.
 */
export function buildPort(root, env = {}) {
  const total = sourcesOf(root).length;
  const refused = [];
  let build = runBuild(root, env);
  // A file refused as the pages render is told only once those before it compile: a few rounds at most.
  for (let round = 0; build.status !== 0 && round < 5; round += 1) {
    // Broken links are warnings here (brokenLinks: "warn"), told as errors only when the build fails for another.
    const errors = build.problems.filter((p) => p.kind === "error" && !/^Broken/.test(p.id));
    const files = [...new Set(errors.map((p) => p.file))];
    if (files.length === 0 || files.some((file) => !file?.startsWith("content/"))) {
      throw new Error(`The build failed:\n${build.log}`);
    }
    refused.push(...errors);
    setAside(root, files);
    const alike = sameLine(root, errors);
    refused.push(...alike.map((file) => ({ kind: "error", id: "MdxExpressionFailed", file, text: "the same line" })));
    setAside(root, alike);
    build = runBuild(root, env);
  }
  if (build.status !== 0) throw new Error(`The build failed without the refused files:\n${build.log}`);
  const sources = sourcesOf(root);
  return { total, refused, built: sources.length, build, measures: measure(root, sources) };
}

/** The report printed by starlight-docs.js --build; returns the exit code. */
export async function buildAndReport(root) {
  const port = buildPort(root);
  const { measures: m } = port;
  const line = (text) => console.log(text);
  line(`\n${port.built} of ${port.total} files build unchanged (${port.build.seconds.toFixed(1)} s).`);
  for (const p of port.refused) line(`  refused: ${p.file}: ${p.id}: ${p.text}`);
  line("Problems of the build, by kind:");
  for (const [kind, n] of Object.entries(grouped(port.build.problems))) line(`  ${n} ${kind}`);
  line(`Pages measured: ${m.files}`);
  line(`Tables: ${m.tables.written} in ${m.tables.files} files; ${m.tables.rendered} rendered as <table>,`);
  line(`  ${m.tables.filesRendering} files with all their tables rendered.`);
  line(`Code blocks with title= or filename=: ${m.titles.written}; titles shown: ${m.titles.rendered}.`);
  const { marked, insDel } = m;
  line(`Code blocks with marked lines: ${marked.written} in ${marked.pagesWith} pages, ${marked.byNumber} by number`);
  line(`  ({1,3}, mark={…}), ${marked.byText} by text or pattern ("…", /…/); shown: ${marked.rendered} blocks,`);
  line(`  in ${marked.pagesShowing} pages.`);
  line(`Code blocks with ins= or del=: ${insDel.written} in ${insDel.pagesWith} pages; shown: ${insDel.rendered}`);
  line(`  blocks, in ${insDel.pagesShowing} pages.`);
  line(`:::note/tip/caution/danger asides: ${m.asides.written}; rendered as alerts: ${m.asides.rendered}.`);
  return 0;
}
