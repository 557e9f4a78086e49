// What a value written into a file hosts read as rules (_redirects, _headers, serve.json) may not hold: there a
// space or tab parts a rule's fields, and a line break or another control character ends the rule.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

/** The first whitespace or control character of a path or an address, if it holds one. */
export function unsafeCharacter(value: string): string | undefined {
  return SPACE_OR_CONTROL.exec(value)?.[0];
}

/** The first control character (a line break among them) of a header's value, whose words spaces part. */
export function controlCharacter(value: string): string | undefined {
  return CONTROL.exec(value)?.[0];
}
