import type { Art, Colour, Kit } from '../look.ts';
import {
  type Attrs,
  circle,
  type Doc,
  darken,
  ellipse,
  g,
  lighten,
  line,
  mix,
  path,
  poly,
  rect,
} from '../svg.ts';

/** The body's usual paint: lit from the top left, darker towards the bottom right. */
export function body(
  doc: Doc,
  c: Colour,
  direction: 'down' | 'across' | 'diagonal' = 'diagonal',
): string {
  const [x2, y2] = direction === 'down' ? [0, 1] : direction === 'across' ? [1, 0] : [1, 1];
  return doc.linear(
    [
      [0, c.light],
      [0.45, c.base],
      [1, c.dark],
    ],
    0,
    0,
    x2,
    y2,
  );
}

/** A cylinder's paint: dark at both sides, a highlight left of centre. */
export function cylinder(doc: Doc, base: string, vertical = true): string {
  const stops: Array<[number, string]> = [
    [0, darken(base, 0.28)],
    [0.28, lighten(base, 0.28)],
    [0.5, base],
    [1, darken(base, 0.35)],
  ];
  return vertical ? doc.linear(stops, 0, 0, 1, 0) : doc.linear(stops, 0, 0, 0, 1);
}

export function plain(doc: Doc, top: string, bottom: string, across = false): string {
  return doc.linear(
    [
      [0, top],
      [1, bottom],
    ],
    0,
    0,
    across ? 1 : 0,
    across ? 0 : 1,
  );
}

/** The thin outline that keeps pale bodies apart from a pale background. */
export const outline = (c: Colour, width = 3): Attrs => ({
  stroke: c.edge,
  'stroke-opacity': c.pale ? 0.45 : 0.3,
  'stroke-width': width,
});

/** A soft diagonal reflection over a rounded area. */
export function sheen(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  strength = 0.22,
) {
  const fill = doc.linear(
    [
      [0, '#FFFFFF', strength],
      [0.42, '#FFFFFF', strength * 0.35],
      [0.43, '#FFFFFF', 0],
      [1, '#FFFFFF', 0],
    ],
    0,
    0,
    1,
    1,
  );
  return rect(x, y, w, h, rx, { fill });
}

/** A lit screen: a colourful abstract wallpaper picked by the model, under glass. */
export function screen(
  kit: Kit,
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  style: 'wallpaper' | 'landscape' | 'dark' = 'wallpaper',
): string {
  const { doc, c, m } = kit;
  const clip = doc.clip(rect(x, y, w, h, rx));
  const hues = [
    ['#5B8DEF', '#A46BF5', '#FF8FB1'],
    ['#35C2B0', '#3E7BFA', '#9BE7FF'],
    ['#FF9A62', '#F2577C', '#7A4CE0'],
    ['#46B37B', '#C7E36B', '#2F80ED'],
    ['#1D2B64', '#5E60CE', '#F8CDDA'],
  ];
  const [a, b, d] = m.pick('wallpaper', hues) as [string, string, string];
  let art: string;
  if (style === 'dark') {
    art = rect(x, y, w, h, 0, { fill: plain(doc, '#20242E', '#0E1117') });
  } else if (style === 'landscape') {
    art =
      rect(x, y, w, h, 0, { fill: plain(doc, a, lighten(d, 0.3)) }) +
      circle(x + w * 0.7, y + h * 0.38, Math.min(w, h) * 0.12, { fill: '#FFF3C4', opacity: 0.9 }) +
      path(
        `M${x} ${y + h * 0.72}L${x + w * 0.22} ${y + h * 0.46}L${x + w * 0.4} ${y + h * 0.64}L${x + w * 0.6} ${y + h * 0.4}L${x + w} ${y + h * 0.7}V${y + h}H${x}Z`,
        { fill: darken(b, 0.2), opacity: 0.9 },
      ) +
      path(
        `M${x} ${y + h * 0.86}C${x + w * 0.3} ${y + h * 0.72} ${x + w * 0.6} ${y + h * 0.9} ${x + w} ${y + h * 0.78}V${y + h}H${x}Z`,
        { fill: darken(b, 0.45) },
      );
  } else {
    const r = Math.max(w, h);
    art =
      rect(x, y, w, h, 0, { fill: plain(doc, darken(a, 0.35), darken(b, 0.5)) }) +
      circle(x + w * 0.15, y + h * 0.25, r * 0.45, { fill: a, opacity: 0.85 }) +
      circle(x + w * 0.95, y + h * 0.55, r * 0.42, { fill: b, opacity: 0.8 }) +
      circle(x + w * 0.3, y + h * 1.0, r * 0.36, { fill: d, opacity: 0.75 }) +
      circle(x + w * 0.6, y + h * 0.3, r * 0.18, { fill: lighten(c.base, 0.3), opacity: 0.35 });
  }
  return (
    g(
      { 'clip-path': clip },
      art,
      path(`M${x} ${y}H${x + w * 0.62}L${x + w * 0.18} ${y + h}H${x}Z`, {
        fill: '#FFFFFF',
        opacity: 0.07,
      }),
    ) +
    rect(x, y, w, h, rx, {
      fill: 'none',
      stroke: '#000000',
      'stroke-opacity': 0.25,
      'stroke-width': 2,
    })
  );
}

