// The entry of content/highlight/: what the rest of the engine uses of it.
export { fenceLanguage, languageOf } from "./fence-language.ts";
export { highlighted } from "./highlight-block.ts";
export type { RenderState } from "./highlight-block.ts";
export {
  addBlocks,
  blocksIn,
  finishRun,
  lateWarning,
  newRun,
  pooledIn,
  stopRun,
  unpooledIn,
} from "./highlight-pool.ts";
export type { BlockPool, CodeBlock, PoolRun } from "./highlight-pool.ts";
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
} from "./highlight.ts";
export type { CodeThemes } from "./highlight.ts";
export { shikiVersion } from "./shiki-version.ts";
export { plainWarnings, unknownLanguageNote } from "./unknown-language.ts";
export type { PlainNote } from "./unknown-language.ts";
export { SUPPORTED_META, metaOf, parseFenceMeta, wantsMarks } from "./fence-meta.ts";
export type { FenceMeta } from "./fence-meta.ts";
