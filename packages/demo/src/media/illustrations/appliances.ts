import type { Art, KindArt, Kit } from '../look.ts';
import {
  body,
  boxTurn,
  circle,
  cylinder,
  darken,
  ellipse,
  feet,
  g,
  knob,
  lighten,
  mix,
  outline,
  path,
  plain,
  rect,
  sheen,
} from './parts.ts';

/** Brushed-metal front for big white goods: soft vertical bands. */
function brushed(kit: Kit): string {
  const { doc, c } = kit;
  return doc.linear(
    [
      [0, lighten(c.base, c.pale ? 0.45 : 0.2)],
      [0.35, c.base],
      [0.7, lighten(c.base, c.pale ? 0.3 : 0.1)],
      [1, c.dark],
    ],
    0,
    0,
    1,
    0,
  );
}

const steel = '#C9CED6';

function handle(kit: Kit, x: number, y: number, w: number, h: number): string {
  const { doc, c } = kit;
  const metal = c.pale ? '#9AA1AB' : steel;
  return (
    rect(x + 2, y + 4, w, h, Math.min(w, h) / 2, { fill: '#000000', opacity: 0.15 }) +
    rect(x, y, w, h, Math.min(w, h) / 2, {
      fill: plain(doc, lighten(metal, 0.4), darken(metal, 0.2), w < h),
    })
  );
}

// Fridge

function fridgeFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const layout = m.pick('layout', ['bottom', 'french', 'bottom', 'top']);
  const x = 230;
  const y = 60;
  const w = 340;
  const h = 580;
  const seam = { fill: darken(c.base, 0.35), opacity: 0.6 };
  let doors = '';
  if (layout === 'french') {
    doors =
      rect(x, y + 370, w, 4, 0, seam) +
      rect(399, y, 3, 370, 0, seam) +
      handle(kit, 370, y + 110, 14, 200) +
      handle(kit, 416, y + 110, 14, 200) +
      handle(kit, x + 90, y + 392, 160, 14) +
      rect(x + 36, y + 100, 100, 130, 14, { fill: '#1A1D24' }) +
      rect(x + 48, y + 112, 76, 30, 6, { fill: '#4CC9F0', opacity: 0.7 }) +
      rect(x + 60, y + 160, 52, 56, 8, { fill: '#2C313B' });
  } else if (layout === 'top') {
    doors =
      rect(x, y + 170, w, 4, 0, seam) +
      handle(kit, x + w - 40, y + 40, 14, 100) +
      handle(kit, x + w - 40, y + 200, 14, 200);
  } else {
    doors =
      rect(x, y + 340, w, 4, 0, seam) +
      handle(kit, x + w - 40, y + 130, 14, 180) +
      handle(kit, x + w - 40, y + 370, 14, 120) +
      rect(x + 40, y + 40, 70, 22, 6, { fill: '#1A1D24' }) +
      rect(x + 48, y + 47, 32, 8, 3, { fill: '#4CC9F0', opacity: 0.8 });
  }
  const svg = g(
    {},
    feet([x + 40, x + w - 40], y + h),
    rect(x, y, w, h, 26, { fill: brushed(kit), ...outline(c) }),
    sheen(doc, x, y, w, h, 26, 0.18),
    doors,
  );
  return { svg, box: [x, y, x + w, y + h + 14], focus: [x + w - 60, y + 300] };
}

// Washing machine

function washerFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const x = 200;
  const y = 130;
  const w = 400;
  const h = 510;
  const laundry = m.pick('laundry', [
    ['#5B8DEF', '#F2C14E', '#E86A6A'],
    ['#7BD389', '#F28AB2', '#FFFFFF'],
    ['#4CC9F0', '#F9A03F', '#9B5DE5'],
  ]);
  const glass = doc.clip(circle(400, 430, 116));
  const svg = g(
    {},
    feet([x + 40, x + w - 40], y + h),
    rect(x, y, w, h, 26, { fill: brushed(kit), ...outline(c) }),
    rect(x, y + 90, w, 3, 0, { fill: darken(c.base, 0.3), opacity: 0.5 }),
    rect(x + 24, y + 24, 110, 44, 8, { fill: lighten(c.base, 0.2), ...outline(c, 2) }),
    rect(x + 34, y + 52, 90, 8, 4, { fill: c.dark, opacity: 0.4 }),
    rect(x + 170, y + 28, 100, 36, 8, { fill: '#1A1D24' }),
    rect(x + 180, y + 38, 48, 16, 3, { fill: '#7BD389', opacity: 0.85 }),
    knob(doc, x + 330, y + 46, 30, c.pale ? '#E9ECF0' : lighten(c.base, 0.3)),
    circle(400, 430, 162, { fill: darken(c.base, 0.12) }),
    circle(400, 430, 150, { fill: plain(doc, lighten(steel, 0.4), darken(steel, 0.3), true) }),
    circle(400, 430, 128, { fill: '#2C3340' }),
    circle(400, 430, 116, {
      fill: doc.radial(
        [
          [0, '#5C6F8A'],
          [1, '#1D2430'],
        ],
        0.4,
        0.4,
        0.7,
      ),
    }),
    g(
      { 'clip-path': glass },
      ellipse(350, 510, 90, 50, { fill: laundry[0], opacity: 0.8 }),
      ellipse(450, 520, 80, 46, { fill: laundry[1], opacity: 0.75 }),
      ellipse(400, 470, 70, 34, { fill: laundry[2], opacity: 0.7 }),
      path('M284 400Q400 360 516 400', {
        fill: 'none',
        stroke: '#9FC2E8',
        'stroke-width': 6,
        opacity: 0.4,
      }),
    ),
    path('M330 350A110 110 0 0 1 470 340', {
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': 10,
      'stroke-linecap': 'round',
      opacity: 0.35,
    }),
    rect(540, 400, 14, 60, 7, { fill: darken(steel, 0.2) }),
    rect(x + 20, y + h - 50, w - 40, 30, 10, { fill: c.dark, opacity: 0.18 }),
    sheen(doc, x, y, w, h, 26, 0.14),
  );
  return { svg, box: [x, y, x + w, y + h + 14], focus: [400, 430] };
}

// Microwave

function microwaveFront(kit: Kit): Art {
  const { doc, c } = kit;
  const x = 110;
  const y = 260;
  const w = 580;
  const h = 340;
  const mesh: string[] = [];
  for (let row = 0; row < 11; row += 1) {
    for (let col = 0; col < 17; col += 1) {
      mesh.push(circle(178 + col * 18, 310 + row * 22, 2.5, { fill: '#000000', opacity: 0.35 }));
    }
  }
  const buttons = Array.from({ length: 6 }, (_, i) =>
    rect(556 + (i % 2) * 56, 380 + Math.floor(i / 2) * 38, 44, 26, 6, {
      fill: lighten(c.base, 0.15),
      ...outline(c, 1.5),
    }),
  ).join('');
  const svg = g(
    {},
    feet([x + 40, x + w - 40], y + h, '#2D3036'),
    rect(x, y, w, h, 24, { fill: body(doc, c, 'down'), ...outline(c) }),
    rect(x + 16, y + 16, 400, h - 32, 16, { fill: lighten(c.base, 0.06), ...outline(c, 2) }),
    rect(x + 44, y + 38, 344, h - 76, 14, { fill: plain(doc, '#3A4150', '#161A22') }),
    ...mesh,
    path(`M${x + 44} ${y + 38}h160L${x + 100} ${y + h - 38}H${x + 44}Z`, {
      fill: '#FFFFFF',
      opacity: 0.07,
    }),
    rect(x + 404, y + 60, 10, 220, 5, { fill: darken(c.base, 0.2) }),
    rect(548, y + 36, 108, 50, 10, { fill: '#12151B' }),
    rect(560, y + 50, 60, 20, 4, { fill: '#7BD389', opacity: 0.85 }),
    buttons,
    knob(doc, 602, y + 270, 30, c.pale ? '#E9ECF0' : lighten(c.base, 0.3)),
    sheen(doc, x, y, w, h, 24, 0.16),
  );
  return { svg, box: [x, y, x + w, y + h + 14], focus: [600, y + 150] };
}

// Stove

