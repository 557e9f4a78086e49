// The entry of content/mdx/: what the rest of the engine uses of it.
export { compileMdxBody } from "./mdx-compile.ts";
export { missingComponents } from "./mdx-components.ts";
export { highlightMdx } from "./mdx-highlight.ts";
export type { CompiledMdx, MdxCache } from "./mdx-types.ts";
export { setMdxBody } from "./mdx.ts";
export type { MdxComponents } from "./mdx.ts";
