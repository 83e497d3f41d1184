import type { ProductKind } from '../kinds.ts';
import type { Art, Family, KindArt, Kit, Scene } from '../look.ts';
import { rect } from '../svg.ts';
import { APPLIANCES } from './appliances.ts';
import { HOME } from './home.ts';
import { TECH } from './tech.ts';

function simple(family: Family, scene: Scene, w: number, h: number): KindArt {
  return {
    family,
    scene,
    front: ({ doc, c }: Kit): Art => {
      const x = 400 - w / 2;
      const y = 650 - h;
      return {
        svg: rect(x, y, w, h, 36, {
          fill: doc.linear(
            [
              [0, c.light],
              [1, c.dark],
            ],
            0,
            0,
            1,
            1,
          ),
          stroke: c.edge,
          'stroke-width': 4,
        }),
        box: [x, y, x + w, 650],
        focus: [400, 650 - h / 2],
      };
    },
  };
}

export const ILLUSTRATIONS: Record<ProductKind, KindArt> = {
  ...TECH,
  ...APPLIANCES,
  ...HOME,
  tshirt: simple('fashion', 'hanger', 520, 540),
  dress: simple('fashion', 'hanger', 420, 580),
  jacket: simple('fashion', 'hanger', 540, 560),
  jeans: simple('fashion', 'hanger', 380, 580),
  sneaker: simple('fashion', 'podium', 580, 280),
  boot: simple('fashion', 'podium', 440, 520),
  bag: simple('fashion', 'podium', 480, 460),
  watch: simple('fashion', 'podium', 300, 540),
  perfume: simple('beauty', 'podium', 320, 480),
  cosmetics: simple('beauty', 'podium', 460, 420),
  stroller: simple('play', 'outdoor', 480, 560),
  toy: simple('play', 'floor', 420, 460),
  bicycle: simple('play', 'outdoor', 620, 400),
  drill: simple('tools', 'desk', 500, 480),
  tire: simple('tools', 'floor', 480, 480),
  dumbbell: simple('play', 'floor', 560, 220),
};
