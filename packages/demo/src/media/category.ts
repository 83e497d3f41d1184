import { ILLUSTRATIONS } from './illustrations/index.ts';
import { PRODUCT_KINDS, type ProductKind } from './kinds.ts';
import { type Colour, hash, Model, PRODUCT_COLOURS } from './look.ts';
import { circle, Doc, g, lighten, svgDocument } from './svg.ts';

/** Vivid body colours for icons, by index into PRODUCT_COLOURS: blue, red, green, violet, navy. */
const ICON_COLOURS = [4, 6, 5, 9, 3];

export function iconColour(kind: ProductKind): Colour {
  const index =
    ILLUSTRATIONS[kind].icon ?? ICON_COLOURS[PRODUCT_KINDS.indexOf(kind) % ICON_COLOURS.length];
  return PRODUCT_COLOURS[index ?? 4] as Colour;
}

/** A round category icon: the kind's drawing on a circle tinted with its colour. */
export function renderCategory(kind: ProductKind): string {
  const spec = ILLUSTRATIONS[kind];
  const doc = new Doc(`cat${kind}`);
  const c = iconColour(kind);
  const art = spec.front({ doc, c, m: new Model(hash(kind)) });
  const [x0, y0, x1, y1] = art.box;
  const scale = 500 / Math.max(x1 - x0, y1 - y0);
  const tx = 400 - ((x0 + x1) / 2) * scale;
  const ty = 400 - ((y0 + y1) / 2) * scale;
  const ring = doc.radial(
    [
      [0, lighten(c.base, 0.9)],
      [1, lighten(c.base, 0.74)],
    ],
    0.5,
    0.4,
    0.6,
  );
  const body =
    circle(400, 400, 400, { fill: ring }) +
    g({ transform: `translate(${tx} ${ty}) scale(${scale})` }, art.svg);
  return svgDocument(800, 800, doc.defsSvg() + body);
}
