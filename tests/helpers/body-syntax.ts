// One body rendered as markdown and as MDX with the same markdown settings, for the tests of what both syntaxes
// read alike (alerts, containers, math): the HTML of each, and the markdown body's notes.
import { expect } from "vitest";
import { resolveMarkdown } from "../../packages/heirloom/src/config/checks/check-markdown.ts";
import type { MarkdownOptions } from "../../packages/heirloom/src/config/markdown-options.ts";
import { type RenderedMarkdown, markdownRenderer } from "../../packages/heirloom/src/content/markdown/markdown.ts";
import { compileMdxBody } from "../../packages/heirloom/src/content/mdx/mdx-compile.ts";
import { setMdxBody } from "../../packages/heirloom/src/content/mdx/mdx.ts";
import { HeirloomError } from "../../packages/heirloom/src/errors/errors.ts";
import { normalizeHtml } from "./normalize-html.ts";

/** A body as markdown: its HTML and its notes ([line, what is told]). */
export function renderMd(body: string, markdown: MarkdownOptions = {}, base = "/") {
  const site = { markdown: resolveMarkdown(markdown, () => expect.fail("bad settings")), source: "", root: "/x" };
  const rendered = markdownRenderer(site).render(body, "content/posts/a.md", 1, base) as RenderedMarkdown;
  return { html: rendered.html, notes: rendered.notes ?? [] };
}

/** A body as MDX (with no component of the site): its HTML as a page renders it. */
export function renderMdx(body: string, markdown: MarkdownOptions = {}, base = "/"): string {
  const site = { markdown: resolveMarkdown(markdown, () => expect.fail("bad settings")), source: "", root: "/x" };
  const compiled = compileMdxBody({ file: "content/posts/a.mdx", body, bodyLine: 1 }, base, markdownRenderer(site));
  if (compiled instanceof HeirloomError) throw compiled;
  const value: Record<string, unknown> = {};
  setMdxBody(value, compiled, { current: {} }, { file: "content/posts/a.mdx", bodyLine: 1 });
  return String(value.html);
}

/** HTML as the spec's tests compare it, a style's last ";" dropped (React writes none). */
export const comparable = (html: string) => normalizeHtml(html.replace(/;"/g, '"'));
