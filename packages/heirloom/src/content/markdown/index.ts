// The entry of content/markdown/: what the rest of the engine uses of it.
export { FOREIGN_CONSTRUCTS, foreignInLine } from "./foreign-syntax.ts";
export { slugOf, uniqueId, withoutHeadingAnchors } from "./headings.ts";
export { checkedImageUrl, checkedUrl } from "./link-schemes.ts";
export { VERBATIM, VERBATIM_TEXT, applyTypographer } from "./typography.ts";
export { enableGfmRules } from "./gfm.ts";
export { settingsKey } from "./markdown-key.ts";
export { markdownKey } from "./markdown.ts";
export { MarkdownRenderers } from "./renderers.ts";
export type { MarkdownRenderer, RenderedMarkdown, WaitingMarkdown } from "./markdown.ts";
export { MARKER, attributeValue, isSiteRef, markerParts, refTarget } from "./refs.ts";
export { entrySeparator } from "./summary-marker.ts";
export { renderMarkdown } from "./render-markdown.ts";
export type { RenderMarkdownOptions } from "./render-markdown.ts";
export { ALERT_ICONS, CONTAINER_KINDS, iconAttributes, titleOf } from "./alert-kinds.ts";
export type { AlertKind } from "./alert-kinds.ts";
export { KATEX_OPTIONS, katexStylesheetPath } from "./math.ts";
export { classedKatexTree, mathClassRules } from "./math-classes.ts";
export { codeFences, fenceMetaNotes, titledCode, unknownMetaNote } from "./code-fences.ts";
