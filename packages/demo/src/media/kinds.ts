/**
 * Kinds of goods that have a drawn illustration. Product images are served as
 * `/media/products/{kind}/{variant}.svg`, category icons as `/media/categories/{kind}.svg`,
 * brand logos as `/media/brands/{slug}.svg` and home banners as `/media/banners/{n}.svg`.
 * `variant` is a whole number 0–9999: it picks the body colour, the model details and the view
 * (front, angle, detail), so consecutive variants of one product read as photos of one item.
 */
export const PRODUCT_KINDS = [
  'smartphone',
  'tablet',
  'laptop',
  'desktop',
  'monitor',
  'tv',
  'headphones',
  'earbuds',
  'smartwatch',
  'speaker',
  'camera',
  'console',
  'printer',
  'router',
  'powerbank',
  'fridge',
  'washer',
  'microwave',
  'stove',
  'air-conditioner',
  'vacuum',
  'kettle',
  'blender',
  'iron',
  'hair-dryer',
  'fan',
  'heater',
  'sofa',
  'armchair',
  'bed',
  'wardrobe',
  'table',
  'chair',
  'lamp',
  'carpet',
  'tshirt',
  'dress',
  'jacket',
  'jeans',
  'sneaker',
  'boot',
  'bag',
  'watch',
  'perfume',
  'cosmetics',
  'stroller',
  'toy',
  'bicycle',
  'drill',
  'tire',
  'dumbbell',
  'cookware',
  'book',
] as const;

export type ProductKind = (typeof PRODUCT_KINDS)[number];

export function isProductKind(value: string): value is ProductKind {
  return (PRODUCT_KINDS as readonly string[]).includes(value);
}
