import { ILLUSTRATIONS } from './illustrations/index.ts';
import type { ProductKind } from './kinds.ts';
import { type Colour, hash, Model, PRODUCT_COLOURS } from './look.ts';
import { groundShadow, shadowFor } from './scenes.ts';
import { circle, Doc, ellipse, g, rect, svgDocument } from './svg.ts';

export const BANNER_COUNT = 8;

/** The storefront writes on the left 45 %; products stay between these edges. */
const LEFT_EDGE = 560;
const RIGHT_EDGE = 1176;

interface Piece {
  kind: ProductKind;
  colour: number;
  /** Bottom centre and height of the piece. */
  x: number;
  y: number;
  height: number;
}

interface BannerDesign {
  from: string;
  to: string;
  pieces: Piece[];
}

// Colours index PRODUCT_COLOURS: 0 black, 1 silver, 2 graphite, 3 navy, 4 blue, 5 green, 6 red, 7 rose, 8 gold, 9 violet.
const BANNERS: BannerDesign[] = [
  {
    from: '#4B2FC9',
    to: '#A066F2',
    pieces: [
      { kind: 'laptop', colour: 1, x: 880, y: 350, height: 250 },
      { kind: 'smartphone', colour: 0, x: 1085, y: 362, height: 270 },
      { kind: 'smartwatch', colour: 8, x: 690, y: 362, height: 170 },
    ],
  },
  {
    from: '#0B63C9',
    to: '#33C3E6',
    pieces: [
      { kind: 'tv', colour: 0, x: 880, y: 330, height: 250 },
      { kind: 'speaker', colour: 2, x: 1095, y: 365, height: 190 },
      { kind: 'console', colour: 1, x: 690, y: 368, height: 120 },
    ],
  },
  {
    from: '#0D8F6C',
    to: '#6FD6A3',
    pieces: [
      { kind: 'fridge', colour: 1, x: 1040, y: 372, height: 330 },
      { kind: 'washer', colour: 1, x: 840, y: 372, height: 230 },
      { kind: 'microwave', colour: 0, x: 660, y: 372, height: 120 },
    ],
  },
  {
    from: '#E2582B',
    to: '#F6B347',
    pieces: [
      { kind: 'sofa', colour: 3, x: 860, y: 368, height: 190 },
      { kind: 'lamp', colour: 8, x: 1100, y: 368, height: 300 },
      { kind: 'armchair', colour: 5, x: 640, y: 372, height: 150 },
    ],
  },
  {
    from: '#D93A73',
    to: '#F79BB2',
    pieces: [
      { kind: 'dress', colour: 9, x: 900, y: 372, height: 320 },
      { kind: 'bag', colour: 8, x: 1090, y: 372, height: 190 },
      { kind: 'sneaker', colour: 1, x: 700, y: 372, height: 120 },
    ],
  },
  {
    from: '#17224F',
    to: '#3A5BD9',
    pieces: [
      { kind: 'monitor', colour: 0, x: 890, y: 350, height: 260 },
      { kind: 'headphones', colour: 1, x: 1095, y: 368, height: 200 },
      { kind: 'camera', colour: 2, x: 690, y: 368, height: 140 },
    ],
  },
  {
    from: '#F09A12',
    to: '#F9D65E',
    pieces: [
      { kind: 'stroller', colour: 4, x: 900, y: 372, height: 300 },
      { kind: 'toy', colour: 6, x: 1095, y: 372, height: 170 },
      { kind: 'bicycle', colour: 5, x: 700, y: 372, height: 170 },
    ],
  },
  {
    from: '#7D3CB0',
    to: '#E45C9C',
    pieces: [
      { kind: 'perfume', colour: 7, x: 890, y: 360, height: 260 },
      { kind: 'cosmetics', colour: 8, x: 1090, y: 368, height: 170 },
      { kind: 'watch', colour: 8, x: 700, y: 368, height: 200 },
    ],
  },
];

/** A 1200×400 hero: vivid gradient, calm left side for overlaid text, products on the right. */
export function renderBanner(n: number): string {
  const design = BANNERS[n - 1] as BannerDesign;
  const doc = new Doc(`banner${n}`);
  const background =
    rect(0, 0, 1200, 400, 0, {
      fill: doc.linear(
        [
          [0, design.from],
          [1, design.to],
        ],
        0,
        0,
        1,
        1,
      ),
    }) +
    circle(900, 200, 250, { fill: '#FFFFFF', opacity: 0.12 }) +
    circle(900, 200, 170, { fill: '#FFFFFF', opacity: 0.1 }) +
    circle(1150, 40, 90, { fill: '#FFFFFF', opacity: 0.08 }) +
    circle(620, 420, 70, { fill: '#FFFFFF', opacity: 0.07 }) +
    rect(0, 0, 640, 400, 0, {
      fill: doc.linear(
        [
          [0, '#000000', 0.16],
          [1, '#000000', 0],
        ],
        0,
        0,
        1,
        0,
      ),
    }) +
    ellipse(880, 378, 330, 26, { fill: '#000000', opacity: 0.08 });
  const pieces = design.pieces.map((piece, i) => {
    const art = ILLUSTRATIONS[piece.kind].front({
      doc,
      c: PRODUCT_COLOURS[piece.colour] as Colour,
      m: new Model(hash(`banner${n}:${i}`)),
    });
    const [x0, y0, x1, y1] = art.box;
    const halfWidth = (x1 - x0) / 2;
    // Keep every piece inside the frame on the right and out of the text on the left.
    const room = Math.min(RIGHT_EDGE - piece.x, piece.x - LEFT_EDGE);
    const scale = Math.min(piece.height / (y1 - y0), room / halfWidth);
    const tx = piece.x - ((x0 + x1) / 2) * scale;
    const ty = piece.y - y1 * scale;
    return g(
      { transform: `translate(${tx} ${ty}) scale(${scale})` },
      shadowFor(doc, art) + art.svg,
    );
  });
  // Back pieces first: the first piece is the hero and sits in front of the others.
  const ordered = [pieces[2], pieces[1], pieces[0]].join('');
  const floorGlow = groundShadow(doc, 880, 372, 260, 0.6);
  return svgDocument(1200, 400, doc.defsSvg() + background + floorGlow + ordered, {
    preserveAspectRatio: 'xMidYMid slice',
  });
}
