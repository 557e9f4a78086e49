// Problems as dev's terminal and overlay show them, on either of dev's threads: each located error, or an
// unexpected one's stack.
import { errorsOf, formatError } from "../../../errors/errors.ts";

/** Formats a problem (an error, a failure of many, a list of errors); with `debug`, each with its stack trace. */
export function problemsFormatter(debug: boolean | undefined): (problem: unknown) => string {
  return (problem: unknown): string => {
    const known = Array.isArray(problem) ? problem : errorsOf(problem);
    if (known.length === 0) return String((problem as Error)?.stack ?? problem);
    return known.map((e) => formatError(e, { debug })).join("\n\n");
  };
}
