// Markdown bodies to HTML with markdown-it: raw HTML escaped unless the collection opts in, links whose scheme runs
// code refused at their line, site paths given the base path, the site's plugins applied, headings given ids (and
// links to them), fenced code highlighted by Shiki (highlight.ts), another generator's syntax told
// (foreign-syntax.ts). One renderer per set of settings.
import MarkdownIt, { type Token } from "markdown-it";
import { locate } from "../../config/definition-file.ts";
import type { Heading, ResolvedMarkdown } from "../../config/markdown-options.ts";
import { PastBudget } from "../../compile/time-budget.ts";
import { MarkdownPluginFailed, MarkdownRenderFailed } from "../../errors/catalogue.ts";
import { HeirloomError, errorFrom } from "../../errors/errors.ts";
import { enableGfmRules, applyGfm } from "./gfm.ts";
import { headingsPlugin } from "./headings.ts";
import { type MarkdownSite, ownCodeTimed, settingsKey } from "./markdown-key.ts";
import { refTarget } from "./refs.ts";
import { type RenderState, highlighted } from "../highlight/index.ts";
import { type BlockPool, blocksIn } from "../highlight/index.ts";
import { languageOf } from "../highlight/index.ts";
import { type CodeThemes, highlightReady } from "../highlight/index.ts";
import { checkedImageUrl, checkedUrl } from "./link-schemes.ts";
import { applyTypographer } from "./typography.ts";
import { foreignNotes, mayHoldForeign } from "./foreign-syntax.ts";
import { cutAtMarker, summaryMarkers } from "./summary-marker.ts";
import { bodySyntax } from "./body-syntax.ts";
import { type PlainNote, unknownLanguageNote } from "../highlight/index.ts";
import { codeFences, fenceMetaNotes } from "./code-fences.ts";
import type { RenderedMarkdown, WaitingMarkdown } from "./markdown-types.ts";

export { checkedUrl };
export type { MarkdownSite, RenderedMarkdown, WaitingMarkdown };

export interface MarkdownRenderer {
  /** Everything that shapes this renderer's output, for the keys of rendered markdown and pages. */
  readonly key: string;
  readonly themes: CodeThemes | false;
  /** The link after each heading, named by `label`; false: none (MDX bodies follow it too). */
  readonly anchors: ResolvedMarkdown["anchors"];
  /** GitHub's alerts, containers and math, on or off (MDX bodies follow them too). */
  readonly syntax: Pick<ResolvedMarkdown, "alerts" | "containers" | "math">;
  /** The collection's summary marker, besides `<!--more-->` (its `summary.separator`). */
  readonly separator?: string;
  /** The settings it renders with (an MDX body of the collection is compiled with them too). */
  readonly markdown: ResolvedMarkdown;
  /**
   * A body as HTML; `firstLine` is its 1-based line in its file, for errors. Site paths ("/pricing") get the base
   * path, so content links work under a sub-path too. A block with a long line goes to the highlight pool first
   * (a build's read), unless `now` (a body rendered as its page reads it): then every block is highlighted here,
   * within its time. `separator` is the entry's own summary marker (its `excerpt_separator`).
   */
  render(
    source: string,
    file: string,
    firstLine: number,
    base?: string,
    now?: boolean,
    separator?: string,
  ): RenderedMarkdown | WaitingMarkdown;
  /** The languages of the body's fenced code blocks that Shiki would highlight (a quick look first). */
  languagesOf(source: string): string[];
  /** The files under content/ that the body's relative links and images name (a body rendered when read). */
  refsOf(source: string, file: string): string[] | undefined;
}

/**
 * A new renderer of a site's markdown, with raw HTML kept (`html`) or escaped, a collection's summary `separator`;
 * its blocks may go to `highlighting`.
 */
export function markdownRenderer(
  site: MarkdownSite,
  html = false,
  highlighting?: BlockPool,
  separator?: string,
): MarkdownRenderer {
  // The site's own Shiki transformers are functions of its definition, which the pool's threads do not have.
  const pool = site.markdown.highlightTransformers ? undefined : highlighting;
  return createRenderer(site, { html, separator }, settingsKey(site, html, separator), pool);
}

