// The typographer in MDX bodies, as markdown's (typography.ts): each paragraph's, heading's and cell's text is handed
// to the same markdown-it rules as the tokens markdown-it would have made of it (text, code, escapes, line breaks,
// links and emphasis by their level), and written back, so both syntaxes get the same quotes and dashes.
import type { Token } from "markdown-it";
import { VERBATIM, VERBATIM_TEXT } from "../markdown/index.ts";
import { type MdastNode, markdownItOfMdx as rules } from "./mdx-nodes.ts";

const TYPOGRAPHY = /["']|\.\.\.|--/;
const CONTAINERS = new Set(["paragraph", "heading", "tableCell"]);
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const ENTITY = /^&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;

/** A remark plugin: the typographer over the body's text, `source` being what was parsed (for its escapes). */
export function remarkTypographer() {
  return (tree: MdastNode, file: { value: unknown }) => {
    const source = String(file.value);
    const visit = (node: MdastNode) => {
      if (CONTAINERS.has(node.type)) typeset(node, source);
      else node.children?.forEach(visit);
    };
    visit(tree);
  };
}

/** Where each token's text goes back to: the text node and its pieces. */
type Owned = { node: MdastNode; pieces: Token[] };

function typeset(container: MdastNode, source: string): void {
  const md = rules();
  const state = new md.core.State("", md, {});
  const tokens: Token[] = [];
  const owners: Owned[] = [];
  const token = (type: string, content: string, level: number, info = "") =>
    Object.assign(new state.Token(type, "", 0), { content, level, info });
  const flatten = (nodes: MdastNode[], level: number) => {
    for (const node of nodes) {
      if (node.type === "text") {
        const pieces = textPieces(node, source, level, token);
        owners.push({ node, pieces });
        tokens.push(...pieces);
      } else if (node.type === "inlineCode") tokens.push(token("code_inline", node.value ?? "", level));
      else if (node.type === "break") tokens.push(token("hardbreak", "", level));
      else if (node.type === "image" || node.type === "imageReference") tokens.push(token("image", "", level));
      else if (node.children) {
        // A bare address GitHub linked is a URL, kept as written.
        const auto = node.type === "link" && isBareAddress(node) ? "auto" : "";
        tokens.push(token(`${node.type}_open`, "", level, auto));
        flatten(node.children, level + 1);
        tokens.push(token(`${node.type}_close`, "", level, auto));
      } else tokens.push(token(node.type, "", level));
    }
  };
  flatten(container.children ?? [], 0);
  const content = tokens.map((t) => t.content).join("");
  if (!TYPOGRAPHY.test(content)) return;
  state.tokens = [Object.assign(new state.Token("inline", "", 0), { content, children: tokens })];
  md.core.process(state);
  const written = (piece: Token) => (piece.type === "softbreak" ? "\n" : piece.content);
  for (const { node, pieces } of owners) node.value = pieces.map(written).join("");
}

const isBareAddress = (node: MdastNode) =>
  node.children?.length === 1 && node.children[0].type === "text" && node.url?.endsWith(node.children[0].value ?? "");

type MakeToken = (type: string, content: string, level: number) => Token;

/**
 * A text node as markdown-it's tokens: text, a line break between lines, an escaped character or a character
 * reference apart (found in the source: markdown-it keeps them apart while the typographer runs), URLs verbatim.
 */
function textPieces(node: MdastNode, source: string, level: number, token: MakeToken): Token[] {
  const value = node.value ?? "";
  const [start, end] = [node.position?.start.offset, node.position?.end?.offset];
  const written = start === undefined || end === undefined ? value : source.slice(start, end);
  const pieces: Token[] = [];
  let text = "";
  const flush = () => {
    for (const part of text.split(/(?<=\n)|(?=\n)/)) {
      if (part === "\n") pieces.push(token("softbreak", "", level));
      else if (part) pieces.push(...urlPieces(part, level, token));
    }
    text = "";
  };
  let [v, s] = [0, 0];
  while (v < value.length) {
    const entity = written[s] === "&" ? ENTITY.exec(written.slice(s)) : null;
    const decoded = entity ? rules().utils.unescapeAll(entity[0]) : "";
    if (written[s] === "\\" && ESCAPABLE.test(written[s + 1] ?? "") && value[v] === written[s + 1]) {
      flush();
      pieces.push(token("text_special", value[v], level));
      [v, s] = [v + 1, s + 2];
    } else if (entity && decoded !== entity[0] && value.startsWith(decoded, v)) {
      flush();
      pieces.push(token("text_special", decoded, level));
      [v, s] = [v + decoded.length, s + entity[0].length];
    } else if (written[s] === value[v]) {
      text += value[v];
      [v, s] = [v + 1, s + 1];
    } else if (s < written.length && /[ \t>]/.test(written[s])) s++;
    else {
      // What cannot be matched to the source (a plugin's text) is plain text.
      text += value.slice(v);
      break;
    }
  }
  flush();
  return pieces;
}

/** Text with its URLs and tags written as text apart, as the typographer leaves them. */
function urlPieces(text: string, level: number, token: MakeToken): Token[] {
  if (!/[:.<]/.test(text)) return [token("text", text, level)];
  const pieces: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(VERBATIM_TEXT)) {
    if (match.index > last) pieces.push(token("text", text.slice(last, match.index), level));
    pieces.push(token(VERBATIM, match[0], level));
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(token("text", text.slice(last), level));
  return pieces;
}