function stoveFace(kit: Kit): Art {
  const { doc, c } = kit;
  const x = 210;
  const y = 200;
  const w = 380;
  const h = 440;
  const knobs = Array.from({ length: 5 }, (_, i) =>
    knob(doc, x + 58 + i * 66, y + 34, 17, c.pale ? '#3A3E46' : '#E9ECF0'),
  ).join('');
  const svg = g(
    {},
    feet([x + 30, x + w - 30], y + h),
    rect(x, y, w, h, 16, { fill: brushed(kit), ...outline(c) }),
    rect(x, y, w, 68, 12, { fill: darken(c.base, 0.12) }),
    knobs,
    handle(kit, x + 40, y + 92, w - 80, 16),
    rect(x + 30, y + 126, w - 60, 216, 14, { fill: '#12151B' }),
    rect(x + 60, y + 150, w - 120, 168, 8, {
      fill: doc.radial(
        [
          [0, '#FFB35C', 0.55],
          [1, '#2A1A12', 0],
        ],
        0.5,
        0.9,
        0.7,
      ),
    }),
    rect(x + 60, y + 230, w - 120, 5, 2, { fill: '#9AA1AB', opacity: 0.6 }),
    rect(x + 60, y + 280, w - 120, 5, 2, { fill: '#9AA1AB', opacity: 0.6 }),
    path(`M${x + 30} ${y + 126}h120L${x + 80} ${y + 342}H${x + 30}Z`, {
      fill: '#FFFFFF',
      opacity: 0.06,
    }),
    rect(x + 30, y + 360, w - 60, 60, 10, { fill: darken(c.base, 0.08), ...outline(c, 2) }),
    rect(x + w / 2 - 50, y + 384, 100, 12, 6, { fill: darken(c.base, 0.3), opacity: 0.5 }),
    sheen(doc, x, y, w, h, 16, 0.14),
  );
  return { svg, box: [x, y, x + w, y + h + 14], focus: [x + 150, y + 50] };
}

function burners(kit: Kit, w: number, d: number): string {
  const { m } = kit;
  const gas = m.chance('gas', 50);
  const spots: Array<[number, number, number]> = [
    [w * 0.27, d * 0.3, 0.9],
    [w * 0.73, d * 0.3, 0.75],
    [w * 0.27, d * 0.72, 0.75],
    [w * 0.73, d * 0.72, 1],
  ];
  return (
    rect(0, 0, w, d, 0, { fill: '#15181F' }) +
    spots
      .map(([cx, cy, s]) =>
        gas
          ? circle(cx, cy, 46 * s, { fill: '#2A2E38' }) +
            circle(cx, cy, 28 * s, { fill: '#4A4F5B' }) +
            circle(cx, cy, 12 * s, { fill: '#1C1F26' }) +
            [0, 90, 180, 270]
              .map((a) =>
                rect(cx - 4, cy - 56 * s, 8, 30 * s, 3, {
                  fill: '#5B616B',
                  transform: `rotate(${a} ${cx} ${cy})`,
                }),
              )
              .join('')
          : circle(cx, cy, 44 * s, { fill: 'none', stroke: '#3E4450', 'stroke-width': 5 }) +
            circle(cx, cy, 30 * s, {
              fill: 'none',
              stroke: cx > w / 2 && cy > d / 2 ? '#E8563F' : '#3E4450',
              'stroke-width': 5,
            }),
      )
      .join('') +
    rect(0, 0, w, d, 0, { fill: '#FFFFFF', opacity: 0.05 })
  );
}

function stoveFront(kit: Kit): Art {
  const face = stoveFace(kit);
  const gas = kit.m.chance('gas', 50);
  const spots: Array<[number, number, number]> = [
    [335, 148, 0.8],
    [468, 148, 0.7],
    [315, 180, 1],
    [488, 180, 0.85],
  ];
  const hobs = spots
    .map(([cx, cy, s]) =>
      gas
        ? ellipse(cx, cy, 52 * s, 15 * s, { fill: '#2A2E38' }) +
          ellipse(cx, cy - 2, 30 * s, 9 * s, { fill: '#4A4F5B' }) +
          ellipse(cx, cy - 3, 12 * s, 4 * s, { fill: '#1C1F26' })
        : ellipse(cx, cy, 52 * s, 15 * s, { fill: 'none', stroke: '#3E4450', 'stroke-width': 4 }) +
          ellipse(cx, cy, 34 * s, 10 * s, {
            fill: 'none',
            stroke: cy > 170 && cx > 400 ? '#E8563F' : '#3E4450',
            'stroke-width': 4,
          }),
    )
    .join('');
  const svg = g(
    {},
    path('M210 204L258 126H542L590 204Z', { fill: plain(kit.doc, '#2A2E38', '#15181F') }),
    hobs,
    path('M258 126H542L548 136H252Z', { fill: '#FFFFFF', opacity: 0.08 }),
    face.svg,
  );
  return { ...face, svg, box: [210, 126, 590, 654] };
}

