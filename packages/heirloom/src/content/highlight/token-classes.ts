// A highlighted token's classes: its colour and font style in each theme as a class the code stylesheet defines
// (never a style attribute, which a strict Content-Security-Policy refuses).

/** A theme as tokens are classed by it: its default colour and every colour of its tokens (lower case). */
export interface ClassTheme {
  fg: string;
  palette: Set<string>;
}

/** A token's classes in one theme: its colour (unless the theme's default) and its font style (Shiki's bits). */
export function classesOf(
  prefix: string,
  style: { color?: string; fontStyle?: number } | undefined,
  theme: ClassTheme,
): string[] {
  const classes: string[] = [];
  const color = (style?.color ?? "").toLowerCase();
  if (color && color !== theme.fg && theme.palette.has(color)) classes.push(`${prefix}-${color.slice(1)}`);
  const font = style?.fontStyle ?? 0;
  if (font & 1) classes.push(`${prefix}-i`);
  if (font & 2) classes.push(`${prefix}-b`);
  if (font & 12) classes.push(`${prefix}-${font & 4 ? "u" : ""}${font & 8 ? "s" : ""}`);
  return classes;
}

/** What Shiki writes in a token's style for one theme (`--shiki-light:#xxx;--shiki-light-font-style:italic`). */
export function styleOf(style: string, scheme: string): { color?: string; fontStyle: number } {
  const found: { color?: string; fontStyle: number } = { fontStyle: 0 };
  for (const declaration of style.split(";")) {
    const [name, value = ""] = declaration.split(":").map((s) => s.trim());
    if (name === `--shiki-${scheme}`) found.color = value;
    else if (name === `--shiki-${scheme}-font-style` && value === "italic") found.fontStyle |= 1;
    else if (name === `--shiki-${scheme}-font-weight` && value === "bold") found.fontStyle |= 2;
    else if (name === `--shiki-${scheme}-text-decoration`) {
      if (value.includes("underline")) found.fontStyle |= 4;
      if (value.includes("line-through")) found.fontStyle |= 8;
    }
  }
  return found;
}
