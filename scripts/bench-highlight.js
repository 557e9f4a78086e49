#!/usr/bin/env node
// Shiki's regex engines on a folder's code blocks: every fenced block of its markdown (front matter set aside, the
// language as the engine reads it: the info string's first word, lower-cased; plain blocks and languages Shiki lacks
// left out), highlighted in a process of its own per engine with the default themes and the engine's markup
// (src/content/highlight/highlight.ts), engines taken in turn. For each: the cold load (modules, engine, themes, the
// languages used), the highlighting (total and per block), and the blocks whose markup differs from Oniguruma's,
// by language. Engines: oniguruma (the build's: WebAssembly read from shiki/onig.wasm), javascript (Shiki's
// JavaScript RegExp engine), javascript-forgiving (the same, skipping the expressions it cannot translate),
// javascript-unicode (the same, its word boundaries Unicode's, as Oniguruma's, where Shiki makes them ASCII's) and,
// with --precompiled-from <folder where @shikijs/langs-precompiled is installed>, precompiled (its grammars with
// the expressions already translated, on the raw JavaScript engine; its grammars are of its own Shiki version).
// Usage: node scripts/bench-highlight.js DIR [--runs 3] [--engines oniguruma,javascript] [--precompiled-from <dir>]
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const script = fileURLToPath(import.meta.url);
const THEMES = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" };
const PLAIN = new Set(["", "text", "txt", "plain", "plaintext"]);

async function main() {
  const dir = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  if (!dir) {
    console.error("Usage: node scripts/bench-highlight.js DIR [--runs 3] [--engines a,b] [--precompiled-from <dir>]");
    process.exit(2);
  }
  const runs = Number(option("--runs", 3));
  const pre = option("--precompiled-from", "");
  const every = ["oniguruma", "javascript", "javascript-forgiving", "javascript-unicode"];
  const engines = option("--engines", [...every, ...(pre ? ["precompiled"] : [])].join(",")).split(",");
  const results = Object.fromEntries(engines.map((e) => [e, []]));
  for (let run = 0; run < runs; run++) {
    // In turn, starting one further each run: A B C, B C A, ...
    for (let i = 0; i < engines.length; i++) {
      const engine = engines[(run + i) % engines.length];
      const out = execFileSync(process.execPath, [script, "--child", engine, path.resolve(dir), pre], {
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "inherit"],
      });
      results[engine].push(JSON.parse(out));
    }
  }
  const first = results[engines[0]][0];
  const distinct = first.blocks.length;
  console.log(
    `${first.fences} fenced blocks in ${first.files} files; ${first.named} name a language Shiki has, ` +
      `${distinct} distinct, in ${first.langs.length} languages: ${first.langs.join(", ")}`,
  );
  console.log(
    `Grammars loaded (with those they embed): ${first.grammars.length} of Shiki's ${first.bundled}: ` +
      first.grammars.join(", "),
  );
  console.log(`Shiki ${first.version}, medians of ${runs} runs, each engine in a process of its own:\n`);
  const reference = results.oniguruma?.[0];
  const rows = [];
  for (const engine of engines) {
    const list = results[engine];
    const m = (key) => median(list.map((r) => r[key]));
    const row = {
      engine,
      "import ms": m("importMs"),
      "engine ms": m("engineMs"),
      "themes ms": m("themesMs"),
      "langs ms": m("langsMs"),
      "highlight ms": m("highlightMs"),
      "ms/block": m("highlightMs") / distinct,
      "again ms/block": m("againMs") / first.named,
      "total ms": m("totalMs"),
      "highlight cpu ms": m("highlightCpuMs"),
      "total cpu ms": m("totalCpuMs"),
    };
    const differ = reference && engine !== "oniguruma" ? compare(reference.blocks, list[0].blocks) : undefined;
    row.differ = differ ? `${differ.count}` : "-";
    rows.push(row);
    if (differ?.count) {
      const byLang = Object.entries(differ.byLang).map(([lang, [d, of]]) => `${lang} ${d}/${of}`);
      console.log(`${engine}: ${differ.count} of ${distinct} blocks differ from Oniguruma's (${byLang.join(", ")})`);
      if (differ.failed) console.log(`  of which ${differ.failed} failed (${differ.firstFailure})`);
      if (args.includes("--show")) console.log(differ.samples.join("\n"));
    }
  }
  console.log("");
  console.table(
    rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? Number(v.toFixed(2)) : v])),
    ),
  );
  console.log(
    "import: Shiki's modules; engine: the highlighter on it; langs: the grammars used (their modules), loaded;\n" +
      "highlight: every distinct block (a JavaScript engine translates each expression the first time it is used,\n" +
      "so part of its loading is here); again: every block (not only distinct ones) highlighted a second time, the\n" +
      "expressions compiled; total: from the first import to the last block of the first pass; cpu: the process's\n" +
      "cpu time over the same spans (all its threads), steadier than the wall's on a busy machine.",
  );
}