function stoveAngle(kit: Kit): Art {
  const face = stoveFace(kit);
  return boxTurn(face, {
    depth: 300,
    side: kit.c.dark,
    top: '#15181F',
    topArt: burners(kit, 380, 300),
  });
}

// Air conditioner

function acFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const x = 100;
  const y = 250;
  const w = 600;
  const h = 210;
  const flows = m.chance('cooling', 70);
  const svg = g(
    {},
    path(
      `M${x + 10} ${y}H${x + w - 10}Q${x + w} ${y} ${x + w} ${y + 20}V${y + h - 60}Q${x + w} ${y + h} ${x + w - 60} ${y + h}H${x + 60}Q${x} ${y + h} ${x} ${y + h - 60}V${y + 20}Q${x} ${y} ${x + 10} ${y}Z`,
      {
        fill: plain(doc, lighten(c.base, c.pale ? 0.6 : 0.25), c.base),
        ...outline(c),
      },
    ),
    rect(x + 6, y + 6, w - 12, 24, 10, { fill: darken(c.base, 0.1), opacity: 0.35 }),
    rect(x + 30, y + 40, w - 60, 3, 0, { fill: '#FFFFFF', opacity: 0.5 }),
    path(`M${x + 60} ${y + h - 52}H${x + w - 60}L${x + w - 80} ${y + h - 20}H${x + 80}Z`, {
      fill: '#2A2E38',
    }),
    path(`M${x + 70} ${y + h - 46}H${x + w - 70}`, { stroke: '#5B616B', 'stroke-width': 4 }),
    rect(x + w - 150, y + 80, 90, 36, 10, { fill: '#12151B', opacity: 0.85 }),
    rect(x + w - 140, y + 90, 40, 16, 3, { fill: '#4CC9F0', opacity: 0.9 }),
    circle(x + w - 80, y + 98, 5, { fill: '#7BD389' }),
    sheen(doc, x, y, w, h, 40, 0.15),
    flows
      ? [0, 1, 2]
          .map((i) =>
            path(`M${x + 140 + i * 150} ${y + h + 20}q-20 40 10 80t0 80`, {
              fill: 'none',
              stroke: '#7FC8F8',
              'stroke-width': 8,
              'stroke-linecap': 'round',
              opacity: 0.55 - i * 0.08,
            }),
          )
          .join('')
      : '',
  );
  return { svg, box: [x, y, x + w, y + h], focus: [x + w - 120, y + 110], noShadow: true };
}

function acOutdoor(kit: Kit): Art {
  const { doc, c } = kit;
  const x = 150;
  const y = 200;
  const w = 500;
  const h = 400;
  const spokes = Array.from({ length: 12 }, (_, i) =>
    rect(468, 260, 4, 280, 2, { fill: '#5B616B', transform: `rotate(${i * 15} 470 400)` }),
  ).join('');
  const vents = Array.from({ length: 14 }, (_, i) =>
    rect(x + 26, y + 40 + i * 24, 110, 8, 4, { fill: darken(c.base, 0.25), opacity: 0.6 }),
  ).join('');
  const face: Art = {
    svg: g(
      {},
      rect(x, y, w, h, 18, { fill: body(doc, c, 'down'), ...outline(c) }),
      vents,
      circle(470, 400, 150, { fill: '#2A2E38' }),
      circle(470, 400, 140, { fill: '#1B1E25' }),
      [0, 120, 240]
        .map((a) =>
          path('M470 400C520 330 560 330 570 360C560 390 520 410 470 400Z', {
            fill: '#3E4450',
            transform: `rotate(${a} 470 400)`,
          }),
        )
        .join(''),
      spokes,
      [50, 90, 130]
        .map((r) => circle(470, 400, r, { fill: 'none', stroke: '#5B616B', 'stroke-width': 4 }))
        .join(''),
      circle(470, 400, 20, { fill: c.base }),
      sheen(doc, x, y, w, h, 18, 0.14),
    ),
    box: [x, y, x + w, y + h],
    focus: [470, 400],
  };
  const turned = boxTurn(face, { depth: 200, side: c.dark, top: lighten(c.base, 0.15) });
  return {
    ...turned,
    svg: turned.svg + feet([turned.box[0] + 60, turned.box[0] + 380], turned.box[3] - 4),
    box: [turned.box[0], turned.box[1], turned.box[2], turned.box[3] + 10],
  };
}

