// What front matter may hold, whatever its language: how deep it nests, and how many values aliases repeat.
import { FrontMatterTooDeep } from "../../errors/catalogue.ts";
import { type HeirloomError, type SourceLocation, errorFrom } from "../../errors/errors.ts";

/** Content needs a few levels of lists and fields; far deeper front matter is a mistake or an attack. */
export const MAX_DEPTH = 50;

/** Front matter nested deeper than MAX_DEPTH, as the error to report at `location`. */
export function tooDeep(location: SourceLocation, cause?: unknown): HeirloomError {
  return errorFrom(FrontMatterTooDeep, { file: location.file, depth: MAX_DEPTH }, { location, cause });
}

/** Values that aliases (`*name`) may repeat in one file: a few small reuses, never a "billion laughs". */
export const MAX_ALIASED_VALUES = 10_000;

/**
 * How many values the front matter holds beyond those written once: an alias is read as the same object
 * again, so a kilobyte of aliases of aliases can stand for millions of values, which every later step (the
 * depth check, validation, the build cache) would walk. Counted with each object's size kept by identity:
 * linear in what was written, however far it expands. `largest` is the field that expands most.
 */
export function aliasExpansion(data: Record<string, unknown>): { extra: number; largest: string } {
  const sizes = new Map<object, number>();
  let written = 0;
  // js-yaml refuses nesting over 100 levels, and TOML's depth is checked first: the recursion is that deep at most.
  const sizeOf = (value: unknown): number => {
    if (!value || typeof value !== "object") return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    const children = Object.values(value);
    written += children.length;
    let size = 1;
    for (const child of children) size += sizeOf(child);
    sizes.set(value, size);
    return size;
  };
  let largest = "";
  let most = -1;
  for (const [key, value] of Object.entries(data)) {
    const size = sizeOf(value);
    if (size > most) [largest, most] = [key, size];
  }
  const total = sizeOf(data) - 1;
  return { extra: total - written, largest };
}

/** The path to a value nested deeper than `limit` levels (objects and lists), if there is one. */
export function deepestPath(data: unknown, limit: number): PropertyKey[] | undefined {
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > limit) return path;
    if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value))
        stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
    }
  }
  return undefined;
}
