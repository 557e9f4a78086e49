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
  shikiVersion,
} from "./highlight.ts";
export type { CodeThemes } from "./highlight.ts";
export { plainWarnings, unknownLanguageNote } from "./unknown-language.ts";
export type { PlainNote } from "./unknown-language.ts";
