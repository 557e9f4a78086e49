// The site's time budget (`timeout` in site.config.ts): how long one run of its code may take, and how a
// message says it.

/** How long one run of the site's code may take (ms) when `timeout` is not set. */
export const DEFAULT_TIMEOUT = 10_000;

/** A budget as messages say it: "10 s", "300 ms". */
export function durationText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
