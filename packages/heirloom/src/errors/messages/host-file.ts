// The catalogue's messages about what goes into the files hosts read as rules (_redirects, _headers, serve.json):
// a redirect's target that would break a rule or publish a password, and the writers' own last refusal.
import { errorEntry as entry } from "../errors.ts";

export const UnsafeRedirectTarget = entry("UnsafeRedirectTarget", {
  code: "ConfigError",
  title: "A redirect's target holds a space, a tab, a line break or a control character",
  message: ({ from, to, character }: { from: string; to: string; character: string }) =>
    `The redirect from "${from}" leads to ${to}, which holds ${characterName(character)}: _redirects reads one ` +
    "rule a line, its fields parted by spaces, so the target would write rules of its own.",
  hint: () => "write the address alone, on one line; a space inside an address is written %20.",
});

export const RedirectTargetCredentials = entry("RedirectTargetCredentials", {
  code: "ConfigError",
  title: "A redirect's target holds a user name or password",
  message: ({ from, to }: { from: string; to: string }) =>
    `The redirect from "${from}" leads to ${to}, an address with a user name or password (before the @), which ` +
    "_redirects, serve.json and the redirect page would publish to every visitor.",
  hint: () => "remove the user name and password from the address: a site that needs them asks for them itself.",
});

export const UnsafeHostFileValue = entry("UnsafeHostFileValue", {
  code: "ConfigError",
  title: "A value would break a rule of a host file",
  message: ({ value, file, character }: { value: string; file: string; character: string }) =>
    `The value ${value} holds ${characterName(character)}, so it is not written into ${file}: there it would end ` +
    "its rule or start another.",
  hint: () =>
    "remove the character where the value is written (at the place shown, if any); the build should have refused " +
    "it there, so report this to Heirloom too.",
});

/** "a line break", "a tab", "a space", or "the character U+00A0". */
function characterName(c: string): string {
  if (c === "\n" || c === "\r") return "a line break";
  if (c === "\t") return "a tab";
  if (c === " ") return "a space";
  return `the character U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
