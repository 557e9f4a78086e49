// The contrast of a code token's colour with its theme's background, as WCAG measures it, and the nearest colour
// that reaches a wanted ratio: the code stylesheet raises a theme's faint colours (its comments, often 5:1) to the
// site's minimum, so highlighted code is as readable as the text around it.

/** A colour as red, green and blue from 0 to 1, or undefined for what is not #rgb, #rrggbb or #rrggbbaa. */
function channels(color: string, background?: number[]): number[] | undefined {
  const hex = /^#([\da-f]{3}|[\da-f]{6}|[\da-f]{8})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
  const rgb = [r, g, b].map((c) => c / 255);
  // A translucent colour is seen over its background.
  const alpha = a / 255;
  return background && alpha < 1 ? rgb.map((c, i) => c * alpha + background[i] * (1 - alpha)) : rgb;
}

/** WCAG 2's relative luminance of sRGB channels. */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const ratio = (a: number[], b: number[]) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** The contrast ratio of two colours (1 to 21); undefined when either is not a hex colour. */
export function contrastRatio(color: string, background: string): number | undefined {
  const bg = channels(background);
  const fg = bg && channels(color, bg);
  return fg && bg ? ratio(fg, bg) : undefined;
}

const hexOf = (rgb: number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/**
 * `color` if it has at least `wanted` contrast with `background`; else the colour nearest to it, on the line to
 * black or to white (whichever gives the background more contrast), that has it. Not a hex colour: as it is.
 */
export function withContrast(color: string, background: string, wanted: number): string {
  const bg = channels(background);
  const fg = bg && channels(color, bg);
  if (!fg || !bg || ratio(fg, bg) >= wanted) return color;
  const toward = ratio([0, 0, 0], bg) >= ratio([1, 1, 1], bg) ? 0 : 1;
  const mix = (t: number) => fg.map((c) => c + (toward - c) * t);
  // The least mix that reaches the ratio (contrast grows with it), found to a 256th, then rounded to a byte.
  let [low, high] = [0, 1];
  for (let step = 0; step < 16; step++) {
    const middle = (low + high) / 2;
    if (ratio(mix(middle), bg) >= wanted) high = middle;
    else low = middle;
  }
  const found = hexOf(mix(high));
  // Rounding may fall just short: one more step toward black or white.
  return ratio(channels(found)!, bg) >= wanted ? found : hexOf(mix(Math.min(1, high + 1 / 255)));
}
