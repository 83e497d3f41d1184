import { z } from 'zod';
import { PICTURE_KINDS } from '../pictures.ts';

export const PictureUploadQuery = z.object({
  /** What the picture is drawn as: decides the widths written and the permission asked. */
  kind: z.enum(PICTURE_KINDS),
});

/** An uploaded picture: the path to save on a product, banner, brand, category or collection. */
export const UploadedPicture = z.object({
  /** `/media/u/<hash>`; the same bytes always give the same path. */
  path: z.string(),
  /** The picture's own size, once turned upright. */
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPicture = z.infer<typeof UploadedPicture>;