function compare(reference, other) {
  const byLang = {};
  let count = 0;
  let failed = 0;
  let firstFailure = "";
  const samples = [];
  for (let i = 0; i < reference.length; i++) {
    const { lang } = reference[i];
    byLang[lang] ??= [0, 0];
    byLang[lang][1]++;
    if (reference[i].html === other[i].html) continue;
    count++;
    samples.push(`  ${lang} #${i}: ${firstDifference(reference[i].html, other[i].html)}`);
    byLang[lang][0]++;
    if (other[i].failure) {
      failed++;
      firstFailure ||= `${lang}: ${other[i].failure.slice(0, 160)}`;
    }
  }
  for (const lang of Object.keys(byLang)) if (byLang[lang][0] === 0) delete byLang[lang];
  return { count, byLang, failed, firstFailure, samples };
}

/** The first line where two blocks' markup differs: Oniguruma's, then the other's. */
function firstDifference(a, b) {
  const [x, y] = [a.split("\n"), b.split("\n")];
  const i = x.findIndex((line, n) => line !== y[n]);
  return `line ${i + 1}\n    ${x[i]}\n    ${y[i] ?? "(none)"}`;
}

/** Every .md and .mdx file under `dir`, its fenced blocks: [lang, code]. */
async function fencesOf(dir) {
  const { default: MarkdownIt } = await import("markdown-it");
  const { default: matter } = await import("gray-matter");
  const md = new MarkdownIt({ html: true });
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.mdx?$/.test(f))
    .sort();
  const fences = [];
  for (const file of files) {
    const { content } = matter(readFileSync(path.join(dir, file), "utf8"));
    for (const token of md.parse(content, {})) {
      if (token.type !== "fence") continue;
      const lang = token.info.trim().split(/\s+/)[0].toLowerCase();
      fences.push([PLAIN.has(lang) ? "" : lang, token.content]);
    }
  }
  return { files: files.length, fences };
}

