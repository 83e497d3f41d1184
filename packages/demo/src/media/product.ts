import { ILLUSTRATIONS } from './illustrations/index.ts';
import type { ProductKind } from './kinds.ts';
import {
  type Art,
  type Colour,
  hash,
  type Kit,
  Model,
  PRODUCT_COLOURS,
  VIEWS,
  type View,
} from './look.ts';
import { backdrop, lifestyle, shadowFor } from './scenes.ts';
import { Doc, g, svgDocument } from './svg.ts';

/** The colour, model and view a variant stands for; variants 4k…4k+3 are one item. */
export function productLook(
  kind: ProductKind,
  variant: number,
): { colour: Colour; model: Model; view: View } {
  const group = Math.floor(variant / 4);
  return {
    colour: PRODUCT_COLOURS[group % PRODUCT_COLOURS.length] as Colour,
    model: new Model(hash(`${kind}:${group}`)),
    view: VIEWS[variant % 4] as View,
  };
}

/** The other side of the object when a kind has no drawn angle: mirrored and a little smaller. */
function turned(art: Art): Art {
  const [x0, y0, x1, y1] = art.box;
  const cx = (x0 + x1) / 2;
  const s = 0.94;
  return {
    ...art,
    svg: g({ transform: `translate(${cx * (1 + s)} ${y1 * (1 - s)}) scale(${-s} ${s})` }, art.svg),
    box: [cx - (x1 - cx) * s, y1 - (y1 - y0) * s, cx + (cx - x0) * s, y1],
    focus: [cx - (art.focus[0] - cx) * s, y1 - (y1 - art.focus[1]) * s],
  };
}

/** Draws one product photo: front, angle, close-up or lifestyle shot of the kind. */
export function renderProduct(kind: ProductKind, variant: number): string {
  const spec = ILLUSTRATIONS[kind];
  const { colour, model, view } = productLook(kind, variant);
  const doc = new Doc(`${kind}${variant}`);
  const kit: Kit = { doc, c: colour, m: model };
  const angle = () => (spec.angle ? spec.angle(kit) : turned(spec.front(kit)));
  let body: string;
  if (view === 'lifestyle') {
    const art = (spec.staged ?? spec.front)(kit);
    body = lifestyle(doc, spec.scene, spec.family, art, shadowFor(doc, art));
  } else if (view === 'detail') {
    const art = spec.detail === 'angle' ? angle() : spec.front(kit);
    const [fx, fy] = art.focus;
    body =
      backdrop(doc, spec.family) +
      g(
        { transform: `translate(400 400) scale(1.85) translate(${-fx} ${-fy})` },
        shadowFor(doc, art) + art.svg,
      );
  } else {
    const art = view === 'angle' ? angle() : spec.front(kit);
    body = backdrop(doc, spec.family) + shadowFor(doc, art) + art.svg;
  }
  return svgDocument(800, 800, doc.defsSvg() + body, {
    'data-colour': colour.name,
    'data-view': view,
  });
}
