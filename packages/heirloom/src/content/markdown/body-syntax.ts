// What the site turns on beyond GitHub's markdown, for markdown bodies: GitHub's alerts, containers as alerts, math
// (alerts.ts, math.ts), and the part of a renderer's key they make.
import type { MarkdownIt } from "markdown-it";
import type { ResolvedMarkdown } from "../../config/markdown-options.ts";
import { alertContainers, githubAlerts } from "./alerts.ts";
import { katexMath, mathKey } from "./math.ts";

type Syntax = Pick<ResolvedMarkdown, "alerts" | "containers" | "math">;

/** Adds to `md` what the settings turn on. */
export function bodySyntax(md: MarkdownIt, { alerts, containers, math }: Syntax): void {
  if (alerts) githubAlerts(md);
  if (containers) alertContainers(md);
  if (math) katexMath(md);
}

/** What of the settings shapes a body's HTML ("" for the defaults: the keys of most sites stay as they were). */
export function syntaxKey({ alerts, containers, math, preset }: Syntax & Pick<ResolvedMarkdown, "preset">): string {
  if (alerts === (preset !== "commonmark") && !containers && !math) return "";
  return `syntax:${alerts}:${containers}:${math ? mathKey() : false}`;
}
