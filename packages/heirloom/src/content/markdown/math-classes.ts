// KaTeX's style attributes as classes, which a strict Content-Security-Policy (style-src 'self') allows: each
// declaration a class spelling it (`height:0.6944em` is `hk-height_0_6944em`), so that a page's rules are read back
// from its own HTML (render/math-styles.ts), whatever cache or thread it was rendered in.

/** The prefix of the classes written for KaTeX's declarations. */
export const MATH_CLASS_PREFIX = "hk-";

/** What KaTeX writes in style attributes (\htmlStyle, which could write any other, needs `trust`, which is off). */
const PROPERTIES = new Set(
  [
    "background-color border border-bottom-width border-color border-right-style border-right-width",
    "border-style border-top-width border-width bottom color height left margin margin-left margin-right",
    "margin-top min-width padding-left position text-shadow top vertical-align width",
  ]
    .join(" ")
    .split(" "),
);

// What a value may be: lengths, numbers, words and #colours, one space apart (what KaTeX writes; no ";{}<>"); and
// how a class spells what a class name cannot hold: "." as "_", the others as "__" and a letter.
const VALUE = /^(?:-?(?:\d+(?:\.\d+)?|\.\d+)[a-z%]*|#[0-9a-f]{3,8}|[a-z]+)(?: (?=[^ ]))?/i;
const SPELLED: Record<string, string> = { "#": "h", "%": "p", " ": "s" };
const READ = Object.fromEntries(Object.entries(SPELLED).map(([char, code]) => [code, char]));

/** Whether `value` is a run of VALUE's parts. */
function isValue(value: string): boolean {
  let rest = value;
  while (rest) {
    const part = VALUE.exec(rest);
    if (!part) return false;
    rest = rest.slice(part[0].length);
  }
  return value.length > 0 && !value.endsWith(" ");
}

/** The class of a declaration, or undefined for one kept as written (a property or value not KaTeX's). */
export function declarationClass(property: string, value: string): string | undefined {
  if (!PROPERTIES.has(property) || !isValue(value)) return undefined;
  const spelled = value.replace(/[.#% ]/g, (char) => (char === "." ? "_" : `__${SPELLED[char]}`));
  return `${MATH_CLASS_PREFIX}${property}_${spelled}`;
}

/** The declaration a class spells (`property:value`), or undefined for a class that spells none. */
export function classDeclaration(name: string): string | undefined {
  if (!name.startsWith(MATH_CLASS_PREFIX)) return undefined;
  const split = name.indexOf("_", MATH_CLASS_PREFIX.length);
  const property = name.slice(MATH_CLASS_PREFIX.length, split);
  if (split < 0 || !PROPERTIES.has(property)) return undefined;
  const value = name.slice(split + 1).replace(/__([hps])|_/g, (_, code?: string) => (code ? READ[code] : "."));
  return isValue(value) && declarationClass(property, value) === name ? `${property}:${value}` : undefined;
}

/** A style attribute's declarations as classes, and those left to write as a style ("" when none). */
export function styleAsClasses(style: string): { classes: string[]; rest: string } {
  const classes: string[] = [];
  const rest: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const [property, value] = [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
    const name = declarationClass(property, value);
    if (name) classes.push(name);
    else rest.push(`${property}:${value}`);
  }
  return { classes, rest: rest.join(";") };
}

/** KaTeX's HTML (and MathML, and SVG) with its style attributes made classes, added to any class it has. */
export function classedKatex(html: string): string {
  return html.replace(/<([a-z]+)\b([^>]*?) style="([^"]*)"([^>]*)>/g, (_, tag: string, before, style, after) => {
    const { classes, rest } = styleAsClasses(style);
    let attributes = `${before}${rest ? ` style="${rest}"` : ""}${after}`;
    if (classes.length === 0) return `<${tag}${attributes}>`;
    const own = / class="([^"]*)"/.exec(attributes);
    if (own) attributes = attributes.replace(own[0], ` class="${[own[1], ...classes].filter(Boolean).join(" ")}"`);
    else attributes = ` class="${classes.join(" ")}"${attributes}`;
    return `<${tag}${attributes}>`;
  });
}

interface HastNode {
  type: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The same for the tree rehype-katex makes (MDX bodies): every element's style under `node` made classes. */
export function classedKatexTree(node: HastNode): void {
  const style = node.properties?.style;
  if (node.type === "element" && typeof style === "string" && node.properties) {
    const { classes, rest } = styleAsClasses(style);
    const own = node.properties.className;
    node.properties.className = [...(Array.isArray(own) ? own : own ? [own] : []), ...classes];
    if (rest) node.properties.style = rest;
    else delete node.properties.style;
  }
  for (const child of node.children ?? []) classedKatexTree(child);
}

/** The rules of the KaTeX classes `html` uses, in one order (important: they stand for style attributes). */
export function mathClassRules(html: string): string {
  const names = new Set(html.match(/\bhk-[a-z-]+_[A-Za-z0-9_-]+/g) ?? []);
  const rules: string[] = [];
  for (const name of [...names].sort()) {
    const declaration = classDeclaration(name);
    if (declaration) rules.push(`.${name}{${declaration}!important}`);
  }
  return rules.join("\n");
}
