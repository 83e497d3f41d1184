import { type Art, type Family, INK, type Scene, tint } from './look.ts';
import { circle, type Doc, darken, ellipse, g, lighten, mix, path, rect } from './svg.ts';

/** The plain studio backdrop of front, angle and close-up shots. */
export function backdrop(doc: Doc, family: Family, width = 800, height = 800): string {
  const [inner, outer] = tint(family);
  return rect(0, 0, width, height, 0, {
    fill: doc.radial(
      [
        [0, inner],
        [1, outer],
      ],
      0.5,
      0.42,
      0.78,
    ),
  });
}

/** A soft contact shadow under an object standing at `y`. */
export function groundShadow(
  doc: Doc,
  cx: number,
  y: number,
  halfWidth: number,
  depth = 1,
): string {
  const fill = doc.radial([
    [0, '#1B2233', 0.28],
    [0.55, '#1B2233', 0.12],
    [1, '#1B2233', 0],
  ]);
  return ellipse(cx, y + 4, halfWidth * 1.12, Math.max(14, halfWidth * 0.11) * depth, { fill });
}

export function shadowFor(doc: Doc, art: Art): string {
  if (art.noShadow) return '';
  const [x0, , x1, y1] = art.box;
  return groundShadow(doc, (x0 + x1) / 2, y1, (x1 - x0) / 2);
}

// Props for lifestyle shots

function plant(doc: Doc, x: number, ground: number, size: number): string {
  const potH = size * 0.42;
  const potW = size * 0.46;
  const leaf = '#5E9C6E';
  const leafDark = '#3F7A52';
  const leaves = [-58, -32, -8, 14, 38, 62]
    .map((angle, i) => {
      const len = size * (0.62 + (i % 3) * 0.12);
      return g(
        { transform: `translate(${x} ${ground - potH + 4}) rotate(${angle})` },
        path(
          `M0 0C${len * 0.22} ${-len * 0.3} ${len * 0.2} ${-len * 0.8} 0 ${-len}C${-len * 0.2} ${-len * 0.8} ${-len * 0.22} ${-len * 0.3} 0 0Z`,
          { fill: i % 2 ? leaf : leafDark },
        ),
      );
    })
    .join('');
  const pot = path(
    `M${x - potW / 2} ${ground - potH}H${x + potW / 2}L${x + potW * 0.38} ${ground}H${x - potW * 0.38}Z`,
    {
      fill: doc.linear(
        [
          [0, '#E9DCCB'],
          [1, '#CDBBA4'],
        ],
        0,
        0,
        1,
        0,
      ),
    },
  );
  return (
    groundShadow(doc, x, ground, potW * 0.45, 0.6) +
    leaves +
    pot +
    rect(x - potW / 2 - 4, ground - potH - 4, potW + 8, 14, 4, { fill: '#D9C8B2' })
  );
}

function mug(doc: Doc, x: number, ground: number): string {
  return (
    groundShadow(doc, x, ground, 40, 0.6) +
    path(`M${x + 30} ${ground - 70}c30 0 30 40 0 40`, {
      fill: 'none',
      stroke: '#E0D6CC',
      'stroke-width': 10,
    }) +
    rect(x - 38, ground - 92, 76, 92, 12, {
      fill: doc.linear(
        [
          [0, '#F3EEE8'],
          [1, '#DCD2C6'],
        ],
        0,
        0,
        1,
        0,
      ),
    }) +
    ellipse(x, ground - 92, 38, 7, { fill: '#6B4A34' })
  );
}

function frame(x: number, y: number, w: number, h: number, accent: string): string {
  return (
    rect(x, y, w, h, 4, { fill: '#FFFFFF', stroke: '#CBB79F', 'stroke-width': 10 }) +
    path(
      `M${x + 18} ${y + h - 18}L${x + w * 0.42} ${y + h * 0.42}L${x + w * 0.62} ${y + h * 0.66}L${x + w * 0.74} ${y + h * 0.54}L${x + w - 18} ${y + h - 18}Z`,
      {
        fill: accent,
        opacity: 0.75,
      },
    ) +
    circle(x + w * 0.72, y + h * 0.3, Math.min(w, h) * 0.09, { fill: '#F2C46D' })
  );
}

interface Stage {
  back: string;
  front: string;
  /** Where the object's bottom centre stands and how big its longest side may be. */
  anchor: [x: number, y: number];
  size: number;
  /** Hanging scenes place the object's top at the anchor instead. */
  hang?: boolean;
}

