// Markdown bodies to safe HTML: raw HTML is escaped, and links with unsafe schemes stop the build.
import MarkdownIt from "markdown-it";
import { ProtocolRelativeLink, UnsafeLinkScheme } from "../errors/catalogue.ts";
import { errorFrom } from "../errors/errors.ts";

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
// Let every link through the parser so that unsafe ones are refused loudly below instead of
// being silently rendered as text.
md.validateLink = () => true;

const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/|[\w-]+(\/|\.html?|$))/i;

/**
 * Renders a markdown body; `firstLine` is the body's 1-based line in its file, for errors. Site paths
 * ("/pricing") get the base path, so content links work under a sub-path too.
 */
export function renderMarkdown(source: string, file: string, firstLine: number, base = "/"): string {
  const tokens = md.parse(source, {});
  for (const block of tokens) {
    for (const token of block.children ?? []) {
      checkUrl(token, block, file, firstLine);
      const attr = token.type === "link_open" ? "href" : token.type === "image" ? "src" : undefined;
      const url = attr ? String(token.attrGet(attr) ?? "") : "";
      if (attr && url && base !== "/" && url.startsWith("/") && !url.startsWith("//"))
        token.attrSet(attr, base + url.slice(1));
    }
  }
  return md.renderer.render(tokens, md.options, {}).trim();
}

type Token = ReturnType<typeof md.parse>[number];

function checkUrl(token: Token, block: Token, file: string, firstLine: number): void {
  const attr = token.type === "link_open" ? "href" : token.type === "image" ? "src" : undefined;
  const value = attr ? token.attrGet(attr) : null;
  const url = value === null ? null : String(value);
  const location = { file, line: firstLine + (block.map?.[0] ?? 0) };
  // "//host/x" leaves the site for whatever host it names: refused, like a scheme that is not allowed.
  if (url?.trim().startsWith("//")) {
    throw errorFrom(ProtocolRelativeLink, { url, file }, { location });
  }
  if (url === null || SAFE_URL.test(url.trim())) return;
  throw errorFrom(UnsafeLinkScheme, { url, file }, { location });
}
