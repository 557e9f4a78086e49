// What an MDX body is once compiled, and the store compiled bodies are kept in (by the incremental object).
import type { Heading } from "../../config/markdown-options.ts";
import type { PlainNote } from "../highlight/index.ts";
import type { MdxImport } from "./mdx-imports.ts";

/** Compiled MDX bodies by key, kept by the incremental object. */
export interface MdxCache {
  get(key: string): CompiledMdx | undefined;
  set(key: string, body: CompiledMdx): void;
}

/**
 * A compiled body: the function body @mdx-js/mdx wrote, its headings, the components it uses, its fenced code
 * blocks and (once Shiki has seen them) their highlighted markup, kept with it so that rendering it never needs
 * Shiki.
 */
export interface CompiledMdx {
  /** What it is kept by (see compileMdxBody). */
  key: string;
  code: string;
  headings: Heading[];
  /** Components the body names (<Callout>), each at its first line and column in the body (not the file). */
  uses: Array<{ name: string; line: number; column: number }>;
  /** Its fenced code blocks that name a language, in order, each at its line in the body (1-based), its meta. */
  blocks: Array<{ lang: string; code: string; line: number; meta?: string }>;
  /** Each block's markup as Shiki highlighted it ("" where it is left plain); absent until highlighted. */
  highlighted?: string[];
  /** Its blocks in a language Shiki does not have, each at its line in the body (set as it is highlighted). */
  notes?: PlainNote[];
  /** The files under content/ its relative links and images name, if any. */
  refs?: string[];
  /** The names its import lines bind, which templates/mdx.ts's components stand for (mdx-imports.ts). */
  imports?: MdxImport[];
}