// Vacuum cleaner (stick)

function vacuumFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const accent = m.pick('accent', ['#9B5DE5', '#F2C14E', '#E86A6A', '#4CC9F0']);
  const svg = g(
    { transform: 'rotate(8 400 400)' },
    rect(387, 300, 26, 330, 13, { fill: cylinder(doc, steel) }),
    path('M380 112C380 70 450 70 470 100L500 190H470L446 120C436 100 410 100 410 120V190H380Z', {
      fill: body(doc, c),
      ...outline(c),
    }),
    rect(356, 180, 110, 70, 28, { fill: body(doc, c, 'across'), ...outline(c) }),
    rect(360, 240, 88, 140, 30, {
      fill: doc.linear(
        [
          [0, '#FFFFFF', 0.5],
          [1, '#C9D2DE', 0.7],
        ],
        0,
        0,
        1,
        0,
      ),
      stroke: '#AAB4C2',
      'stroke-width': 3,
    }),
    rect(370, 320, 68, 52, 20, { fill: '#8D8F94', opacity: 0.5 }),
    rect(366, 250, 14, 110, 7, { fill: '#FFFFFF', opacity: 0.6 }),
    rect(448, 200, 40, 120, 16, { fill: darken(c.base, 0.25) }),
    rect(452, 300, 32, 10, 4, { fill: accent }),
    circle(410, 215, 14, { fill: accent }),
    path('M240 630Q240 590 290 590H510Q560 590 560 630V650H240Z', {
      fill: body(doc, c, 'down'),
      ...outline(c),
    }),
    rect(250, 628, 300, 22, 11, { fill: '#2B2D31' }),
    rect(370, 570, 60, 40, 10, { fill: darken(c.base, 0.3) }),
    rect(280, 604, 120, 8, 4, { fill: accent }),
  );
  return { svg, box: [250, 70, 570, 660], focus: [420, 260] };
}

// Kettle

function kettleFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const glass = m.chance('glass', 35);
  const bodyPath = 'M280 600L300 280Q304 240 350 236H470Q510 240 514 280L530 600Z';
  const svg = g(
    {},
    path('M505 300C600 300 610 560 520 560', {
      fill: 'none',
      stroke: c.dark,
      'stroke-width': 42,
      'stroke-linecap': 'round',
    }),
    path('M505 300C600 300 610 560 520 560', {
      fill: 'none',
      stroke: c.base,
      'stroke-width': 30,
      'stroke-linecap': 'round',
    }),
    path('M300 300L220 250Q210 246 214 258L292 360Z', { fill: plain(doc, c.light, c.dark) }),
    glass
      ? path(bodyPath, {
          fill: doc.linear(
            [
              [0, '#E3EEF7', 0.9],
              [1, '#B8CCDD', 0.9],
            ],
            0,
            0,
            1,
            0,
          ),
          stroke: c.edge,
          'stroke-width': 3,
        }) +
          g(
            { 'clip-path': doc.clip(path(bodyPath)) },
            rect(270, 420, 270, 200, 0, { fill: '#9FD0F0', opacity: 0.55 }),
            rect(270, 416, 270, 8, 0, { fill: '#FFFFFF', opacity: 0.7 }),
          ) +
          path('M280 600L284 520H526L530 600Z', { fill: body(doc, c, 'across') }) +
          path('M300 280Q304 240 350 236H470Q510 240 514 280L516 300H298Z', {
            fill: body(doc, c, 'across'),
          })
      : path(bodyPath, { fill: cylinder(doc, c.base), ...outline(c) }) +
          rect(320, 330, 26, 200, 13, {
            fill: '#BFE3F8',
            opacity: 0.85,
            stroke: c.edge,
            'stroke-width': 2,
          }) +
          rect(320, 430, 26, 100, 13, { fill: '#7CC3EE', opacity: 0.8 }),
    ellipse(407, 236, 64, 14, { fill: darken(c.base, 0.2) }),
    path('M350 236Q360 200 407 198Q454 200 464 236Z', { fill: body(doc, c), ...outline(c, 2) }),
    rect(392, 188, 30, 16, 8, { fill: darken(c.base, 0.3) }),
    path(
      'M262 604H548Q556 604 556 614V628Q556 640 544 640H266Q254 640 254 628V614Q254 604 262 604Z',
      { fill: '#2B2D31' },
    ),
    rect(544, 530, 22, 14, 5, { fill: '#4CC9F0' }),
  );
  return { svg, box: [214, 188, 600, 640], focus: [400, 300] };
}