/** A camera lens seen head-on: ring, glass and two reflections. */
export function lens(doc: Doc, cx: number, cy: number, r: number, ring = '#3A3F48'): string {
  return (
    circle(cx, cy, r, { fill: plain(doc, lighten(ring, 0.25), darken(ring, 0.3), true) }) +
    circle(cx, cy, r * 0.78, { fill: '#0D1016' }) +
    circle(cx, cy, r * 0.6, {
      fill: doc.radial(
        [
          [0, '#3C4E7A'],
          [0.55, '#17203A'],
          [1, '#07090F'],
        ],
        0.45,
        0.45,
        0.6,
      ),
    }) +
    circle(cx - r * 0.22, cy - r * 0.24, r * 0.16, { fill: '#FFFFFF', opacity: 0.55 }) +
    circle(cx + r * 0.2, cy + r * 0.22, r * 0.07, { fill: '#9FC2FF', opacity: 0.5 })
  );
}

/** Flips a drawing left to right around its box: the other side of a shoe, a bike, a stroller. */
export function mirrored(art: Art): Art {
  const [x0, , x1] = art.box;
  const axis = x0 + x1;
  return {
    ...art,
    svg: g({ transform: `translate(${axis} 0) scale(-1 1)` }, art.svg),
    focus: [axis - art.focus[0], art.focus[1]],
  };
}

export interface BoxTurn {
  /** How far the side recedes, in px. */
  depth: number;
  side: string;
  top: string;
  /** Extra drawing on the side face, in side-face coordinates (0…depth × 0…height). */
  sideArt?: string;
  /** Extra drawing on the top face, in top-face coordinates (0…width × 0…depth). */
  topArt?: string;
  /** Parts standing on the back of the box (antennas, a paper tray), in front coordinates. */
  behind?: { svg: string; top: number; back?: number };
}

/**
 * Turns a flat front drawing of a box-like object into a three-quarter view: the front is
 * foreshortened and the right side and the top appear, receding up and to the right.
 */
export function boxTurn(art: Art, turn: BoxTurn): Art {
  const [x0, y0, x1, y1] = art.box;
  const w = x1 - x0;
  const h = y1 - y0;
  const k = 0.84;
  const slope = 0.1;
  const dx = turn.depth * 0.82;
  const dy = -turn.depth * 0.5;
  const fw = w * k;
  const total = fw + dx;
  const left = (x0 + x1) / 2 - total / 2;
  const shift = -dy / 2;
  const top = y0 + shift;
  // front: (x, y) → (left + (x - x0)·k, y + shift + (x - x0)·k·slope)
  const front = g(
    { transform: `matrix(${k} ${k * slope} 0 1 ${left - x0 * k} ${shift - x0 * k * slope})` },
    art.svg,
  );
  const trX = left + fw;
  const trY = top + fw * slope;
  const side = g(
    {
      transform: `matrix(${dx / turn.depth} ${dy / turn.depth} 0 1 ${trX} ${trY})`,
    },
    rect(0, 0, turn.depth, h, 0, { fill: turn.side }),
    turn.sideArt ?? '',
  );
  const topFace = g(
    { transform: `matrix(${k} ${k * slope} ${dx / turn.depth} ${dy / turn.depth} ${left} ${top})` },
    rect(0, 0, w, turn.depth, 0, { fill: turn.top }),
    turn.topArt ?? '',
  );
  const outlineD = poly([
    [left, top],
    [left + dx, top + dy],
    [trX + dx, trY + dy],
    [trX + dx, trY + dy + h],
    [trX, trY + h],
    [left, top + h],
  ]);
  const back = turn.behind?.back ?? 0.8;
  const behind = turn.behind
    ? g(
        {
          transform: `matrix(${k} ${k * slope} 0 1 ${left - x0 * k + dx * back} ${shift - x0 * k * slope + dy * back})`,
        },
        turn.behind.svg,
      )
    : '';
  const highest = Math.min(top + dy, turn.behind ? turn.behind.top + shift + dy * back : top);
  return {
    svg:
      behind +
      side +
      topFace +
      front +
      path(outlineD, {
        fill: 'none',
        stroke: '#000000',
        'stroke-opacity': 0.08,
        'stroke-width': 2,
      }),
    box: [left, highest, left + total, trY + h],
    focus: [left + (art.focus[0] - x0) * k, art.focus[1] + shift + (art.focus[0] - x0) * k * slope],
  };
}

/** Little round feet or wheels under an appliance. */
export function feet(xs: number[], y: number, colour = '#2D3036'): string {
  return xs.map((x) => rect(x - 18, y - 4, 36, 18, 5, { fill: colour })).join('');
}

export function knob(doc: Doc, cx: number, cy: number, r: number, colour = '#D9DDE3'): string {
  return (
    circle(cx, cy + r * 0.12, r, { fill: darken(colour, 0.35), opacity: 0.5 }) +
    circle(cx, cy, r, {
      fill: doc.linear(
        [
          [0, lighten(colour, 0.5)],
          [1, darken(colour, 0.15)],
        ],
        0,
        0,
        1,
        1,
      ),
    }) +
    rect(cx - r * 0.1, cy - r * 0.8, r * 0.2, r * 0.6, r * 0.1, { fill: darken(colour, 0.5) })
  );
}

export function stitches(d: string, colour: string, width = 2.5): string {
  return path(d, {
    fill: 'none',
    stroke: colour,
    'stroke-width': width,
    'stroke-dasharray': '8 7',
    'stroke-linecap': 'round',
  });
}

export { circle, darken, ellipse, g, lighten, line, mix, path, poly, rect };
