// The entry of content/highlight/: what the rest of the engine uses of it.
export { fenceLanguage, languageOf } from "./fence-language.ts";
export { highlighted } from "./highlight-block.ts";
export type { RenderState } from "./highlight-block.ts";
export {
  blocksIn,
  lateWarning,
  resetHighlighting,
  settleHighlighting,
  submitBlocks,
  unpooled,
} from "./highlight-pool.ts";
export {
  TOKENIZE,
  codeStylesheet,
  highlightCode,
  highlightReady,
  highlighting,
  knownLanguage,
  missingLanguage,
  prepareHighlighting,
  reloadShiki,
  shikiVersion,
} from "./highlight.ts";
export type { CodeThemes } from "./highlight.ts";
export { plainWarnings, unknownLanguageNote } from "./unknown-language.ts";
export type { PlainNote } from "./unknown-language.ts";
