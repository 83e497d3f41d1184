/**
 * The text colour for a label on a colour staff choose (a tag's): white where it reads well
 * enough, else the shop's ink, else black — whichever first reaches WCAG's 4.5:1 for small
 * text, and the most contrasting of them when none does (UI.md: tags keep their own colours).
 */
const WHITE = '#ffffff';
const INK = '#1f2026';
const BLACK = '#000000';
const AA_SMALL_TEXT = 4.5;

/** `#rgb` or `#rrggbb` as three 0–255 channels; anything else is undefined. */
function channels(hex: string): [number, number, number] | undefined {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex.trim());
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  const parts = long ? long.slice(1) : short?.slice(1).map((c) => c + c);
  if (!parts) return undefined;
  return parts.map((part) => Number.parseInt(part, 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const ca = channels(a);
  const cb = channels(b);
  if (!ca || !cb) return 1;
  const [light, dark] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour to write on `background`; white on a colour that cannot be read. */
export function textColourOn(background: string): string {
  if (!channels(background)) return WHITE;
  const candidates = [WHITE, INK, BLACK];
  const readable = candidates.find((c) => contrastRatio(c, background) >= AA_SMALL_TEXT);
  if (readable) return readable;
  return candidates.reduce((best, c) =>
    contrastRatio(c, background) > contrastRatio(best, background) ? c : best,
  );
}
