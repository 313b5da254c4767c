// Colour contrast as WCAG 2 measures it (docs/product/screens.md#accessibility): the host's theme
// colours are used as they are when they are readable, else moved to the nearest shade that is.

/** WCAG AA: normal text and the parts of a control needed to see it. */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** An #rgb or #rrggbb colour as its channels; null for anything else. */
function parseHex(color: string): Rgb | null {
  const match = HEX.exec(color.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb): string => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const ratio = (a: Rgb, b: Rgb): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

/** The contrast ratio of two hex colours (1 to 21); NaN when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)];
  return x && y ? ratio(x, y) : NaN;
}

// Rounded to whole channels, so the hex written out is the colour that was measured.
const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((c, i) => Math.round(c + (to[i] - c) * share)) as Rgb;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const STEPS = 100;

/**
 * The colour itself when it reaches `minRatio` against every background, else the nearest shade that
 * does: the least mix toward black or toward white (whichever needs less) that passes on all of
 * them. A colour that is not hex is answered unchanged.
 */
export function readableShade(color: string, backgrounds: string[], minRatio: number = AA_TEXT): string {
  const rgb = parseHex(color);
  const grounds = backgrounds.map(parseHex).filter((g): g is Rgb => g !== null);
  if (!rgb) return color;
  const passes = (c: Rgb) => grounds.every((g) => ratio(c, g) >= minRatio);
  if (passes(rgb)) return toHex(rgb);
  for (let step = 1; step <= STEPS; step++) {
    const share = step / STEPS;
    const candidates = [mix(rgb, BLACK, share), mix(rgb, WHITE, share)].filter(passes);
    if (candidates.length)
      return toHex(candidates.sort((a, b) => minContrast(b, grounds) - minContrast(a, grounds))[0]);
  }
  // No shade passes on every background (they differ too much): the extreme that does best.
  return toHex(minContrast(BLACK, grounds) >= minContrast(WHITE, grounds) ? BLACK : WHITE);
}

const minContrast = (c: Rgb, grounds: Rgb[]): number => Math.min(...grounds.map((g) => ratio(c, g)));
