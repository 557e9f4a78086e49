// One error type for everything a user can get wrong, made from an entry of the catalogue (catalogue.ts), and
// the one formatter that prints it.
import { errorDocsUrl } from "./error-docs.ts";

/** Where in a content file a problem is; line and column are 1-based. */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/** Permanent names: once released, an error's code never changes. */
export type ErrorCode =
  | "FrontMatterParseError"
  | "ContentSchemaError"
  | "MissingFrontMatterError"
  | "UnknownFieldError"
  | "MissingContentError"
  | "DuplicateItemError"
  | "ImageNotFoundError"
  | "ImageReadError"
  | "UnsafeImageError"
  | "RouteCollisionError"
  | "UnsafeLinkError"
  | "MarkdownRenderError"
  | "MdxCompileError"
  | "MdxComponentNotFoundError"
  | "MdxRenderError"
  | "BrokenLinkError"
  | "TemplateCompileError"
  | "TemplateRenderError"
  | "ProcessExitError"
  | "OutOfMemoryError"
  | "SiteCodeTimeoutError"
  | "TypeCheckError"
  | "OutputDirError"
  | "SearchIndexError"
  | "PortInUseError"
  | "ConfigError"
  | "UnexpectedFileError"
  | "FileEncodingError"
  | "EmptyFileError"
  | "FileTooLargeError"
  | "UnexpectedBodyError"
  | "PagePathError"
  | "TemplateNotFoundError"
  | "UnregisteredRouteError"
  | "IslandError"
  | "UsageError"
  | "HostError"
  | "ForeignSyntaxWarning"
  | "SecurityPolicyError";

/**
 * A problem the user can fix. `code` (also its `name`, as stack traces print it) is the kind of problem, shared by
 * several entries of the catalogue; `id` is the one entry it was made from, unique and as permanent as the code,
 * and `docsUrl` the documentation's page about it. `name` stays the code: code that tells errors apart by
 * `error.name` keeps working, and `id` is no class name.
 */
export class HeirloomError extends Error {
  readonly code: ErrorCode;
  readonly id?: string;
  readonly docsUrl?: string;
  readonly location?: SourceLocation;
  readonly hint?: string;

  constructor(
    code: ErrorCode,
    message: string,
    details: { id?: string; location?: SourceLocation; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = code;
    this.code = code;
    this.id = details.id;
    this.docsUrl = details.id ? errorDocsUrl(details.id) : undefined;
    this.location = details.location;
    this.hint = details.hint;
  }
}

/**
 * One message of the catalogue: its unique id (the name it is exported under), the error's permanent code, a title
 * for the table of errors, and the message and hint as functions of what the place that finds the problem knows.
 */
export interface ErrorEntry<A extends object = object> {
  id: string;
  code: ErrorCode;
  title: string;
  message(args: A): string;
  hint?(args: A): string;
}

/** Declares the catalogue's entry `id` (its arguments' type inferred from its functions). */
export function errorEntry<A extends object = object>(id: string, entry: Omit<ErrorEntry<A>, "id">): ErrorEntry<A> {
  return { id, ...entry };
}

/** The error an entry of the catalogue describes, filled in with what the throw site knows. */
export function errorFrom<A extends object>(
  entry: ErrorEntry<A>,
  args: A,
  details: { location?: SourceLocation; cause?: unknown } = {},
): HeirloomError {
  return new HeirloomError(entry.code, entry.message(args), { ...details, id: entry.id, hint: entry.hint?.(args) });
}

/** Several problems found in one pass; the build reports all of them, not only the first. */
export class BuildFailure extends Error {
  readonly errors: HeirloomError[];

  constructor(errors: HeirloomError[]) {
    super(errors.length === 1 ? errors[0].message : `${errors.length} problems stop the build.`);
    this.name = "BuildFailure";
    this.errors = errors;
  }
}

/** Throws a BuildFailure when the list is not empty. */
export function throwIfAny(errors: HeirloomError[]): void {
  if (errors.length > 0) throw new BuildFailure(errors);
}

/** The errors inside anything thrown: a BuildFailure's list, one HeirloomError, or none. */
export function errorsOf(error: unknown): HeirloomError[] {
  if (error instanceof BuildFailure) return error.errors;
  if (error instanceof HeirloomError) return [error];
  return [];
}

/**
 * What a list of problems (anything thrown) is thrown as: the one located error, or a BuildFailure listing
 * every located problem by file and line; anything unexpected is thrown as it is.
 */
export function failureOf(problems: unknown[]): unknown {
  const unexpected = problems.find((p) => errorsOf(p).length === 0);
  if (unexpected !== undefined) return unexpected;
  const errors = problems.flatMap(errorsOf);
  return errors.length === 1 ? errors[0] : new BuildFailure(sortByLocation(errors));
}

function sortByLocation(errors: HeirloomError[]): HeirloomError[] {
  const file = (e: HeirloomError) => e.location?.file ?? "\uffff";
  const line = (e: HeirloomError) => e.location?.line ?? 0;
  const order = (a: HeirloomError, b: HeirloomError) => (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0);
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => order(a.e, b.e) || line(a.e) - line(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

export interface FormatOptions {
  color?: boolean;
  debug?: boolean;
  /** Whether to name the catalogue's entry and its documentation's page. @default true */
  docs?: boolean;
}

/** Formats one error for a terminal: what happened, where, and what to do. */
export function formatError(error: HeirloomError, options: FormatOptions = {}): string {
  const paint = (code: string, s: string) => (options.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const lines = [`${paint("31;1", "error")} ${paint("1", error.code)}: ${printable(error.message)}`];
  const at = error.location;
  if (at) {
    const position = at.line ? `:${at.line}${at.column ? `:${at.column}` : ""}` : "";
    lines.push(`  at ${printable(at.file)}${position}`);
  }
  if (error.hint) lines.push(`  ${paint("36", "hint")}: ${printable(error.hint)}`);
  if (error.id && options.docs !== false) lines.push(`  ${paint("36", "see")} ${error.id}: ${error.docsUrl}`);
  if (options.debug && error.stack) lines.push(indent(error.stack));
  if (options.debug && error.cause instanceof Error && error.cause.stack) {
    lines.push(`  caused by:`, indent(error.cause.stack));
  }
  return lines.join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

/**
 * Characters that change how the text after them is shown: bidirectional controls, which can make a file
 * name read as another ("invoice\u202Efdp.md" shows as "invoicedm.pdf"), and control characters, which can
 * move the cursor or recolour a terminal. Line breaks and tabs are not among them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text as it may be shown in a terminal or a page: each such character written as its escape (\u202e). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A name shown on one line: as `printable`, with line breaks and tabs written as escapes too. */
export function printableName(name: string): string {
  return printable(name).replace(/[\t\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
