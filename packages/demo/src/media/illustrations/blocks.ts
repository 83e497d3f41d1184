import type { Art } from '../look.ts';
import { g, path, poly, rect } from './parts.ts';

/**
 * Furniture is built from rounded blocks in 3-D and drawn in an oblique projection: the same
 * blocks give the straight front shot (depth seen from a little above) and the three-quarter shot.
 */
export interface Block {
  x: number;
  y: number;
  z: number;
  w: number;
  h: number;
  d: number;
  r?: number;
  front: string;
  side: string;
  top?: string;
  /** Extra drawing on the front face, in face coordinates (0…w × 0…h). */
  art?: string;
}

export interface Projection {
  /** Screen shift per unit of depth: right and up. */
  kx: number;
  ky: number;
}

export const FRONT: Projection = { kx: 0.06, ky: 0.34 };
export const THREE_QUARTER: Projection = { kx: 0.56, ky: 0.3 };

function drawBlock(b: Block, p: Projection): string {
  const r = Math.min(b.r ?? 0, b.w / 2, b.h / 2);
  const sx = b.x + b.z * p.kx;
  const sy = -(b.y + b.h) - b.z * p.ky;
  const vx = b.d * p.kx;
  const vy = -b.d * p.ky;
  const c = r * 0.29;
  const hull = poly([
    [sx + c, sy + c],
    [sx + c + vx, sy + c + vy],
    [sx + b.w - c + vx, sy + b.h - c + vy],
    [sx + b.w - c, sy + b.h - c],
  ]);
  const top = poly([
    [sx + r * 0.5, sy],
    [sx + b.w - r * 0.5, sy],
    [sx + b.w - r * 0.5 + vx, sy + vy],
    [sx + r * 0.5 + vx, sy + vy],
  ]);
  return (
    rect(sx + vx, sy + vy, b.w, b.h, r, { fill: b.side }) +
    path(hull, { fill: b.side }) +
    (b.top ? path(top, { fill: b.top }) : '') +
    rect(sx, sy, b.w, b.h, r, { fill: b.front }) +
    (b.art ? g({ transform: `translate(${sx} ${sy})` }, b.art) : '')
  );
}

/** Draws the blocks in the order given (farthest first) and fits them into the 800×800 frame. */
export function furniture(
  blocks: Block[],
  p: Projection,
  fit: { width: number; height: number; bottom?: number },
  focus: [number, number] = [0.5, 0.5],
): Art {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const b of blocks) {
    const sx = b.x + b.z * p.kx;
    const sy = -(b.y + b.h) - b.z * p.ky;
    x0 = Math.min(x0, sx);
    x1 = Math.max(x1, sx + b.w + b.d * p.kx);
    y0 = Math.min(y0, sy - b.d * p.ky);
    y1 = Math.max(y1, sy + b.h);
  }
  const scale = Math.min(fit.width / (x1 - x0), fit.height / (y1 - y0));
  const bottom = fit.bottom ?? 640;
  const tx = 400 - ((x0 + x1) / 2) * scale;
  const ty = bottom - y1 * scale;
  const box: Art['box'] = [
    400 - ((x1 - x0) / 2) * scale,
    bottom - (y1 - y0) * scale,
    400 + ((x1 - x0) / 2) * scale,
    bottom,
  ];
  return {
    svg: g(
      { transform: `translate(${tx} ${ty}) scale(${scale})` },
      ...blocks.map((b) => drawBlock(b, p)),
    ),
    box,
    focus: [box[0] + (box[2] - box[0]) * focus[0], box[1] + (box[3] - box[1]) * focus[1]],
  };
}
