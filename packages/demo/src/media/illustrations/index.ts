import type { ProductKind } from '../kinds.ts';
import type { KindArt } from '../look.ts';
import { APPLIANCES } from './appliances.ts';
import { FASHION } from './fashion.ts';
import { HOME } from './home.ts';
import { PLAY } from './play.ts';
import { TECH } from './tech.ts';

/** Every kind's drawings; the type makes a missing kind a compile error. */
export const ILLUSTRATIONS: Record<ProductKind, KindArt> = {
  ...TECH,
  ...APPLIANCES,
  ...HOME,
  ...FASHION,
  ...PLAY,
};
