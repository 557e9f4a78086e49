// What rendering a markdown body gives: its HTML with what the build needs to know of it, or the body waiting for
// its code blocks' languages and the highlight pool.
import type { Heading } from "../../config/markdown-options.ts";
import type { PlainNote } from "../highlight/index.ts";

/** A body as HTML, its headings, and whether Shiki highlighted a block of it (then pages need its stylesheet). */
export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
  code: boolean;
  /** The files under content/ its relative links and images name ("posts/images/x.png"), if any. */
  refs?: string[];
  /** Where in `html` its summary's marker was (summary-marker.ts), if it has one. */
  more?: number;
  /** A code block of it was written plain, past its time to highlight: not to be kept in the markdown cache. */
  late?: boolean;
  /** What to tell of the blocks highlighted now and written plain past their time, each at its file and line. */
  warnings?: string[];
  /** Blocks were written plain while Shiki was loaded anew: a later read renders it again. */
  retry?: boolean;
  /** Its blocks Shiki has no language for, its foreign syntax, each at its line: kept, told by each build using it. */
  notes?: PlainNote[];
}

/**
 * A body whose code blocks wait for highlighting (languages Shiki has not loaded yet, or the pool's work): load them
 * all, then `resume` it, which renders what was parsed (a body is parsed once).
 */
export interface WaitingMarkdown {
  waitingFor: string[];
  refs?: string[];
  /** The body rendered from its parse, every block highlighted now (as `render` with `now`). */
  resume(): RenderedMarkdown | WaitingMarkdown;
}
