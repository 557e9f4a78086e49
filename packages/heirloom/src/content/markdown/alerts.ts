// GitHub's alerts (> [!NOTE]) in markdown bodies, on unless the site turns them off, and the opt-in containers
// (:::note[Title], ::: tip Title) through markdown-it-container: both written as GitHub writes an alert.
import type { MarkdownIt } from "markdown-it";
import type { Token } from "markdown-it";
import container from "markdown-it-container";
import { ALERT_KINDS, type AlertKind, CONTAINER_KINDS, alertOpening, titleOf } from "./alert-kinds.ts";

/** `[!NOTE]` alone on the first line of a quote, as GitHub reads it (any case). */
const MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;

/** GitHub's alerts: a quote at the top level whose first line is the marker becomes the alert, if it says more. */
export function githubAlerts(md: MarkdownIt): void {
  md.core.ruler.after("block", "github_alerts", (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i];
      const inline = tokens[i + 2];
      if (open.type !== "blockquote_open" || open.level !== 0 || tokens[i + 1]?.type !== "paragraph_open") continue;
      const marker = MARKER.exec(inline?.content ?? "");
      const close = tokens.findIndex((t, j) => j > i && t.type === "blockquote_close" && t.level === 0);
      if (!marker || close < 0) continue;
      const rest = inline.content.slice(marker[0].length);
      // A quote that holds only the marker stays a quote, as on GitHub.
      if (rest.trim() === "" && close === i + 4) continue;
      open.type = "alert_open";
      open.meta = { kind: marker[1].toLowerCase() as AlertKind };
      tokens[close].type = "alert_close";
      if (rest.trim() === "") tokens.splice(i + 1, 3);
      else {
        inline.content = rest;
        // Its text starts a line further down: where foreign syntax in it is told.
        for (const token of [tokens[i + 1], inline]) if (token.map) token.map = [token.map[0] + 1, token.map[1]];
      }
    }
  });
  md.renderer.rules.alert_open = (tokens, i) => {
    const kind = (tokens[i].meta as { kind: AlertKind }).kind;
    return alertOpening(kind, titleOf(kind));
  };
  md.renderer.rules.alert_close = () => "</div>\n";
}

/** The container's name and written title of its opening line's rest ("note[Title]", "tip Title"), if it is one. */
export function containerOf(info: string): { name: string; title?: string } | undefined {
  const m = /^([a-z]+)\s*(?:\[(.*)\]|\s(.*))?$/i.exec(info.trim());
  const name = m?.[1].toLowerCase();
  if (!m || !name || !(name in CONTAINER_KINDS)) return undefined;
  const title = (m[2] ?? m[3])?.trim();
  return title ? { name, title } : { name };
}

/** The containers of CONTAINER_KINDS through markdown-it-container, each written as its alert. */
export function alertContainers(md: MarkdownIt): void {
  for (const name of Object.keys(CONTAINER_KINDS)) {
    md.use(container, name, {
      validate: (params: string) => containerOf(params)?.name === name,
      render(tokens: Token[], i: number) {
        if (tokens[i].nesting !== 1) return "</div>\n";
        const { title } = containerOf(tokens[i].info) ?? { name };
        return alertOpening(CONTAINER_KINDS[name], title ? md.renderInline(title) : titleOf(name));
      },
    });
  }
}

export { ALERT_KINDS };
