// An entry's markdown body as its `html` and `headings`: rendered now, read from the markdown cache when a page
// needs it, or rendered when a page reads it (dev, and a body whose code languages Shiki must load first).
import type { ResolvedSummary } from "../config/types.ts";
import { HeirloomError } from "../errors/errors.ts";
import { type MarkdownRenderer, type RenderedMarkdown, entrySeparator, markdownKey } from "./markdown/index.ts";
import { setNoSummary, setSummary } from "./summary.ts";
import type { EntryValue, MarkdownCache, SourceEntry, WaitingBodies } from "./types.ts";
import { plainWarnings } from "./highlight/index.ts";

export interface BodyOptions {
  base: string;
  markdown?: MarkdownCache;
  /** Render every body when a page reads it (the dev server): an unsafe link is told when its page is shown. */
  lazyMarkdown?: boolean;
  /**
   * Told what a body has to say as it is rendered (or found rendered): a code block written plain past its time, or
   * in a language Shiki does not have.
   */
  onWarning?: (message: string) => void;
  /** The bodies read this build that wait for highlighting, each rendered from that parse (not parsed again). */
  waiting?: WaitingBodies;
}

/** A body: rendered, or to be rendered when read (with the languages Shiki must have loaded by then). */
export interface Body {
  rendered?: RenderedMarkdown;
  later?: () => RenderedMarkdown;
  code: boolean;
  languages?: string[];
  /** The files under content/ its relative links and images name. */
  refs?: string[];
}

/** The body of an entry; a problem in it (an unsafe link) is added to `errors` and undefined returned. */
export function markdownBody(
  source: SourceEntry,
  renderer: MarkdownRenderer,
  options: BodyOptions,
  errors: HeirloomError[],
): Body | undefined {
  const { markdown, base } = options;
  const key = markdownKey(source.hash, base, renderer);
  const separator = entrySeparator(source.data);
  const kept = options.waiting?.get(key);
  options.waiting?.delete(key);
  const tell = ({ warnings, notes }: Pick<RenderedMarkdown, "warnings" | "notes">) => {
    if (!warnings && !notes) return;
    for (const warning of [...(warnings ?? []), ...plainWarnings(notes, source.file, source.bodyLine)]) {
      options.onWarning?.(warning);
    }
  };
  // Rendered as a page reads it (from the parse it was read with): every block highlighted now, what went plain
  // told.
  const render = () => {
    const result = kept
      ? kept.resume()
      : renderer.render(source.body, source.file, source.bodyLine, base, true, separator);
    if ("waitingFor" in result) throw new Error(`${source.file}: code highlighting was not prepared`);
    tell(result);
    return result;
  };
  // Rendered before (so it has no unsafe link): taken if at hand (rendered while reading), else read when a page
  // needs it (a rebuild that renders few pages then never loads the cache's file). Its plain blocks told again.
  if (markdown?.has(key)) {
    const ready = markdown.peek?.(key);
    tell(ready ?? { notes: markdown.notes(key) });
    if (ready) return { rendered: ready, code: ready.code, refs: ready.refs };
    return { later: () => markdown.get(key) ?? render(), code: markdown.code(key), refs: markdown.refs(key) };
  }
  if (options.lazyMarkdown) {
    const refs = renderer.refsOf(source.body, source.file);
    return { later: render, code: false, languages: renderer.languagesOf(source.body), refs };
  }
  try {
    const result = kept ?? renderer.render(source.body, source.file, source.bodyLine, base, false, separator);
    if ("html" in result) {
      tell(result);
      if (!result.late) markdown?.set(key, result);
      return { rendered: result, code: result.code, refs: result.refs };
    }
    const later = () => {
      const rendered = render();
      // A block written plain past its time is highlighted again by the next build.
      if (!rendered.late) markdown?.set(key, rendered);
      return rendered;
    };
    return { later, code: false, languages: result.waitingFor, refs: result.refs };
  } catch (error) {
    if (!(error instanceof HeirloomError)) throw error;
    errors.push(error);
    return undefined;
  }
}

/**
 * Gives the value its `html` and `headings`: now, or read on first use (one render for both), then kept; and its
 * summary and counts (summary.ts), made as the collection's `summary` option says when first read.
 */
export function setBody(value: EntryValue, body: Body | undefined, summary?: ResolvedSummary): void {
  if (!body?.later) {
    value.html = body?.rendered?.html ?? "";
    value.headings = body?.rendered?.headings ?? [];
    const more = body?.rendered?.more;
    if (body && summary) setSummary(value, () => ({ html: value.html, more }), summary);
    else setNoSummary(value);
    return;
  }
  const read = body.later;
  let rendered: RenderedMarkdown | undefined;
  let more: number | undefined;
  // Two plain accessors: defineProperties with made descriptors is slower to make for every entry of a large site.
  const take = (name: "html" | "headings") => {
    if (!rendered) {
      rendered = read();
      more = rendered.more;
      // Code written plain while Shiki was loaded anew: kept for this page's render only.
      if (rendered.retry) queueMicrotask(() => void (rendered = undefined));
    }
    const result = rendered[name];
    if (rendered.retry) return result;
    Object.defineProperty(value, name, { value: result, enumerable: true, configurable: true, writable: true });
    return result;
  };
  Object.defineProperty(value, "html", { enumerable: true, configurable: true, get: () => take("html") });
  Object.defineProperty(value, "headings", { enumerable: true, configurable: true, get: () => take("headings") });
  if (summary) setSummary(value, () => ({ html: value.html, more }), summary);
  else setNoSummary(value);
}
