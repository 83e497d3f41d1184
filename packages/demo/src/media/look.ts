import type { Doc } from './svg.ts';
import { darken, lighten, luminance, mix } from './svg.ts';

export interface Colour {
  name: string;
  base: string;
  light: string;
  dark: string;
  /** Darker edge for outlines and seams. */
  edge: string;
  /** True when details on the body should be dark (white/silver, beige, rose). */
  pale: boolean;
}

function colour(name: string, base: string): Colour {
  const pale = luminance(base) > 0.45;
  return {
    name,
    base,
    light: lighten(base, pale ? 0.55 : 0.28),
    dark: darken(base, pale ? 0.16 : 0.3),
    edge: darken(base, pale ? 0.32 : 0.45),
    pale,
  };
}

/**
 * Body colours of products, in the order variants pick them: colour = PRODUCT_COLOURS[group % 10]
 * where group = Math.floor(variant / 4), so a seed can ask for a colour by choosing the variant.
 */
export const PRODUCT_COLOURS: readonly Colour[] = [
  colour('black', '#26282E'),
  colour('silver', '#DCDFE4'),
  colour('graphite', '#5B616B'),
  colour('navy', '#233F6B'),
  colour('blue', '#3D7FD9'),
  colour('green', '#3F8F6B'),
  colour('red', '#D03A3F'),
  colour('rose', '#E9A6B3'),
  colour('gold', '#D8BE8E'),
  colour('violet', '#7C5CC4'),
];

export type View = 'front' | 'angle' | 'detail' | 'lifestyle';
export const VIEWS: readonly View[] = ['front', 'angle', 'detail', 'lifestyle'];

/** Model details that stay the same for every view of one product: keyed, so order does not matter. */
export class Model {
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
  }

  /** A whole number 0 ≤ n < count, fixed for this model and key. */
  int(key: string, count: number): number {
    return hash(`${this.seed}:${key}`) % count;
  }

  pick<T>(key: string, options: readonly T[]): T {
    return options[this.int(key, options.length)] as T;
  }

  chance(key: string, percent: number): boolean {
    return this.int(key, 100) < percent;
  }

  /** A number between low and high, in 1/100 steps. */
  range(key: string, low: number, high: number): number {
    return low + ((high - low) * this.int(key, 101)) / 100;
  }
}

/** FNV-1a, 32 bits: stable across runs and platforms. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** What a drawing function gets: the document for defs, the body colour and the model. */
export interface Kit {
  doc: Doc;
  c: Colour;
  m: Model;
}

/** A drawing in the 800×800 space, with its bounding box and the point a close-up zooms into. */
export interface Art {
  svg: string;
  box: [x0: number, y0: number, x1: number, y1: number];
  focus: [x: number, y: number];
  /** No ground shadow (a wall unit, a carpet lying flat draws its own). */
  noShadow?: boolean;
}

export type Family = 'tech' | 'appliance' | 'home' | 'fashion' | 'beauty' | 'play' | 'tools';

/** Where the lifestyle shot is staged. */
export type Scene =
  | 'desk'
  | 'counter'
  | 'floor'
  | 'media'
  | 'rug'
  | 'wall'
  | 'hanger'
  | 'podium'
  | 'outdoor';

export interface KindArt {
  family: Family;
  scene: Scene;
  front: (kit: Kit) => Art;
  /** Three-quarter or back view; a turned copy of the front when absent. */
  angle?: (kit: Kit) => Art;
  /** Which drawing the close-up zooms into; the front unless told. */
  detail?: 'front' | 'angle';
  /** The drawing staged in the lifestyle shot; the front when absent. */
  staged?: (kit: Kit) => Art;
  /** Colour used for the category icon and banners. */
  icon?: number;
}

export const FAMILY_TINTS: Record<Family, [inner: string, outer: string]> = {
  tech: ['#F4F6FB', '#E2E7F1'],
  appliance: ['#F2F8F7', '#DCEAE7'],
  home: ['#FAF6F0', '#EDE3D5'],
  fashion: ['#FAF4F6', '#EEDFE5'],
  beauty: ['#FBF3F2', '#F1DEDC'],
  play: ['#F8F7EC', '#E9E8D2'],
  tools: ['#F5F5F2', '#E4E4DD'],
};

export const tint = (family: Family) => FAMILY_TINTS[family];

/** Neutral materials shared by many drawings. */
export const INK = {
  screen: '#161A22',
  glass: '#2A3140',
  rubber: '#2B2D31',
  steel: '#C9CED6',
  chrome: '#E9ECF0',
  wood: '#C89B6D',
  woodDark: '#9C7149',
  white: '#FFFFFF',
};

export { darken, lighten, mix };