function stage(doc: Doc, scene: Scene, family: Family): Stage {
  const [inner, outer] = tint(family);
  const wall = doc.linear([
    [0, lighten(inner, 0.3)],
    [1, outer],
  ]);
  switch (scene) {
    case 'desk':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          rect(0, 590, 800, 210, 0, {
            fill: doc.linear([
              [0, '#D9B48C'],
              [1, '#B98D63'],
            ]),
          }) +
          rect(0, 590, 800, 8, 0, { fill: '#E8C8A2' }) +
          plant(doc, 128, 640, 150),
        front: '',
        anchor: [470, 668],
        size: 440,
      };
    case 'counter':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          Array.from({ length: 6 }, (_, i) =>
            rect(0, 100 * i + 80, 800, 2, 0, { fill: '#FFFFFF', opacity: 0.7 }),
          ).join('') +
          Array.from({ length: 9 }, (_, i) =>
            rect(100 * i - 20 + (i % 2) * 0, 0, 2, 580, 0, { fill: '#FFFFFF', opacity: 0.7 }),
          ).join('') +
          rect(0, 580, 800, 220, 0, {
            fill: doc.linear([
              [0, '#EEEDEA'],
              [1, '#D5D3CE'],
            ]),
          }) +
          rect(0, 580, 800, 10, 0, { fill: '#FAFAF8' }) +
          mug(doc, 130, 650),
        front: '',
        anchor: [470, 668],
        size: 430,
      };
    case 'floor':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          frame(92, 120, 150, 190, mix(outer, '#6F8FB5', 0.6)) +
          rect(0, 600, 800, 200, 0, {
            fill: doc.linear([
              [0, '#D8BE9C'],
              [1, '#BF9F78'],
            ]),
          }) +
          Array.from({ length: 5 }, (_, i) =>
            rect(0, 630 + i * 36, 800, 2, 0, { fill: '#A98560', opacity: 0.35 }),
          ).join('') +
          rect(0, 588, 800, 16, 0, { fill: '#FFFFFF' }) +
          ellipse(470, 712, 330, 46, { fill: mix(outer, '#FFFFFF', 0.35), opacity: 0.9 }) +
          plant(doc, 110, 700, 190),
        front: '',
        anchor: [480, 712],
        size: 470,
      };
    case 'media':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          rect(0, 640, 800, 160, 0, {
            fill: doc.linear([
              [0, '#D8BE9C'],
              [1, '#BF9F78'],
            ]),
          }) +
          rect(0, 628, 800, 16, 0, { fill: '#FFFFFF' }) +
          plant(doc, 92, 730, 190) +
          groundShadow(doc, 470, 736, 290, 0.7) +
          rect(200, 716, 14, 24, 3, { fill: '#6B4E36' }) +
          rect(726, 716, 14, 24, 3, { fill: '#6B4E36' }) +
          rect(180, 590, 580, 132, 10, {
            fill: doc.linear([
              [0, '#C99D6E'],
              [1, '#A77B52'],
            ]),
          }) +
          rect(180, 590, 580, 12, 6, { fill: '#DDB68A' }) +
          rect(200, 618, 170, 88, 6, { fill: '#B58A5F' }) +
          rect(385, 618, 170, 88, 6, { fill: '#B58A5F' }) +
          rect(570, 618, 170, 88, 6, { fill: '#B58A5F' }) +
          rect(270, 656, 30, 6, 3, { fill: '#7D5A3C' }) +
          rect(455, 656, 30, 6, 3, { fill: '#7D5A3C' }) +
          rect(640, 656, 30, 6, 3, { fill: '#7D5A3C' }),
        front: '',
        anchor: [470, 596],
        size: 500,
      };
    case 'rug':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          frame(470, 70, 180, 130, mix(outer, '#6F8FB5', 0.6)) +
          rect(0, 300, 800, 500, 0, {
            fill: doc.linear([
              [0, '#CDB08B'],
              [1, '#B8946A'],
            ]),
          }) +
          Array.from({ length: 9 }, (_, i) =>
            path(`M${-400 + i * 160} 800L${40 + i * 100} 300`, {
              stroke: '#A98560',
              'stroke-width': 2,
              opacity: 0.45,
            }),
          ).join('') +
          rect(0, 288, 800, 16, 0, { fill: '#FFFFFF' }) +
          plant(doc, 110, 380, 170),
        front: '',
        anchor: [430, 760],
        size: 700,
      };
    case 'wall':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          rect(80, 430, 250, 250, 6, { fill: '#FFFFFF', stroke: '#D7DCE3', 'stroke-width': 14 }) +
          rect(80, 430, 250, 250, 6, {
            fill: doc.linear([
              [0, '#CFE6F7'],
              [1, '#EAF4FB'],
            ]),
          }) +
          rect(198, 430, 14, 250, 0, { fill: '#D7DCE3' }) +
          rect(80, 548, 250, 14, 0, { fill: '#D7DCE3' }) +
          rect(0, 700, 800, 100, 0, {
            fill: doc.linear([
              [0, '#D8BE9C'],
              [1, '#BF9F78'],
            ]),
          }) +
          rect(0, 690, 800, 14, 0, { fill: '#FFFFFF' }) +
          plant(doc, 640, 730, 200),
        front: '',
        anchor: [420, 120],
        size: 560,
        hang: true,
      };
    case 'hanger':
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          rect(0, 82, 800, 14, 7, {
            fill: doc.linear([
              [0, '#E4E7EC'],
              [1, '#A9B0BA'],
            ]),
          }) +
          rect(0, 700, 800, 100, 0, { fill: darken(outer, 0.04) }),
        front: '',
        anchor: [400, 196],
        size: 520,
        hang: true,
      };
    case 'podium': {
      const top = mix(outer, '#FFFFFF', 0.55);
      return {
        back:
          rect(0, 0, 800, 800, 0, { fill: wall }) +
          path('M190 660V300a210 210 0 0 1 420 0V660Z', { fill: mix(outer, '#FFFFFF', 0.35) }) +
          rect(0, 660, 800, 140, 0, { fill: darken(outer, 0.05) }) +
          rect(170, 610, 460, 90, 0, {
            fill: doc.linear(
              [
                [0, darken(outer, 0.02)],
                [1, darken(outer, 0.12)],
              ],
              0,
              0,
              1,
              0,
            ),
          }) +
          ellipse(400, 700, 230, 30, { fill: darken(outer, 0.12) }) +
          ellipse(400, 610, 230, 30, { fill: top }),
        front: plantSprig(640, 700),
        anchor: [400, 616],
        size: 380,
      };
    }
    case 'outdoor':
      return {
        back:
          rect(0, 0, 800, 800, 0, {
            fill: doc.linear([
              [0, '#DDEBF6'],
              [1, '#F3F7F4'],
            ]),
          }) +
          ellipse(120, 600, 190, 120, { fill: '#A8CFA0' }) +
          ellipse(330, 610, 170, 90, { fill: '#93C08C' }) +
          ellipse(690, 595, 210, 130, { fill: '#A8CFA0' }) +
          rect(0, 600, 800, 200, 0, {
            fill: doc.linear([
              [0, '#D9D6CF'],
              [1, '#C4C0B7'],
            ]),
          }) +
          Array.from({ length: 8 }, (_, i) =>
            rect(i * 110 - 30, 660 + (i % 2) * 40, 90, 2, 0, { fill: '#B0ACA2' }),
          ).join(''),
        front: '',
        anchor: [420, 720],
        size: 540,
      };
  }
}

