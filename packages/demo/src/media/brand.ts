import { hash } from './look.ts';
import { circle, el, escapeXml, lighten, path, rect, svgDocument } from './svg.ts';

export const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BRAND_SLUG = 40;

const BRAND_COLOURS = [
  '#1F4FD1',
  '#D7263D',
  '#0F8A5F',
  '#6C3FC5',
  '#111827',
  '#E0611A',
  '#0E7C9E',
  '#B5179E',
  '#2F3E46',
  '#B8871B',
];

/** "lg" → "LG", "xiaomi" → "Xiaomi", "tefal-pro" → "Tefal Pro". */
export function brandName(slug: string): string {
  if (slug.replaceAll('-', '').length <= 3) return slug.replaceAll('-', ' ').toUpperCase();
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const WIDTH = 480;
const MIN_SIZE = 34;

/** Long names of several words go on two lines, split near the middle. */
function splitName(name: string): string[] {
  const words = name.split(' ');
  if (name.length <= 11 || words.length < 2) return [name];
  let best = 1;
  for (let i = 1; i < words.length; i += 1) {
    const left = words.slice(0, i).join(' ').length;
    const bestLeft = words.slice(0, best).join(' ').length;
    if (Math.abs(left * 2 - name.length) < Math.abs(bestLeft * 2 - name.length)) best = i;
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}
const HEIGHT = 200;

/** A wordmark: the brand's name in its colour, with a small mark for some brands. */
export function renderBrand(slug: string): string {
  const name = brandName(slug);
  const h = hash(slug);
  const colour = BRAND_COLOURS[h % BRAND_COLOURS.length] as string;
  const style = (h >>> 8) % 4;
  const serif = (h >>> 12) % 5 === 0;
  const mark = style === 1 || style === 2;
  const markSize = 64;
  const available = WIDTH - 72 - (mark ? markSize + 18 : 0);
  const charWidth = serif ? 0.6 : 0.64;
  const lines = splitName(name);
  const longest = Math.max(...lines.map((line) => line.length));
  const fitted = available / (longest * charWidth);
  const size = Math.max(MIN_SIZE, Math.min(lines.length > 1 ? 60 : 88, fitted));
  const squeeze = fitted < MIN_SIZE;
  const shown = Math.min(longest * charWidth * size, available);
  const start = mark ? Math.max(36, (WIDTH - markSize - 18 - shown) / 2) : 36;
  const textX = mark ? start + markSize + 18 : WIDTH / 2;
  const lineHeight = size * 1.08;
  const firstBaseline = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const baseline = firstBaseline + (lines.length - 1) * lineHeight;
  const text = el(
    'text',
    {
      x: textX,
      y: firstBaseline,
      'text-anchor': mark ? 'start' : 'middle',
      'font-family': serif
        ? "Georgia, 'Times New Roman', serif"
        : "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      'font-weight': serif ? 700 : 800,
      'font-size': size,
      'letter-spacing': name.length <= 3 ? size * 0.04 : size * -0.02,
      fill: colour,
      textLength: squeeze && lines.length === 1 ? available : undefined,
      lengthAdjust: squeeze && lines.length === 1 ? 'spacingAndGlyphs' : undefined,
    },
    lines.length === 1
      ? escapeXml(name)
      : lines
          .map((line, i) =>
            el('tspan', { x: textX, dy: i === 0 ? undefined : lineHeight }, escapeXml(line)),
          )
          .join(''),
  );
  const markY = HEIGHT / 2 - markSize / 2;
  let decoration = '';
  if (style === 1) {
    decoration =
      circle(start + markSize / 2, HEIGHT / 2, markSize / 2, { fill: colour }) +
      path(`M${start + 18} ${HEIGHT / 2 + 8}q${markSize / 2 - 18} -34 ${markSize - 36} 0`, {
        fill: 'none',
        stroke: '#FFFFFF',
        'stroke-width': 8,
        'stroke-linecap': 'round',
      });
  } else if (style === 2) {
    decoration =
      rect(start, markY, markSize, markSize, 16, { fill: colour }) +
      rect(start + 16, markY + 16, markSize - 32, markSize - 32, 6, {
        fill: lighten(colour, 0.75),
      });
  } else if (style === 3) {
    const underline = shown * 0.5;
    decoration = rect(WIDTH / 2 - underline / 2, baseline + 18, underline, 8, 4, {
      fill: lighten(colour, 0.35),
    });
  }
  return svgDocument(
    WIDTH,
    HEIGHT,
    rect(0, 0, WIDTH, HEIGHT, 0, { fill: '#FFFFFF' }) + decoration + text,
    {
      role: 'img',
      'aria-label': name,
    },
  );
}
