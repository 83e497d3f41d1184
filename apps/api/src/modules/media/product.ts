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

export const MAX_VARIANT = 9999;

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

/** The turned copy used when a kind has no drawn angle: mirrored, tilted and a little smaller. */
function turned(art: Art): Art {
  const [x0, y0, x1, y1] = art.box;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return {
    ...art,
    svg: g({ transform: `rotate(-6 ${cx} ${cy}) translate(${2 * cx} 0) scale(-1 1)` }, art.svg),
    focus: [2 * cx - art.focus[0], art.focus[1]],
  };
}

/** Draws one product photo: front, angle, close-up or lifestyle shot of the kind. */
export function renderProduct(kind: ProductKind, variant: number): string {
  const spec = ILLUSTRATIONS[kind];
  const { colour, model, view } = productLook(kind, variant);
  const doc = new Doc(`${kind}${variant}`);
  const kit: Kit = { doc, c: colour, m: model };
  let body: string;
  if (view === 'lifestyle') {
    const art = spec.front(kit);
    body = lifestyle(doc, spec.scene, spec.family, art, shadowFor(doc, art));
  } else {
    const art =
      view === 'angle' ? (spec.angle ? spec.angle(kit) : turned(spec.front(kit))) : spec.front(kit);
    const object = shadowFor(doc, art) + art.svg;
    if (view === 'detail') {
      const [fx, fy] = art.focus;
      body =
        backdrop(doc, spec.family) +
        g({ transform: `translate(400 400) scale(2.1) translate(${-fx} ${-fy})` }, object);
    } else {
      body = backdrop(doc, spec.family) + object;
    }
  }
  return svgDocument(800, 800, doc.defsSvg() + body, {
    'data-colour': colour.name,
    'data-view': view,
  });
}