// Blender

function blenderFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const smoothie = m.pick('smoothie', ['#F27D9B', '#F6A83B', '#8CCB5E', '#B06AD9']);
  const jar = 'M290 140H510L484 470H316Z';
  const svg = g(
    {},
    path('M500 170C570 170 580 200 576 260L560 400C556 430 530 440 500 430', {
      fill: 'none',
      stroke: '#9BB2C8',
      'stroke-width': 22,
      opacity: 0.7,
      'stroke-linecap': 'round',
    }),
    path(jar, {
      fill: doc.linear(
        [
          [0, '#EAF2F8', 0.55],
          [1, '#C3D3E2', 0.6],
        ],
        0,
        0,
        1,
        0,
      ),
      stroke: '#9BB2C8',
      'stroke-width': 4,
    }),
    g(
      { 'clip-path': doc.clip(path(jar)) },
      path('M280 300Q400 280 520 300V480H280Z', { fill: smoothie, opacity: 0.92 }),
      ellipse(360, 380, 20, 14, { fill: '#FFFFFF', opacity: 0.35 }),
      ellipse(440, 420, 14, 10, { fill: '#FFFFFF', opacity: 0.3 }),
    ),
    path('M336 440L400 428L464 440L400 452Z', { fill: '#B8C0CC' }),
    rect(310, 160, 14, 290, 7, { fill: '#FFFFFF', opacity: 0.55, transform: 'rotate(-4 317 300)' }),
    [220, 280, 340, 400]
      .map((yy) => rect(470 - (yy - 140) * 0.08, yy, 22, 5, 2, { fill: '#7C8FA3', opacity: 0.7 }))
      .join(''),
    rect(280, 116, 240, 34, 12, { fill: '#2B2D31' }),
    rect(370, 96, 60, 26, 8, { fill: '#3E424B' }),
    path('M300 470H500L530 640H270Z', { fill: body(doc, c, 'down'), ...outline(c) }),
    rect(300, 470, 200, 18, 6, { fill: darken(c.base, 0.3) }),
    knob(doc, 400, 560, 32, c.pale ? '#3A3E46' : '#E9ECF0'),
    circle(340, 560, 9, { fill: '#7BD389' }),
    circle(460, 560, 9, { fill: darken(c.base, 0.3) }),
    sheen(doc, 280, 470, 240, 170, 10, 0.15),
  );
  return { svg, box: [270, 96, 576, 640], focus: [400, 360] };
}

// Iron

function ironFront(kit: Kit): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    path('M620 520C660 520 690 560 720 600', {
      fill: 'none',
      stroke: '#3A3E46',
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    path('M150 560C200 470 300 410 420 400H610Q640 400 640 440V560Z', {
      fill: body(doc, c),
      ...outline(c),
    }),
    path('M220 500C270 450 340 430 420 426H600V470H250Z', { fill: '#BFE3F8', opacity: 0.75 }),
    path(
      'M300 410C320 300 380 250 470 250H590Q620 250 624 290L632 410H580L572 310Q568 296 552 296H480C430 296 380 330 362 410Z',
      { fill: body(doc, c, 'across'), ...outline(c) },
    ),
    circle(460, 380, 26, { fill: lighten(c.base, 0.3), ...outline(c, 2) }),
    rect(456, 358, 8, 16, 4, { fill: c.dark }),
    rect(500, 260, 60, 24, 10, { fill: darken(c.base, 0.25) }),
    path('M140 560H650Q660 560 660 572V584H150Q136 584 140 560Z', {
      fill: plain(doc, '#F2F4F7', '#9AA1AB'),
    }),
    sheen(doc, 150, 400, 490, 160, 20, 0.15),
  );
  return { svg, box: [140, 250, 700, 584], focus: [420, 470] };
}