/** Where rendered markdown is kept: by the file's bytes, the base path and the renderer. */
export function markdownKey(hash: string, base: string, renderer: MarkdownRenderer): string {
  return `${hash}:${base}:${renderer.key}`;
}

/**
 * markdown-it as the settings make it: CommonMark's rules, then what the settings add (markdown-it's own "default"
 * preset is them all with its typographer), the site's plugins, heading ids, highlighting.
 */
function parserOf(site: MarkdownSite, own: OwnSettings, state: RenderState, pool?: BlockPool) {
  const { html, separator } = own;
  const { preset, gfm, typographer, ids, plugins, highlight: themes, anchors } = site.markdown;
  const plain = preset === "commonmark";
  const md = new MarkdownIt("commonmark", { html, xhtmlOut: plain, maxNesting: plain ? 20 : 100 });
  // Every link gets through the parser, so that unsafe ones are refused loudly instead of shown as text.
  md.validateLink = () => true;
  enableGfmRules(md, gfm);
  if (typographer) applyTypographer(md);
  for (const [index, [plugin, ...options]] of plugins.entries()) {
    try {
      md.use(plugin, ...options);
    } catch (error) {
      const reason = (error as Error)?.message ?? String(error);
      const location = locate(site.source, "plugins");
      throw errorFrom(MarkdownPluginFailed, { index, reason }, { location, cause: error });
    }
  }
  applyGfm(md, gfm);
  bodySyntax(md, site.markdown);
  headingsPlugin(md, anchors ? anchors.label : false, ids);
  summaryMarkers(md, separator);
  const { highlightTimeout: timeout, highlightTransformers: transformers } = site.markdown;
  const highlight = (code: string, lang: string, meta: string) =>
    highlighted(code, languageOf(lang), themes as CodeThemes, timeout, state, pool, { meta, own: transformers });
  codeFences(md, themes && highlight);
  return md;
}

/** What a renderer has of its collection: raw HTML kept or not, its summary marker. */
type OwnSettings = { html: boolean; separator?: string };

