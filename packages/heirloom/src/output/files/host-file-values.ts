// The last check before a value is written into a file hosts read as rules (_redirects, _headers, serve.json):
// whatever made it, a value that would end a rule or start another is refused, never written.
import { controlCharacter, unsafeCharacter } from "../../config/unsafe-characters.ts";
import { UnsafeHostFileValue } from "../../errors/catalogue.ts";
import { type SourceLocation, errorFrom } from "../../errors/errors.ts";

/** A path or address as written into `file`; one with whitespace or a control character throws. */
export function ruleValue(value: string, file: string, location?: SourceLocation): string {
  return refused(value, file, unsafeCharacter(value), location);
}

/** A header's value as written into `file` (spaces part its words); one with a control character throws. */
export function headerValue(value: string, file: string): string {
  return refused(value, file, controlCharacter(value));
}

function refused(value: string, file: string, character: string | undefined, location?: SourceLocation): string {
  if (character === undefined) return value;
  const args = { value: JSON.stringify(value), file, character };
  throw errorFrom(UnsafeHostFileValue, args, location ? { location } : {});
}
