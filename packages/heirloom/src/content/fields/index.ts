// The entry of content/fields/: the schema helpers of fields (date(), image()) and the words of a schema's
// problems at their fields; what the rest of the engine uses of it.
export { date } from "./date-field.ts";
export type { ContentDate, DateOptions } from "./date-field.ts";
export {
  IMAGE_EXTENSIONS,
  extensionOf,
  findImageRefs,
  image,
  imageOptionsOf,
  imageRef,
  imageUsesOf,
  noteImageUse,
} from "./image-field.ts";
export type { BuiltImage, ContentImage, ImageOptions, ImageRef, Rendition } from "./image-field.ts";
export { issuesToErrors, schemaErrors } from "./schema-errors.ts";