function createRenderer(site: MarkdownSite, own: OwnSettings, key: string, pool?: BlockPool): MarkdownRenderer {
  const { highlight: themes, anchors, preset, alerts, containers, math } = site.markdown;
  const state: RenderState = { late: false, retry: false, fences: [], next: 0, warnings: [], unknown: [] };
  const md = parserOf(site, own, state, pool);
  const plain = preset === "commonmark";
  const timed = ownCodeTimed(site);
  /** Parsed tokens as HTML (their fences highlighted now, or the pool's), with their headings and what went plain. */
  const renderTokens = (tokens: Token[], env: { headings?: Heading[] }, languages: string[], place: Place) => {
    const { file, firstLine, found } = place;
    const fences = tokens.filter((t) => t.type === "fence");
    Object.assign(state, { late: false, retry: false, next: 0, warnings: [], unknown: [] });
    state.fences = fences.map((t) => ({ file, line: firstLine + (t.map?.[0] ?? 0) }));
    const output = md.renderer.render(tokens, md.options, env);
    // CommonMark's output is kept as markdown-it writes it, white space around raw HTML included.
    const { html, more } = cutAtMarker(output, plain);
    const code = languages.length > 0 && html.includes('<pre class="shiki');
    const told = state.late ? { late: true, ...(state.warnings.length ? { warnings: state.warnings } : {}) } : {};
    if (state.retry) Object.assign(told, { retry: true });
    const notes = state.unknown.map(([line, lang]): PlainNote => [line - firstLine + 1, unknownLanguageNote(lang)]);
    notes.push(...place.foreign);
    if (notes.length > 0) Object.assign(told, { notes: notes.sort((a, b) => a[0] - b[0]) });
    const summary = more === undefined ? {} : { more };
    return { html, headings: env.headings ?? [], code, ...summary, ...found, ...told };
  };
  const languagesIn = (tokens: Token[]) =>
    themes ? [...new Set(tokens.filter((t) => t.type === "fence").map((t) => languageOf(t.info)))].filter(Boolean) : [];
  return {
    key,
    themes,
    anchors,
    syntax: { alerts, containers, math },
    markdown: site.markdown,
    ...(own.separator === undefined ? {} : { separator: own.separator }),
    languagesOf: (source) => (/```|~~~/.test(source) ? languagesIn(md.parse(source, {})) : []),
    refsOf(source, file) {
      const refs = new Set<string>();
      for (const block of md.parse(source, {})) {
        for (const token of block.children ?? []) {
          const url = token.attrGet(token.type === "image" ? "src" : "href");
          const target = url === null ? undefined : refTarget(file, String(url));
          if (target) refs.add(target.path);
        }
      }
      return refs.size > 0 ? [...refs] : undefined;
    },
    render(source, file, firstLine, base = "/", now = false, separator = undefined) {
      const failed = (error: unknown) => {
        if (error instanceof HeirloomError) return error;
        if (error instanceof PastBudget && error.blamed) return error.blamed;
        const reason = (error as Error)?.message ?? String(error);
        return errorFrom(MarkdownRenderFailed, { file, reason }, { location: { file, line: firstLine }, cause: error });
      };
      try {
        const env: { headings?: Heading[]; separator?: string; base: string } = {
          base,
          ...(separator ? { separator } : {}),
        };
        const tokens = timed(file, () => md.parse(source, env));
        const refs = new Set<string>();
        for (const block of tokens) {
          for (const token of block.children ?? []) checkLink(token, block, { file, firstLine, base, refs });
        }
        // Only a fence names a language: a body without one is not looked through again.
        const languages = /```|~~~/.test(source) ? languagesIn(tokens) : [];
        const found = refs.size > 0 ? { refs: [...refs] } : {};
        const foreign = [...(mayHoldForeign(source) ? foreignNotes(tokens) : []), ...fenceMetaNotes(tokens)];
        const waits = (t: CodeThemes) => languages.some((lang) => !highlightReady(lang, t));
        const output = (): RenderedMarkdown | WaitingMarkdown => {
          if (themes && waits(themes)) return { waitingFor: languages, ...found, resume: output };
          try {
            return timed(file, () => renderTokens(tokens, env, languages, { file, firstLine, found, foreign }));
          } catch (error) {
            throw failed(error);
          }
        };
        if (themes && (waits(themes) || (!now && pool?.unpooled(tokens, themes)))) {
          pool?.submit(blocksIn(tokens, file, firstLine), themes, site.markdown.highlightTimeout);
          return { waitingFor: languages, ...found, resume: output };
        }
        return output();
      } catch (error) {
        throw failed(error);
      }
    },
  };
}

/** Where a body is (its file, the line its first line is in that file), the files its links name, foreign syntax. */
interface Place {
  file: string;
  firstLine: number;
  found: { refs?: string[] };
  foreign: PlainNote[];
}

/** Where links are checked; `refs`: the files under content/ the body's relative links name, filled in. */
type LinkContext = Pick<Place, "file" | "firstLine"> & { base: string; refs: Set<string> };

/** Refuses a link or picture whose scheme runs code; one to something of the site becomes a marker (refs.ts). */
function checkLink(token: Token, block: Token, { file, firstLine, base, refs }: LinkContext): void {
  const attr = token.type === "link_open" ? "href" : token.type === "image" ? "src" : undefined;
  const value = attr ? token.attrGet(attr) : null;
  if (!attr || value === null) return;
  const url = String(value);
  const location = { file, line: firstLine + (block.map?.[0] ?? 0) };
  const checked = (attr === "src" ? checkedImageUrl : checkedUrl)(url, base, location);
  if (checked === url) return;
  token.attrSet(attr, checked);
  const target = refTarget(file, url);
  if (target) refs.add(target.path);
}