// Hair dryer

function dryerFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const accent = m.pick('accent', ['#2B2D31', '#C9CED6', '#D8BE8E']);
  const svg = g(
    {},
    path('M470 600C480 660 560 660 600 690', {
      fill: 'none',
      stroke: '#3A3E46',
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    path('M420 330L496 330L520 600Q520 620 500 620H470Q450 620 446 600Z', {
      fill: body(doc, c, 'across'),
      ...outline(c),
    }),
    rect(470, 420, 30, 60, 12, { fill: accent }),
    rect(474, 500, 22, 40, 10, { fill: darken(c.base, 0.25) }),
    path('M150 230L260 250V350L150 370Z', { fill: plain(doc, '#3A3E46', '#1E2026') }),
    rect(240, 200, 360, 200, 100, { fill: body(doc, c, 'down'), ...outline(c) }),
    rect(240, 200, 360, 200, 100, { fill: cylinder(doc, '#FFFFFF', false), opacity: 0.2 }),
    ellipse(590, 300, 40, 96, { fill: accent }),
    ellipse(590, 300, 26, 70, { fill: darken(accent, 0.3) }),
    [-40, -20, 0, 20, 40]
      .map((dy) => rect(572, 300 + dy - 3, 36, 6, 3, { fill: '#FFFFFF', opacity: 0.2 }))
      .join(''),
    rect(300, 214, 220, 16, 8, { fill: '#FFFFFF', opacity: 0.35 }),
  );
  return { svg, box: [150, 200, 630, 620], focus: [560, 300] };
}

// Fan

function fanHead(kit: Kit, squeeze: number): string {
  const { doc, c, m } = kit;
  const blades = m.pick('blades', [3, 5]);
  const cx = 400;
  const cy = 290;
  const bladeColour = c.pale ? '#BFD4E8' : lighten(c.base, 0.25);
  return g(
    { transform: `translate(${cx} ${cy}) scale(${squeeze} 1) translate(${-cx} ${-cy})` },
    circle(cx, cy, 212, { fill: '#FFFFFF', opacity: 0.35 }),
    Array.from({ length: blades }, (_, i) =>
      path(
        `M${cx} ${cy}C${cx + 40} ${cy - 60} ${cx + 150} ${cy - 120} ${cx + 170} ${cy - 40}C${cx + 180} ${cy + 10} ${cx + 80} ${cy + 20} ${cx} ${cy}Z`,
        {
          fill: bladeColour,
          opacity: 0.85,
          transform: `rotate(${(360 / blades) * i + 10} ${cx} ${cy})`,
        },
      ),
    ).join(''),
    Array.from({ length: 36 }, (_, i) =>
      rect(cx - 1.5, cy - 210, 3, 210, 1.5, {
        fill: '#8D949E',
        opacity: 0.8,
        transform: `rotate(${i * 10} ${cx} ${cy})`,
      }),
    ).join(''),
    [70, 140]
      .map((r) => circle(cx, cy, r, { fill: 'none', stroke: '#8D949E', 'stroke-width': 3 }))
      .join(''),
    circle(cx, cy, 210, { fill: 'none', stroke: c.base, 'stroke-width': 14 }),
    circle(cx, cy, 210, { fill: 'none', stroke: c.edge, 'stroke-width': 2, opacity: 0.5 }),
    circle(cx, cy, 44, { fill: body(doc, c), ...outline(c, 2) }),
    circle(cx - 10, cy - 12, 10, { fill: '#FFFFFF', opacity: 0.4 }),
  );
}

function fanStand(kit: Kit): string {
  const { doc, c } = kit;
  return (
    rect(386, 470, 28, 140, 12, { fill: cylinder(doc, c.pale ? '#C9CED6' : c.base) }) +
    ellipse(400, 630, 150, 30, { fill: c.dark }) +
    ellipse(400, 620, 150, 30, { fill: body(doc, c), ...outline(c) }) +
    circle(350, 618, 8, { fill: '#7BD389' }) +
    circle(380, 622, 8, { fill: '#FFFFFF', opacity: 0.7 })
  );
}

function fanFront(kit: Kit): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    fanStand(kit),
    rect(360, 460, 80, 40, 14, { fill: body(doc, c) }),
    fanHead(kit, 1),
  );
  return { svg, box: [186, 76, 614, 660], focus: [400, 290] };
}

