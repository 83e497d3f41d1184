/**
 * The shop's uploaded pictures: what each is for, the widths written of it, and the addresses of
 * those variants. Pure and free of schemas, so the storefront's picture component can use it.
 */

/** What a picture is drawn as: which widths are written, and who may upload it. */
export const PICTURE_KINDS = [
  'product',
  'banner',
  'banner_mobile',
  'brand',
  'category',
  'collection',
] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/**
 * The widths written of a picture, in pixels, by what it is drawn as. Products and collections
 * are drawn from 36 px (search) to 800 px (the product page) through one component, which lists
 * the product widths; brand logos and category icons stay small; banners fill a desktop (1200 ×
 * 400 at twice the density) or a phone.
 */
export const PICTURE_WIDTHS = {
  product: [160, 320, 640, 1280],
  collection: [160, 320, 640, 1280],
  brand: [160, 320, 640],
  category: [160, 320, 640],
  banner: [640, 1280, 1920],
  banner_mobile: [320, 640, 1280],
} as const satisfies Record<PictureKind, readonly number[]>;

/** Every width any kind writes, smallest first. */
export const ALL_PICTURE_WIDTHS = [160, 320, 640, 1280, 1920] as const;
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The largest upload accepted: 10 MB. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/** `/media/u/<hash>`: an uploaded picture, named by a hash of its bytes. */
export const UPLOADED_PICTURE_PATH = /^\/media\/u\/([0-9a-f]{32})$/;

/** The address of one variant of an uploaded picture: `/media/u/<hash>/640.webp`. */
export function pictureVariant(path: string, width: number, format: PictureFormat): string {
  return `${path}/${width}.${format}`;
}