async function child(engine, dir, pre) {
  const { files, fences } = await fencesOf(dir);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const require = createRequire(import.meta.url);
  const [{ createHighlighterCore }, { bundledThemes }, { bundledLanguages }, engineModule] = await Promise.all([
    import("shiki/core"),
    import("shiki/themes"),
    import("shiki/langs"),
    engine === "oniguruma" ? import("shiki/engine/oniguruma") : import("shiki/engine/javascript"),
  ]);
  const precompiled = engine === "precompiled";
  // The precompiled set: one module per language and alias (@shikijs/langs-precompiled/<name>), as shiki/langs.
  let langsFrom = bundledLanguages;
  if (precompiled) {
    const from = createRequire(path.join(path.resolve(pre), "x.js"));
    const index = await import(pathToFileURL(from.resolve("@shikijs/langs-precompiled")).href);
    const names = [...index.languageNames, ...index.languageAliasNames];
    const load = (name) => import(pathToFileURL(from.resolve(`@shikijs/langs-precompiled/${name}`)).href);
    langsFrom = Object.fromEntries(names.map((name) => [name, () => load(name)]));
  }
  const imported = performance.now();
  const regexEngine =
    engine === "oniguruma"
      ? engineModule.createOnigurumaEngine(readFileSync(require.resolve("shiki/onig.wasm")))
      : precompiled
        ? engineModule.createJavaScriptRawEngine()
        : engine === "javascript-unicode"
          ? engineModule.createJavaScriptRegexEngine({ regexConstructor: unicodeBoundaries(engineModule) })
          : engineModule.createJavaScriptRegexEngine({ forgiving: engine === "javascript-forgiving" });
  const highlighter = await createHighlighterCore({ themes: [], langs: [], engine: regexEngine });
  const engineReady = performance.now();
  const themes = {};
  for (const [scheme, name] of Object.entries(THEMES)) {
    await highlighter.loadTheme(bundledThemes[name]);
    const resolved = highlighter.getTheme(name);
    const palette = new Set([resolved.fg, ...resolved.settings.map((s) => s.settings?.foreground)]);
    themes[scheme] = { name, fg: lower(resolved.fg), palette: lowerAll(palette) };
  }
  const themesReady = performance.now();
  // The languages Shiki has, as the build asks for them (its own bundled languages decide which it has).
  const named = fences.filter(([lang]) => lang && Object.hasOwn(bundledLanguages, lang));
  const langs = [...new Set(named.map(([lang]) => lang))].sort();
  // A language the precompiled set lacks (one whose expressions it cannot translate) is left out: its blocks fail.
  for (const lang of langs) if (langsFrom[lang]) await highlighter.loadLanguage(langsFrom[lang]);
  const langsReady = performance.now();
  const cpuLangs = process.cpuUsage(cpuStart);
  // The grammars loaded: those named, and those they embed (html's css and javascript), without aliases.
  const grammars = [...new Set(highlighter.getLoadedLanguages().map((l) => highlighter.getLanguage(l).name))].sort();
  const seen = new Set();
  const blocks = [];
  for (const [lang, code] of named) {
    const key = `${lang}\0${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      blocks.push({ lang, html: render(highlighter, code, lang, themes) });
    } catch (error) {
      blocks.push({ lang, html: "", failure: String(error?.message ?? error) });
    }
  }
  const end = performance.now();
  const cpuEnd = process.cpuUsage(cpuStart);
  // Again, every expression compiled: what a block costs once its grammar has been used.
  for (const [lang, code] of named) {
    try {
      render(highlighter, code, lang, themes);
    } catch {}
  }
  const again = performance.now();
  const { version } = JSON.parse(readFileSync(require.resolve("shiki/package.json"), "utf8"));
  process.stdout.write(
    JSON.stringify({
      version,
      files,
      fences: fences.length,
      named: named.length,
      langs,
      grammars,
      bundled: new Set(Object.values(bundledLanguages)).size,
      importMs: imported - start,
      engineMs: engineReady - imported,
      themesMs: themesReady - engineReady,
      langsMs: langsReady - themesReady,
      highlightMs: end - langsReady,
      againMs: again - end,
      // The process's cpu time (all its threads), steadier than the wall's on a busy machine.
      highlightCpuMs: (cpuEnd.user + cpuEnd.system - cpuLangs.user - cpuLangs.system) / 1000,
      totalCpuMs: (cpuEnd.user + cpuEnd.system) / 1000,
      // From the first of Shiki's modules imported to the last block written (the markdown read before).
      totalMs: end - start,
      blocks,
    }),
  );
}

/**
 * Shiki's translation of Oniguruma's expressions with \b and \B as Oniguruma reads them (a letter such as Å is
 * a word's), where Shiki's default makes them ASCII's, which is faster.
 */
function unicodeBoundaries({ defaultJavaScriptRegexConstructor }) {
  const rules = {
    allowOrphanBackrefs: true,
    asciiWordBoundaries: false,
    captureGroup: true,
    recursionLimit: 5,
    singleline: true,
  };
  return (pattern) => defaultJavaScriptRegexConstructor(pattern, { target: "auto", rules });
}

// As src/content/highlight/highlight.ts writes a block.
const lower = (color) => (color ?? "").toLowerCase();
const lowerAll = (colors) => new Set([...colors].filter((c) => c && /^#[\da-f]{3,8}$/i.test(c)).map(lower));
const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function render(highlighter, code, lang, themes) {
  const { light, dark } = themes;
  const lines = highlighter.codeToTokensWithThemes(code.replace(/\n$/, ""), {
    tokenizeTimeLimit: 0,
    lang,
    themes: { light: light.name, dark: dark.name },
  });
  const html = lines.map((line) => {
    const spans = line.map(({ content, variants }) => {
      const classes = [...classesOf("sl", variants.light, light), ...classesOf("sd", variants.dark, dark)];
      const text = escapeHtml(content);
      return classes.length ? `<span class="${classes.join(" ")}">${text}</span>` : text;
    });
    return `<span class="line">${spans.join("")}</span>`;
  });
  const attributes = `class="shiki" data-language="${escapeHtml(lang).replace(/"/g, "&quot;")}" tabindex="0"`;
  return `<pre ${attributes}><code>${html.join("\n")}</code></pre>`;
}

function classesOf(prefix, style, theme) {
  const classes = [];
  const color = lower(style?.color);
  if (color && color !== theme.fg && theme.palette.has(color)) classes.push(`${prefix}-${color.slice(1)}`);
  const font = style?.fontStyle ?? 0;
  if (font & 1) classes.push(`${prefix}-i`);
  if (font & 2) classes.push(`${prefix}-b`);
  if (font & 12) classes.push(`${prefix}-${font & 4 ? "u" : ""}${font & 8 ? "s" : ""}`);
  return classes;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

// Last: the helpers above are constants, defined only once the module's body has run to here.
if (args[0] === "--child") await child(args[1], args[2], args[3]);
else await main();