function plantSprig(x: number, ground: number): string {
  return [
    path(
      `M${x} ${ground}C${x - 6} ${ground - 80} ${x + 20} ${ground - 140} ${x + 10} ${ground - 200}`,
      {
        fill: 'none',
        stroke: '#6E8F62',
        'stroke-width': 5,
      },
    ),
    ...[40, 80, 120, 160].map((dy, i) =>
      ellipse(x + (i % 2 ? 22 : -14), ground - dy, 22, 10, {
        fill: '#86A877',
        transform: `rotate(${i % 2 ? -30 : 30} ${x + (i % 2 ? 22 : -14)} ${ground - dy})`,
      }),
    ),
  ].join('');
}

/** Stages the object in a small room, on a desk, a counter, a podium or a hanger. */
export function lifestyle(
  doc: Doc,
  scene: Scene,
  family: Family,
  art: Art,
  withShadow: string,
): string {
  const s = stage(doc, scene, family);
  const [x0, y0, x1, y1] = art.box;
  const w = x1 - x0;
  const h = y1 - y0;
  const scale = Math.min(s.size / Math.max(w, h), scene === 'hanger' || scene === 'rug' ? 1 : 0.9);
  const [ax, ay] = s.anchor;
  const tx = ax - ((x0 + x1) / 2) * scale;
  const ty = s.hang ? ay - y0 * scale : ay - y1 * scale;
  const arm = Math.min(w * scale * 0.36, 170);
  const hanger =
    scene === 'hanger'
      ? path(`M${ax - 20} 96c0 -26 40 -26 40 0c0 14 -20 16 -20 36`, {
          fill: 'none',
          stroke: '#8D939C',
          'stroke-width': 7,
          'stroke-linecap': 'round',
        }) +
        path(`M${ax} 132L${ax - arm} ${ay + 40}H${ax + arm}Z`, {
          fill: 'none',
          stroke: INK.woodDark,
          'stroke-width': 12,
          'stroke-linejoin': 'round',
        })
      : '';
  return (
    s.back +
    hanger +
    g(
      { transform: `translate(${tx} ${ty}) scale(${scale})` },
      s.hang ? art.svg : withShadow + art.svg,
    ) +
    s.front
  );
}
