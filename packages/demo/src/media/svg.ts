/** Small helpers for writing SVG by hand: numbers, attributes, colours, and per-document ids. */

export type Attrs = Record<string, string | number | undefined | null | false>;

/** Rounds (two decimals below 2, else one) so output stays compact and byte-identical across runs. */
export function num(value: number): string {
  const scale = Math.abs(value) < 2 ? 100 : 10;
  const rounded = Math.round(value * scale) / scale;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function attrs(list: Attrs): string {
  let out = '';
  for (const [key, value] of Object.entries(list)) {
    if (value === undefined || value === null || value === false) continue;
    out += ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

export function el(name: string, list: Attrs, children?: string | string[]): string {
  const inner = Array.isArray(children) ? children.join('') : children;
  return inner === undefined || inner === ''
    ? `<${name}${attrs(list)}/>`
    : `<${name}${attrs(list)}>${inner}</${name}>`;
}

export const g = (list: Attrs, ...children: string[]) => el('g', list, children);

export function rect(x: number, y: number, w: number, h: number, rx: number, paint: Attrs = {}) {
  return el('rect', { x, y, width: w, height: h, rx: rx || undefined, ...paint });
}

export const circle = (cx: number, cy: number, r: number, paint: Attrs = {}) =>
  el('circle', { cx, cy, r, ...paint });

export const ellipse = (cx: number, cy: number, rx: number, ry: number, paint: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, ...paint });

export const path = (d: string, paint: Attrs = {}) => el('path', { d, ...paint });

export const line = (x1: number, y1: number, x2: number, y2: number, paint: Attrs = {}) =>
  el('line', { x1, y1, x2, y2, 'stroke-linecap': 'round', ...paint });

/** A polygon or polyline path through the points, closed unless told otherwise. */
export function poly(points: Array<[number, number]>, close = true): string {
  const [first, ...rest] = points;
  if (!first) return '';
  return `M${num(first[0])} ${num(first[1])}${rest.map(([x, y]) => `L${num(x)} ${num(y)}`).join('')}${close ? 'Z' : ''}`;
}

/** A rectangle with its own radius per corner: top-left, top-right, bottom-right, bottom-left. */
export function roundedPath(
  x: number,
  y: number,
  w: number,
  h: number,
  [tl, tr, br, bl]: [number, number, number, number],
): string {
  const n = num;
  return (
    `M${n(x + tl)} ${n(y)}H${n(x + w - tr)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + tr)}` +
    `V${n(y + h - br)}Q${n(x + w)} ${n(y + h)} ${n(x + w - br)} ${n(y + h)}` +
    `H${n(x + bl)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - bl)}V${n(y + tl)}Q${n(x)} ${n(y)} ${n(x + tl)} ${n(y)}Z`
  );
}

// Colours

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ];
}

function toHex([r, g, b]: [number, number, number]): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** Mixes `a` towards `b` by `t` (0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (colour: string, t: number) => mix(colour, '#FFFFFF', t);
export const darken = (colour: string, t: number) => mix(colour, '#000000', t);

/** Relative luminance 0–1, to choose dark or light details on a body colour. */
export function luminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export type Stop = [offset: number, colour: string, opacity?: number];

/**
 * Collects the <defs> of one document and hands out ids with a document prefix, so two drawings
 * inlined into one page never share an id.
 */
export class Doc {
  readonly prefix: string;
  private count = 0;
  private readonly defs: string[] = [];
  private readonly cache = new Map<string, string>();

  constructor(prefix: string) {
    this.prefix = prefix.replace(/[^a-z0-9]/gi, '');
  }

  id(): string {
    this.count += 1;
    return `${this.prefix}-${this.count}`;
  }

  private define(key: string, make: (id: string) => string): string {
    const known = this.cache.get(key);
    if (known) return known;
    const id = this.id();
    this.defs.push(make(id));
    const ref = `url(#${id})`;
    this.cache.set(key, ref);
    return ref;
  }

  /** A linear gradient along the object's box, from (x1, y1) to (x2, y2) in 0–1 units. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    return this.define(`l${JSON.stringify([stops, x1, y1, x2, y2])}`, (id) =>
      el('linearGradient', { id, x1, y1, x2, y2 }, stopsOf(stops)),
    );
  }

  /** A radial gradient in the object's box; (fx, fy) moves the bright spot. */
  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    return this.define(`r${JSON.stringify([stops, cx, cy, r, fx, fy])}`, (id) =>
      el('radialGradient', { id, cx, cy, r, fx, fy }, stopsOf(stops)),
    );
  }

  /** A clip path in user space; returns the value for `clip-path`. */
  clip(shape: string): string {
    return this.define(`c${shape}`, (id) => el('clipPath', { id }, shape));
  }

  /** A Gaussian blur filter; returns the value for `filter`. */
  blur(deviation: number): string {
    return this.define(`b${deviation}`, (id) =>
      el(
        'filter',
        { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
        el('feGaussianBlur', { stdDeviation: deviation }),
      ),
    );
  }

  defsSvg(): string {
    return this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '';
  }
}

function stopsOf(stops: Stop[]): string {
  return stops
    .map(([offset, colour, opacity]) =>
      el('stop', {
        offset,
        'stop-color': colour,
        'stop-opacity': opacity === undefined || opacity === 1 ? undefined : opacity,
      }),
    )
    .join('');
}

export function svgDocument(width: number, height: number, body: string, extra: Attrs = {}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"${attrs(extra)}>${body}</svg>`;
}