function fanAngle(kit: Kit): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    fanStand(kit),
    path('M430 240H540Q580 240 580 290Q580 340 540 340H430Z', {
      fill: body(doc, c, 'down'),
      ...outline(c),
    }),
    rect(370, 300, 120, 170, 20, { fill: body(doc, c), ...outline(c) }),
    fanHead(kit, 0.62),
  );
  return { svg, box: [250, 76, 580, 660], focus: [560, 290] };
}

// Oil heater

function heaterFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const count = m.pick('fins', [7, 9]);
  const finW = 40;
  const gap = 8;
  const total = count * (finW + gap) - gap;
  const x0 = 360 - total / 2;
  const fins = Array.from({ length: count }, (_, i) => {
    const x = x0 + i * (finW + gap);
    return (
      rect(x, 180, finW, 400, 20, { fill: cylinder(doc, c.base), ...outline(c, 2) }) +
      rect(x + 8, 230, 6, 300, 3, { fill: '#FFFFFF', opacity: 0.25 })
    );
  }).join('');
  const right = x0 + total;
  const svg = g(
    {},
    rect(x0 + 10, 200, total - 20, 20, 6, { fill: c.dark }),
    rect(x0 + 10, 540, total - 20, 20, 6, { fill: c.dark }),
    fins,
    rect(right - 4, 210, 80, 150, 16, { fill: body(doc, c, 'down'), ...outline(c) }),
    knob(doc, right + 36, 250, 18, c.pale ? '#3A3E46' : '#E9ECF0'),
    knob(doc, right + 36, 310, 18, c.pale ? '#3A3E46' : '#E9ECF0'),
    circle(right + 18, 340, 5, { fill: '#F25F5C' }),
    path(`M${x0 + 20} 580L${x0 - 20} 630M${x0 + 20} 580L${x0 + 60} 630`, {
      stroke: '#3A3E46',
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    path(`M${right - 20} 580L${right - 60} 630M${right - 20} 580L${right + 20} 630`, {
      stroke: '#3A3E46',
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    [x0 - 20, x0 + 60, right - 60, right + 20]
      .map((x) => circle(x, 636, 14, { fill: '#2B2D31' }))
      .join(''),
  );
  return { svg, box: [x0 - 34, 180, right + 76, 650], focus: [right + 20, 280] };
}

function box(kit: Kit, art: Art, depth: number): Art {
  return boxTurn(art, {
    depth,
    side: mix(kit.c.base, '#000000', 0.22),
    top: lighten(kit.c.base, 0.12),
  });
}

export const APPLIANCES = {
  fridge: {
    family: 'appliance',
    scene: 'floor',
    front: fridgeFront,
    angle: (kit) => box(kit, fridgeFront(kit), 240),
  },
  washer: {
    family: 'appliance',
    scene: 'floor',
    front: washerFront,
    angle: (kit) => box(kit, washerFront(kit), 300),
  },
  microwave: {
    family: 'appliance',
    scene: 'counter',
    front: microwaveFront,
    angle: (kit) => box(kit, microwaveFront(kit), 300),
  },
  stove: { family: 'appliance', scene: 'floor', front: stoveFront, angle: stoveAngle },
  'air-conditioner': {
    family: 'appliance',
    scene: 'wall',
    front: acFront,
    angle: acOutdoor,
    icon: 4,
  },
  vacuum: { family: 'appliance', scene: 'floor', front: vacuumFront },
  kettle: { family: 'appliance', scene: 'counter', front: kettleFront },
  blender: { family: 'appliance', scene: 'counter', front: blenderFront },
  iron: { family: 'appliance', scene: 'counter', front: ironFront },
  'hair-dryer': { family: 'appliance', scene: 'counter', front: dryerFront },
  fan: { family: 'appliance', scene: 'floor', front: fanFront, angle: fanAngle },
  heater: { family: 'appliance', scene: 'floor', front: heaterFront },
} satisfies Record<string, KindArt>;
