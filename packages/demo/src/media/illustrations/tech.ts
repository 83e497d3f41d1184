import type { Art, KindArt, Kit } from '../look.ts';
import {
  body,
  boxTurn,
  circle,
  cylinder,
  darken,
  ellipse,
  g,
  lens,
  lighten,
  mix,
  outline,
  path,
  plain,
  poly,
  rect,
  screen,
  sheen,
} from './parts.ts';

type Point = [number, number];

/** Maps (u, v) in 0–1 onto the quadrilateral a (top left), b (top right), c, d (bottom left). */
function quad(a: Point, b: Point, c: Point, d: Point) {
  return (u: number, v: number): Point => {
    const top: Point = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
    const bottom: Point = [d[0] + (c[0] - d[0]) * u, d[1] + (c[1] - d[1]) * u];
    return [top[0] + (bottom[0] - top[0]) * v, top[1] + (bottom[1] - top[1]) * v];
  };
}

function cell(at: (u: number, v: number) => Point, u0: number, v0: number, u1: number, v1: number) {
  return poly([at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]);
}

/** A row of app icons for phone and tablet screens. */
function icons(x: number, y: number, size: number, gap: number, count: number, seed: number) {
  const colours = ['#FFFFFF', '#FFD166', '#06D6A0', '#EF476F', '#4CC9F0', '#F9F9F9', '#B8F2E6'];
  return Array.from({ length: count }, (_, i) =>
    rect(x + i * (size + gap), y, size, size, size * 0.26, {
      fill: colours[(i + seed) % colours.length],
      opacity: 0.92,
    }),
  ).join('');
}

// Smartphone

const PHONE = { x: 262, y: 84, w: 276, h: 556, r: 48 };

function phoneFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const { x, y, w, h, r } = PHONE;
  const cut = m.pick('cutout', ['punch', 'island', 'notch']);
  const seed = m.int('icons', 7);
  const sx = x + 16;
  const sw = w - 32;
  const iconSize = 44;
  const gap = (sw - 40 - iconSize * 4) / 3;
  const camera =
    cut === 'punch'
      ? circle(400, y + 42, 10, { fill: '#05070B' }) + circle(403, y + 39, 3, { fill: '#3B4A6B' })
      : cut === 'island'
        ? rect(350, y + 28, 100, 30, 15, { fill: '#05070B' }) +
          circle(432, y + 43, 5, { fill: '#25314A' })
        : path(`M${340} ${y + 16}h120v10a16 16 0 0 1 -16 16h-88a16 16 0 0 1 -16 -16Z`, {
            fill: '#0B0D12',
          });
  const svg = g(
    {},
    rect(x - 4, y + 150, 8, 64, 3, { fill: c.dark }),
    rect(x - 4, y + 230, 8, 64, 3, { fill: c.dark }),
    rect(x + w - 4, y + 190, 8, 92, 3, { fill: c.dark }),
    rect(x, y, w, h, r, { fill: body(doc, c, 'across'), ...outline(c) }),
    rect(x + 7, y + 7, w - 14, h - 14, r - 7, { fill: '#0B0D12' }),
    screen(kit, sx, y + 16, sw, h - 32, r - 16),
    rect(sx + 20, y + 80, sw - 40, 110, 22, { fill: '#FFFFFF', opacity: 0.2 }),
    rect(sx + 38, y + 104, 90, 26, 8, { fill: '#FFFFFF', opacity: 0.85 }),
    rect(sx + 38, y + 142, 140, 12, 6, { fill: '#FFFFFF', opacity: 0.55 }),
    icons(sx + 20, y + 230, iconSize, gap, 4, seed),
    icons(sx + 20, y + 300, iconSize, gap, 4, seed + 3),
    rect(sx + 10, y + h - 120, sw - 20, 74, 26, { fill: '#FFFFFF', opacity: 0.22 }),
    icons(sx + 20, y + h - 105, iconSize, gap, 4, seed + 5),
    rect(345, y + h - 34, 110, 7, 3.5, { fill: '#FFFFFF', opacity: 0.75 }),
    camera,
  );
  return { svg, box: [x - 4, y, x + w + 4, y + h], focus: [400, y + 130] };
}

function phoneBack(kit: Kit): Art {
  const { doc, c, m } = kit;
  const { x, y, w, h, r } = PHONE;
  const module = m.pick('module', ['square', 'pill', 'band']);
  const lenses = m.pick('lenses', [2, 3, 3]);
  const ring = c.pale ? '#9AA1AB' : darken(c.base, 0.25);
  let camera = '';
  if (module === 'square') {
    const mx = x + 22;
    const my = y + 22;
    const spots: Point[] =
      lenses === 3
        ? [
            [mx + 44, my + 44],
            [mx + 44, my + 112],
            [mx + 108, my + 78],
          ]
        : [
            [mx + 44, my + 44],
            [mx + 44, my + 112],
          ];
    camera =
      rect(mx, my, 150, 156, 40, {
        fill: doc.linear(
          [
            [0, lighten(c.base, 0.2)],
            [1, c.dark],
          ],
          0,
          0,
          1,
          1,
        ),
        ...outline(c, 2),
      }) +
      spots.map(([cx, cy]) => lens(doc, cx, cy, 30, ring)).join('') +
      circle(mx + 112, my + 128, 11, { fill: '#FFF6D8', stroke: '#C9B98A', 'stroke-width': 2 });
  } else if (module === 'pill') {
    const mx = x + 30;
    const my = y + 28;
    const height = lenses * 78 + 14;
    camera =
      rect(mx, my, 84, height, 42, { fill: darken(c.base, 0.12), ...outline(c, 2) }) +
      Array.from({ length: lenses }, (_, i) => lens(doc, mx + 42, my + 46 + i * 78, 32, ring)).join(
        '',
      ) +
      circle(mx + 112, my + 40, 11, { fill: '#FFF6D8', stroke: '#C9B98A', 'stroke-width': 2 });
  } else {
    const my = y + 40;
    camera =
      rect(x + 18, my, w - 36, 96, 48, { fill: darken(c.base, 0.14), ...outline(c, 2) }) +
      Array.from({ length: lenses }, (_, i) => lens(doc, x + 68 + i * 70, my + 48, 30, ring)).join(
        '',
      ) +
      circle(x + w - 56, my + 48, 10, { fill: '#FFF6D8', stroke: '#C9B98A', 'stroke-width': 2 });
  }
  const svg = g(
    {},
    rect(x - 4, y + 190, 8, 92, 3, { fill: c.dark }),
    rect(x + w - 4, y + 150, 8, 64, 3, { fill: c.dark }),
    rect(x + w - 4, y + 230, 8, 64, 3, { fill: c.dark }),
    rect(x, y, w, h, r, { fill: body(doc, c), ...outline(c) }),
    rect(x + 6, y + 6, w - 12, h - 12, r - 6, {
      fill: doc.linear(
        [
          [0, lighten(c.base, c.pale ? 0.3 : 0.12)],
          [1, c.base],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
    sheen(doc, x + 6, y + 6, w - 12, h - 12, r - 6, 0.3),
    circle(400, y + h * 0.56, 26, {
      fill: 'none',
      stroke: c.edge,
      'stroke-opacity': 0.25,
      'stroke-width': 4,
    }),
    camera,
  );
  return { svg, box: [x - 4, y, x + w + 4, y + h], focus: [x + 100, y + 110] };
}

/** The catalogue's main phone and tablet shot: the back, in its colour, behind the lit front. */
function frontAndBack(back: Art, front: Art, spread: number, scale: number): Art {
  const [x0, y0, x1, y1] = front.box;
  const cx = (x0 + x1) / 2;
  const svg = g(
    { transform: `translate(${cx} ${y1}) scale(${scale}) translate(${-cx} ${-y1})` },
    g({ transform: `translate(${-spread} -6) rotate(-7 ${cx} ${y1})` }, back.svg),
    g({ transform: `translate(${spread} 0)` }, front.svg),
  );
  const half = ((x1 - x0) / 2 + spread + 30) * scale;
  return {
    svg,
    box: [cx - half, y1 - (y1 - y0 + 30) * scale, cx + half, y1],
    focus: [cx + spread * scale, y0 + (front.focus[1] - y0) * scale],
  };
}

// Tablet

const TABLET = { x: 175, y: 70, w: 450, h: 580, r: 38 };

function tabletFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const { x, y, w, h, r } = TABLET;
  const seed = m.int('icons', 7);
  const b = 20;
  const sx = x + b;
  const sw = w - 2 * b;
  const rows = [0, 1, 2].map((row) =>
    icons(sx + 36, y + 150 + row * 86, 54, 32, 5, seed + row * 2),
  );
  const svg = g(
    {},
    rect(x + w - 130, y - 4, 70, 8, 3, { fill: c.dark }),
    rect(x, y, w, h, r, { fill: body(doc, c, 'across'), ...outline(c) }),
    rect(x + 6, y + 6, w - 12, h - 12, r - 6, { fill: '#0B0D12' }),
    screen(kit, sx, y + b, sw, h - 2 * b, r - b + 4),
    rect(sx + 30, y + 56, 170, 60, 16, { fill: '#FFFFFF', opacity: 0.22 }),
    rect(sx + 46, y + 72, 80, 16, 8, { fill: '#FFFFFF', opacity: 0.85 }),
    rect(sx + 46, y + 96, 120, 8, 4, { fill: '#FFFFFF', opacity: 0.55 }),
    ...rows,
    rect(sx + 60, y + h - 120, sw - 120, 80, 26, { fill: '#FFFFFF', opacity: 0.22 }),
    icons(sx + 84, y + h - 106, 52, 26, 5, seed + 4),
    circle(400, y + 10, 4, { fill: '#2A3346' }),
  );
  return { svg, box: [x, y - 4, x + w, y + h], focus: [400, y + 170] };
}

function tabletBack(kit: Kit): Art {
  const { doc, c, m } = kit;
  const { x, y, w, h, r } = TABLET;
  const ring = c.pale ? '#9AA1AB' : darken(c.base, 0.25);
  const dual = m.chance('dual', 50);
  const svg = g(
    {},
    rect(x + 60, y - 4, 70, 8, 3, { fill: c.dark }),
    rect(x, y, w, h, r, { fill: body(doc, c), ...outline(c) }),
    sheen(doc, x, y, w, h, r, 0.26),
    rect(x + 26, y + 26, dual ? 90 : 76, dual ? 150 : 76, 30, {
      fill: darken(c.base, 0.1),
      ...outline(c, 2),
    }),
    lens(doc, x + 64, y + 64, 26, ring),
    dual ? lens(doc, x + 64, y + 132, 22, ring) : '',
    circle(x + (dual ? 100 : 88), y + (dual ? 100 : 118), 8, { fill: '#FFF6D8' }),
    circle(400, y + h / 2, 34, {
      fill: 'none',
      stroke: c.edge,
      'stroke-opacity': 0.22,
      'stroke-width': 5,
    }),
    rect(x + 150, y + h - 36, w - 300, 10, 5, { fill: c.edge, opacity: 0.18 }),
  );
  return { svg, box: [x, y - 4, x + w, y + h], focus: [x + 80, y + 100] };
}

// Laptop

function laptopFront(kit: Kit): Art {
  const { doc, c } = kit;
  const lid = { x: 150, y: 140, w: 500, h: 340 };
  const a: Point = [150, 484];
  const b: Point = [650, 484];
  const cc: Point = [728, 590];
  const d: Point = [72, 590];
  const deck = quad(a, b, cc, d);
  const keyboard = quad(deck(0.09, 0.08), deck(0.91, 0.08), deck(0.91, 0.55), deck(0.09, 0.55));
  const keys: string[] = [];
  for (let row = 0; row < 5; row += 1) {
    const cols = 14;
    for (let col = 0; col < cols; col += 1) {
      const u0 = col / cols + 0.006;
      const u1 = (col + 1) / cols - 0.006;
      const v0 = row / 5 + 0.04;
      const v1 = (row + 1) / 5 - 0.04;
      if (row === 4 && col > 3 && col < 10) {
        if (col === 4)
          keys.push(
            path(cell(keyboard, 4 / cols + 0.006, v0, 10 / cols - 0.006, v1), { fill: '#1C1F26' }),
          );
        continue;
      }
      keys.push(path(cell(keyboard, u0, v0, u1, v1), { fill: '#1C1F26' }));
    }
  }
  const pad = quad(deck(0.36, 0.62), deck(0.64, 0.62), deck(0.64, 0.94), deck(0.36, 0.94));
  const svg = g(
    {},
    rect(lid.x, lid.y, lid.w, lid.h + 8, 20, { fill: body(doc, c, 'across'), ...outline(c) }),
    rect(lid.x + 5, lid.y + 5, lid.w - 10, lid.h, 16, { fill: '#0E1015' }),
    screen(kit, lid.x + 18, lid.y + 18, lid.w - 36, lid.h - 34, 6),
    rect(lid.x + 60, lid.y + 270, lid.w - 120, 34, 12, { fill: '#FFFFFF', opacity: 0.2 }),
    icons(lid.x + 78, lid.y + 276, 22, 14, 10, kit.m.int('icons', 7)),
    circle(400, lid.y + 11, 3, { fill: '#2A3346' }),
    path(poly([a, b, cc, d]), {
      fill: plain(doc, lighten(c.base, c.pale ? 0.35 : 0.18), c.base),
      ...outline(c),
    }),
    ...keys,
    path(poly([pad(0, 0), pad(1, 0), pad(1, 1), pad(0, 1)]), {
      fill: darken(c.base, c.pale ? 0.06 : 0.1),
      stroke: c.edge,
      'stroke-opacity': 0.25,
    }),
    path(`M${d[0]} ${d[1]}H${cc[0]}v10a10 10 0 0 1 -10 10H${d[0] + 10}a10 10 0 0 1 -10 -10Z`, {
      fill: c.dark,
    }),
    rect(360, 590, 80, 8, 4, { fill: darken(c.dark, 0.2), opacity: 0.5 }),
  );
  return { svg, box: [72, lid.y, 728, 610], focus: [400, 530] };
}

function laptopClosed(kit: Kit): Art {
  const { doc, c } = kit;
  const front: Art = {
    svg: g(
      {},
      rect(160, 480, 480, 30, 10, { fill: plain(doc, c.base, c.dark) }),
      rect(160, 480, 480, 10, 4, { fill: lighten(c.base, 0.2) }),
      rect(360, 496, 80, 5, 2.5, { fill: c.edge, opacity: 0.4 }),
    ),
    box: [160, 480, 640, 510],
    focus: [400, 495],
  };
  const lidLength = 420;
  const art = boxTurn(front, {
    depth: lidLength,
    side: c.dark,
    top: plain(doc, lighten(c.base, c.pale ? 0.3 : 0.2), c.base, true),
    topArt:
      ellipse(240, lidLength / 2, 34, 34, {
        fill: 'none',
        stroke: c.edge,
        'stroke-opacity': 0.3,
        'stroke-width': 6,
      }) + rect(0, 0, 480, lidLength, 0, { fill: sheenFill(kit) }),
  });
  return { ...art, focus: [art.box[0] + 260, art.box[1] + 160] };
}

function sheenFill(kit: Kit): string {
  return kit.doc.linear(
    [
      [0, '#FFFFFF', 0.3],
      [0.45, '#FFFFFF', 0.05],
      [0.46, '#FFFFFF', 0],
      [1, '#FFFFFF', 0],
    ],
    0,
    0,
    1,
    1,
  );
}

// Desktop tower

function towerFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const x = 255;
  const y = 90;
  const w = 290;
  const h = 540;
  const glow = m.pick('glow', ['#4CC9F0', '#F72585', '#80FFDB', '#FFD166']);
  const holes: string[] = [];
  for (let row = 0; row < 16; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      holes.push(
        circle(x + 62 + col * 24 + (row % 2) * 12, y + 150 + row * 22, 6, {
          fill: darken(c.base, 0.45),
          opacity: 0.7,
        }),
      );
    }
  }
  const svg = g(
    {},
    rect(x + 20, y + h - 6, 40, 20, 6, { fill: '#1E2026' }),
    rect(x + w - 60, y + h - 6, 40, 20, 6, { fill: '#1E2026' }),
    rect(x, y, w, h, 26, { fill: body(doc, c, 'across'), ...outline(c) }),
    rect(x + 40, y + 130, w - 80, 370, 18, { fill: darken(c.base, 0.18) }),
    ...holes,
    rect(x + 40, y + 130, 6, 370, 3, { fill: glow, opacity: 0.9 }),
    rect(x + w - 46, y + 130, 6, 370, 3, { fill: glow, opacity: 0.9 }),
    circle(x + w / 2, y + 62, 20, { fill: darken(c.base, 0.25) }),
    circle(x + w / 2, y + 62, 12, { fill: 'none', stroke: glow, 'stroke-width': 4 }),
    rect(x + 52, y + 56, 30, 12, 3, { fill: '#15171C' }),
    rect(x + 92, y + 56, 30, 12, 3, { fill: '#15171C' }),
    rect(x + w - 80, y + 56, 16, 12, 3, { fill: '#15171C' }),
    sheen(doc, x, y, w, h, 26, 0.18),
  );
  return { svg, box: [x, y, x + w, y + h + 14], focus: [x + w / 2, y + 90] };
}

function towerAngle(kit: Kit): Art {
  const { doc, c, m } = kit;
  const front = towerFront(kit);
  const glow = m.pick('glow', ['#4CC9F0', '#F72585', '#80FFDB', '#FFD166']);
  const depth = 330;
  const fan = (cx: number, cy: number) =>
    circle(cx, cy, 52, { fill: '#0F1117', stroke: glow, 'stroke-width': 6 }) +
    circle(cx, cy, 16, { fill: '#2A2D36' }) +
    [0, 72, 144, 216, 288]
      .map((a) =>
        path(`M${cx} ${cy}q30 -14 40 -34`, {
          fill: 'none',
          stroke: '#3A3E4A',
          'stroke-width': 8,
          transform: `rotate(${a} ${cx} ${cy})`,
        }),
      )
      .join('');
  return boxTurn(front, {
    depth,
    side: darken(c.base, 0.3),
    top: lighten(c.base, 0.15),
    sideArt:
      rect(16, 16, depth - 32, 508, 14, { fill: plain(doc, '#1B1E28', '#0B0D12') }) +
      fan(depth - 90, 120) +
      fan(depth - 90, 250) +
      rect(40, 300, depth - 170, 60, 8, { fill: '#2A2E38' }) +
      rect(40, 300, depth - 170, 8, 4, { fill: glow, opacity: 0.8 }) +
      rect(50, 80, 80, 90, 8, { fill: '#2E323C' }) +
      rect(16, 16, depth - 32, 508, 14, { fill: '#FFFFFF', opacity: 0.06 }),
  });
}

// Monitor

function monitorFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const curved = m.chance('curved', 30);
  const x = 100;
  const y = 110;
  const w = 600;
  const h = 350;
  const panel = curved
    ? `M${x} ${y}Q400 ${y + 26} ${x + w} ${y}V${y + h}Q400 ${y + h + 26} ${x} ${y + h}Z`
    : '';
  const svg = g(
    {},
    rect(370, y + h - 10, 60, 140, 8, { fill: cylinder(doc, c.base) }),
    path(`M300 ${y + h + 150}Q400 ${y + h + 120} 500 ${y + h + 150}L520 ${y + h + 168}H280Z`, {
      fill: plain(doc, c.light, c.dark),
      ...outline(c),
    }),
    curved
      ? path(panel, { fill: '#121419', stroke: c.edge, 'stroke-width': 4 })
      : rect(x, y, w, h, 14, { fill: '#121419', stroke: c.edge, 'stroke-width': 4 }),
    curved
      ? g(
          { 'clip-path': doc.clip(path(panel)) },
          screen(kit, x + 10, y + 10, w - 20, h - 20, 0, 'landscape'),
        )
      : screen(kit, x + 10, y + 10, w - 20, h - 36, 4, 'landscape'),
    curved ? '' : rect(x, y + h - 26, w, 26, 0, { fill: body(doc, c, 'down') }),
    curved ? '' : rect(x + 4, y + h - 26, w - 8, 22, 10, { fill: 'none' }),
    curved ? '' : circle(400, y + h - 13, 4, { fill: '#7FE3A0' }),
  );
  return { svg, box: [x, y, x + w, y + h + 168], focus: [400, y + h + 20] };
}

function monitorBack(kit: Kit): Art {
  const { doc, c } = kit;
  const x = 100;
  const y = 110;
  const w = 600;
  const h = 350;
  const vents = Array.from({ length: 9 }, (_, i) =>
    rect(x + 60 + i * 14, y + 40, 6, 80, 3, { fill: c.dark, opacity: 0.5 }),
  ).join('');
  const svg = g(
    {},
    rect(x, y, w, h, 18, { fill: body(doc, c), ...outline(c) }),
    rect(x + 140, y + 70, w - 280, h - 110, 60, {
      fill: plain(doc, lighten(c.base, 0.12), c.dark),
      ...outline(c, 2),
    }),
    vents,
    rect(x + w - 200, y + 40, 130, 10, 5, { fill: c.dark, opacity: 0.4 }),
    rect(340, y + 160, 120, 120, 14, { fill: darken(c.base, 0.2) }),
    rect(372, y + 200, 56, h - 40, 10, { fill: cylinder(doc, c.base) }),
    path(`M300 ${y + h + 150}Q400 ${y + h + 120} 500 ${y + h + 150}L520 ${y + h + 168}H280Z`, {
      fill: plain(doc, c.light, c.dark),
      ...outline(c),
    }),
    sheen(doc, x, y, w, h, 18, 0.22),
  );
  return { svg, box: [x, y, x + w, y + h + 168], focus: [400, y + 200] };
}

// TV

function tvFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const x = 70;
  const y = 160;
  const w = 660;
  const h = 380;
  const stand = m.pick('stand', ['feet', 'pedestal']);
  const feet =
    stand === 'feet'
      ? path(`M${x + 90} ${y + h - 10}L${x + 60} ${y + h + 60}h24L${x + 120} ${y + h - 10}Z`, {
          fill: plain(doc, c.light, c.dark),
        }) +
        path(
          `M${x + w - 90} ${y + h - 10}L${x + w - 60} ${y + h + 60}h-24L${x + w - 120} ${y + h - 10}Z`,
          { fill: plain(doc, c.light, c.dark) },
        )
      : rect(380, y + h - 10, 40, 50, 4, { fill: c.dark }) +
        path(`M280 ${y + h + 50}h240l16 14H264Z`, {
          fill: plain(doc, c.light, c.dark),
          ...outline(c),
        });
  const svg = g(
    {},
    feet,
    rect(x, y, w, h, 8, {
      fill: '#101217',
      stroke: mix(c.base, '#101217', 0.3),
      'stroke-width': 6,
    }),
    screen(kit, x + 10, y + 10, w - 20, h - 20, 2, 'landscape'),
    rect(x + 3, y + h - 6, w - 6, 6, 3, { fill: c.base }),
    circle(400, y + h + 4, 3, { fill: '#E8424A' }),
  );
  return { svg, box: [x, y, x + w, y + h + 64], focus: [x + 120, y + h - 20] };
}

function tvAngle(kit: Kit): Art {
  const { c } = kit;
  return boxTurn(tvFront(kit), { depth: 46, side: darken(c.base, 0.35), top: darken(c.base, 0.1) });
}

// Headphones

function headphonesFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const cushion = c.pale ? '#CFC8C0' : '#2A2C31';
  const metal = m.pick('metal', ['#C9CED6', '#B8A07A', '#8B9099']);
  const cup = (x: number, flip: boolean) => {
    const inner = flip ? x - 30 : x + 120;
    return (
      rect(inner, 380, 34, 180, 16, { fill: cushion }) +
      rect(x, 350, 120, 240, 56, { fill: body(doc, c, 'across'), ...outline(c) }) +
      rect(x + 22, 380, 76, 180, 38, {
        fill: 'none',
        stroke: c.dark,
        'stroke-width': 4,
        opacity: 0.5,
      }) +
      sheen(doc, x, 350, 120, 240, 56, 0.25)
    );
  };
  const svg = g(
    {},
    path('M196 420C180 160 300 96 400 96S620 160 604 420', {
      fill: 'none',
      stroke: c.dark,
      'stroke-width': 46,
      'stroke-linecap': 'round',
    }),
    path('M196 420C180 160 300 96 400 96S620 160 604 420', {
      fill: 'none',
      stroke: c.base,
      'stroke-width': 34,
      'stroke-linecap': 'round',
    }),
    path('M236 240C270 160 330 136 400 136S530 160 564 240', {
      fill: 'none',
      stroke: cushion,
      'stroke-width': 26,
      'stroke-linecap': 'round',
    }),
    rect(188, 300, 16, 80, 8, { fill: metal }),
    rect(596, 300, 16, 80, 8, { fill: metal }),
    cup(150, false),
    cup(530, true),
  );
  return { svg, box: [150, 73, 650, 590], focus: [210, 380] };
}

function headphonesSide(kit: Kit): Art {
  const { doc, c } = kit;
  const cushion = c.pale ? '#CFC8C0' : '#2A2C31';
  const svg = g(
    {},
    ellipse(520, 420, 90, 130, { fill: darken(c.base, 0.3) }),
    path('M300 330C290 150 420 90 520 130', {
      fill: 'none',
      stroke: c.dark,
      'stroke-width': 40,
      'stroke-linecap': 'round',
    }),
    path('M300 330C290 150 420 90 520 130', {
      fill: 'none',
      stroke: c.base,
      'stroke-width': 28,
      'stroke-linecap': 'round',
    }),
    ellipse(330, 440, 150, 190, { fill: cushion }),
    ellipse(350, 440, 150, 190, { fill: body(doc, c), ...outline(c) }),
    ellipse(350, 440, 104, 140, { fill: 'none', stroke: c.dark, 'stroke-width': 6, opacity: 0.45 }),
    ellipse(350, 440, 150, 190, { fill: sheenFill(kit) }),
    rect(292, 250, 22, 80, 10, { fill: '#C9CED6' }),
    circle(412, 560, 8, { fill: c.edge, opacity: 0.5 }),
  );
  return { svg, box: [180, 110, 610, 630], focus: [350, 440] };
}

// Earbuds

function earbud(kit: Kit, x: number, y: number, flip: boolean) {
  const { doc, c } = kit;
  const s = flip ? -1 : 1;
  return g(
    { transform: `translate(${x} ${y}) scale(${s} 1)` },
    rect(-16, 10, 32, 130, 16, { fill: cylinder(doc, c.base), ...outline(c, 2) }),
    ellipse(0, 0, 48, 44, { fill: body(doc, c), ...outline(c, 2) }),
    ellipse(-22, -4, 20, 22, { fill: '#2A2D33' }),
    circle(14, -12, 8, { fill: '#FFFFFF', opacity: 0.5 }),
    circle(0, 132, 5, { fill: '#C9CED6' }),
  );
}

function earbudsFront(kit: Kit): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    rect(230, 250, 340, 300, 120, { fill: body(doc, c, 'across'), ...outline(c) }),
    path('M236 350H564', { stroke: c.edge, 'stroke-opacity': 0.45, 'stroke-width': 4 }),
    sheen(doc, 230, 250, 340, 300, 120, 0.3),
    circle(400, 400, 7, { fill: '#7FE3A0' }),
    rect(380, 536, 40, 10, 5, { fill: c.edge, opacity: 0.4 }),
    earbud(kit, 190, 470, false),
    earbud(kit, 610, 470, true),
  );
  return { svg, box: [142, 250, 658, 615], focus: [400, 380] };
}

function earbudsOpen(kit: Kit): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    path('M250 330C250 150 550 150 550 330Z', { fill: body(doc, c), ...outline(c) }),
    path('M270 320C275 190 525 190 530 320Z', { fill: darken(c.base, 0.08) }),
    rect(240, 320, 320, 260, 110, { fill: body(doc, c, 'across'), ...outline(c) }),
    ellipse(400, 336, 150, 28, { fill: darken(c.base, 0.22) }),
    ellipse(340, 330, 44, 36, { fill: body(doc, c), ...outline(c, 2) }),
    ellipse(460, 330, 44, 36, { fill: body(doc, c), ...outline(c, 2) }),
    ellipse(324, 326, 16, 14, { fill: '#2A2D33' }),
    ellipse(476, 326, 16, 14, { fill: '#2A2D33' }),
    sheen(doc, 240, 320, 320, 260, 110, 0.25),
    circle(400, 440, 7, { fill: '#7FE3A0' }),
  );
  return { svg, box: [240, 195, 560, 580], focus: [400, 330] };
}

// Smartwatch

function watchFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const caseColour = c.pale ? c.base : m.pick('case', ['#C9CED6', '#3A3E46', '#D8C3A0']);
  const band = c.base;
  const holes = [0, 1, 2, 3, 4]
    .map((i) => circle(400, 590 + i * 26, 5, { fill: darken(band, 0.4) }))
    .join('');
  const ring = (r: number, colour: string, part: number) => {
    const len = 2 * Math.PI * r;
    return (
      circle(400, 400, r, {
        fill: 'none',
        stroke: colour,
        'stroke-opacity': 0.25,
        'stroke-width': 16,
      }) +
      circle(400, 400, r, {
        fill: 'none',
        stroke: colour,
        'stroke-width': 16,
        'stroke-linecap': 'round',
        'stroke-dasharray': `${len * part} ${len}`,
        transform: 'rotate(-90 400 400)',
      })
    );
  };
  const svg = g(
    {},
    path('M318 90h164l-10 170H328Z', {
      fill: plain(doc, darken(band, 0.1), band),
      ...outline(c, 2),
    }),
    path('M328 540h144l10 170H318Z', {
      fill: plain(doc, band, darken(band, 0.15)),
      ...outline(c, 2),
    }),
    holes,
    rect(530, 330, 24, 60, 8, {
      fill: caseColour,
      stroke: darken(caseColour, 0.3),
      'stroke-width': 2,
    }),
    rect(532, 410, 14, 50, 6, { fill: darken(caseColour, 0.1) }),
    rect(266, 240, 274, 320, 80, {
      fill: plain(doc, lighten(caseColour, 0.3), darken(caseColour, 0.25), true),
    }),
    rect(280, 254, 246, 292, 68, { fill: '#07080B' }),
    ring(92, '#FA3E5B', m.range('move', 0.55, 0.9)),
    ring(70, '#9BEF3C', m.range('exercise', 0.4, 0.85)),
    ring(48, '#3ED6F5', m.range('stand', 0.5, 0.95)),
    rect(340, 290, 120, 14, 7, { fill: '#FFFFFF', opacity: 0.8 }),
    sheen(doc, 280, 254, 246, 292, 68, 0.16),
  );
  return { svg, box: [266, 90, 554, 710], focus: [420, 400] };
}

function watchAngle(kit: Kit): Art {
  const art = watchFront(kit);
  return {
    ...art,
    svg: g({ transform: 'rotate(-16 400 400)' }, art.svg),
    box: [180, 80, 620, 720],
  };
}

// Speaker

function speakerMesh(kit: Kit, x: number, y: number, w: number, h: number, rx: number) {
  const { doc, c } = kit;
  const dots: string[] = [];
  for (let row = 0; row * 16 < h; row += 1) {
    for (let col = 0; col * 16 < w; col += 1) {
      dots.push(
        circle(x + col * 16 + (row % 2) * 8, y + row * 16 + 6, 3.2, { fill: darken(c.base, 0.35) }),
      );
    }
  }
  return g({ 'clip-path': doc.clip(rect(x, y, w, h, rx)) }, ...dots);
}

function speakerFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const accent = m.pick('accent', ['#2B2D31', darken(c.base, 0.35), '#E9ECF0']);
  const x = 130;
  const y = 300;
  const w = 540;
  const h = 250;
  const svg = g(
    {},
    rect(x + 140, y + h - 10, 260, 24, 12, { fill: '#2B2D31' }),
    rect(x, y, w, h, 125, { fill: body(doc, c, 'down'), ...outline(c) }),
    speakerMesh(kit, x + 60, y + 20, w - 120, h - 40, 100),
    rect(x, y, 76, h, 38, { fill: accent }),
    rect(x + w - 76, y, 76, h, 38, { fill: accent }),
    rect(x + 250, y - 8, 40, 22, 8, { fill: '#2B2D31' }),
    rect(x + 210, y + 6, 120, 14, 7, { fill: accent }),
    circle(x + 230, y + 13, 4, { fill: '#FFFFFF', opacity: 0.8 }),
    circle(x + 270, y + 13, 4, { fill: '#FFFFFF', opacity: 0.8 }),
    circle(x + 310, y + 13, 4, { fill: '#FFFFFF', opacity: 0.8 }),
    rect(x + 210, y + 110, 120, 34, 17, { fill: accent }),
    rect(x, y, w, h, 125, { fill: cylinder(doc, '#FFFFFF', false), opacity: 0.18 }),
  );
  return { svg, box: [x, y - 8, x + w, y + h + 14], focus: [x + 270, y + 60] };
}

function speakerAngle(kit: Kit): Art {
  const { doc, c, m } = kit;
  const accent = m.pick('accent', ['#2B2D31', darken(c.base, 0.35), '#E9ECF0']);
  const svg = g(
    {},
    rect(190, 300, 390, 250, 40, { fill: body(doc, c, 'down') }),
    speakerMesh(kit, 200, 320, 360, 210, 20),
    rect(190, 300, 390, 250, 40, { fill: cylinder(doc, '#FFFFFF', false), opacity: 0.18 }),
    ellipse(200, 425, 70, 125, { fill: darken(c.base, 0.2) }),
    ellipse(580, 425, 76, 126, { fill: accent }),
    ellipse(580, 425, 56, 100, { fill: darken(accent, 0.2) }),
    ellipse(580, 425, 36, 70, { fill: c.base }),
    ellipse(570, 410, 12, 24, { fill: '#FFFFFF', opacity: 0.35 }),
  );
  return { svg, box: [130, 300, 656, 551], focus: [580, 425] };
}

// Camera

function cameraFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const leather = c.pale ? '#2E3036' : darken(c.base, 0.35);
  const big = m.chance('zoom', 50);
  const svg = g(
    {},
    path('M290 230L320 170H470L500 230Z', { fill: body(doc, c), ...outline(c) }),
    rect(300, 176, 180, 10, 5, { fill: lighten(c.base, 0.25), opacity: 0.6 }),
    rect(200, 200, 44, 24, 6, { fill: darken(c.base, 0.2) }),
    ellipse(222, 198, 30, 10, { fill: c.light }),
    rect(540, 196, 70, 28, 8, { fill: '#2E3036' }),
    rect(150, 222, 500, 300, 36, { fill: body(doc, c, 'down'), ...outline(c) }),
    rect(150, 300, 500, 170, 0, { fill: leather }),
    rect(150, 222, 110, 300, 36, { fill: leather }),
    rect(160, 232, 90, 280, 30, { fill: '#FFFFFF', opacity: 0.05 }),
    circle(420, 395, big ? 168 : 150, { fill: '#1A1C21' }),
    circle(420, 395, big ? 150 : 134, { fill: plain(doc, '#41454E', '#17191D') }),
    Array.from({ length: 24 }, (_, i) =>
      rect(417, 395 - (big ? 160 : 142), 6, 12, 2, {
        fill: '#2A2D33',
        transform: `rotate(${i * 15} 420 395)`,
      }),
    ).join(''),
    lens(doc, 420, 395, big ? 118 : 104, '#2B2E35'),
    circle(420, 395, big ? 150 : 134, { fill: 'none', stroke: c.base, 'stroke-width': 6 }),
    circle(600, 262, 10, { fill: '#E8424A', opacity: 0.8 }),
  );
  return { svg, box: [150, 170, 650, 563], focus: [420, 395] };
}

function cameraBack(kit: Kit): Art {
  const { doc, c } = kit;
  const leather = c.pale ? '#2E3036' : darken(c.base, 0.35);
  const svg = g(
    {},
    path('M330 230L350 170H480L500 230Z', { fill: body(doc, c), ...outline(c) }),
    rect(370, 150, 90, 60, 22, { fill: '#1E2025' }),
    rect(150, 222, 500, 300, 36, { fill: body(doc, c, 'down'), ...outline(c) }),
    rect(540, 222, 110, 300, 36, { fill: leather }),
    rect(196, 262, 300, 200, 14, { fill: '#0E1015' }),
    screen(kit, 206, 272, 280, 180, 8, 'landscape'),
    circle(590, 300, 22, { fill: '#2E3036' }),
    circle(590, 300, 10, { fill: '#4A4E58' }),
    circle(590, 400, 40, { fill: '#2E3036' }),
    circle(590, 400, 18, { fill: '#4A4E58' }),
    rect(560, 460, 60, 20, 8, { fill: '#2E3036' }),
    rect(196, 478, 80, 16, 8, { fill: '#2E3036' }),
  );
  return { svg, box: [150, 150, 650, 522], focus: [340, 360] };
}

// Console

function controller(kit: Kit, cx: number, cy: number, scale: number) {
  const { doc, c } = kit;
  const face = c.pale ? '#2B2D31' : '#E9ECF0';
  return g(
    { transform: `translate(${cx} ${cy}) scale(${scale})` },
    path(
      'M-150 -60C-120 -90 120 -90 150 -60C190 -20 220 80 190 110C160 140 120 100 90 60H-90C-120 100 -160 140 -190 110C-220 80 -190 -20 -150 -60Z',
      { fill: body(doc, c), ...outline(c) },
    ),
    circle(-95, -20, 34, { fill: darken(c.base, 0.18) }),
    path('M-106 -20h22M-95 -31v22', {
      stroke: face,
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }),
    circle(100, -40, 11, { fill: '#F25F5C' }),
    circle(124, -16, 11, { fill: '#4CC9F0' }),
    circle(76, -16, 11, { fill: '#FFD166' }),
    circle(100, 8, 11, { fill: '#7BD389' }),
    circle(-48, 40, 28, { fill: '#2B2D31' }),
    circle(-48, 40, 18, { fill: '#3E424B' }),
    circle(48, 40, 28, { fill: '#2B2D31' }),
    circle(48, 40, 18, { fill: '#3E424B' }),
    rect(-20, -52, 40, 14, 7, { fill: darken(c.base, 0.25) }),
  );
}

function consoleFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const light = m.pick('light', ['#4CC9F0', '#FFFFFF', '#7BD389']);
  const svg = g(
    {},
    rect(130, 220, 540, 170, 24, { fill: body(doc, c, 'down'), ...outline(c) }),
    rect(130, 300, 540, 14, 0, { fill: darken(c.base, 0.3) }),
    rect(170, 340, 180, 6, 3, { fill: '#15171C' }),
    rect(600, 340, 30, 8, 4, { fill: light }),
    sheen(doc, 130, 220, 540, 170, 24, 0.2),
    controller(kit, 400, 500, 1),
  );
  return { svg, box: [130, 220, 670, 630], focus: [400, 480] };
}

function consoleAngle(kit: Kit): Art {
  return {
    svg: g({ transform: 'rotate(-10 400 420)' }, controller(kit, 400, 400, 1.5)),
    box: [90, 260, 710, 620],
    focus: [520, 380],
  };
}

// Printer

function printerParts(kit: Kit) {
  const { doc, c } = kit;
  const tray = g(
    {},
    path('M250 300L280 150H520L550 300Z', {
      fill: '#FFFFFF',
      stroke: '#D3D7DE',
      'stroke-width': 3,
    }),
    path('M300 190H500M296 215H504M292 240H508', { stroke: '#C3CAD6', 'stroke-width': 6 }),
  );
  const face: Art = {
    svg: g(
      {},
      rect(140, 280, 520, 290, 28, { fill: body(doc, c, 'down'), ...outline(c) }),
      rect(140, 280, 520, 60, 28, { fill: lighten(c.base, 0.12) }),
      rect(510, 300, 110, 26, 8, { fill: '#10131A' }),
      rect(516, 306, 58, 14, 4, { fill: '#4CC9F0', opacity: 0.8 }),
      circle(600, 313, 6, { fill: '#7BD389' }),
      rect(190, 400, 420, 20, 10, { fill: '#15171C' }),
      path('M210 410H590L620 500H180Z', { fill: '#FFFFFF', stroke: '#D3D7DE', 'stroke-width': 3 }),
      rect(240, 440, 200, 10, 5, { fill: '#C3CAD6' }),
      rect(240, 462, 260, 10, 5, { fill: '#C3CAD6' }),
      rect(170, 520, 460, 20, 10, { fill: c.dark, opacity: 0.5 }),
      sheen(doc, 140, 280, 520, 290, 28, 0.2),
    ),
    box: [140, 280, 660, 570],
    focus: [560, 320],
  };
  return { tray, face };
}

function printerFront(kit: Kit): Art {
  const { tray, face } = printerParts(kit);
  return { ...face, svg: tray + face.svg, box: [140, 150, 660, 570] };
}

function printerAngle(kit: Kit): Art {
  const { tray, face } = printerParts(kit);
  return boxTurn(face, {
    depth: 240,
    side: kit.c.dark,
    top: lighten(kit.c.base, 0.1),
    behind: { svg: tray, top: 150, back: 0.5 },
  });
}

// Router

function routerParts(kit: Kit) {
  const { doc, c, m } = kit;
  const count = m.pick('antennas', [2, 4, 4]);
  const xs = count === 2 ? [220, 580] : [190, 320, 480, 610];
  const antennas = xs
    .map((x, i) => {
      const tilt = (i - (xs.length - 1) / 2) * 6;
      return g(
        { transform: `rotate(${tilt} ${x} 440)` },
        rect(x - 16, 170, 32, 280, 16, { fill: cylinder(doc, c.pale ? '#E9ECF0' : '#2B2D31') }),
        rect(x - 20, 420, 40, 30, 8, { fill: darken(c.base, 0.2) }),
      );
    })
    .join('');
  const leds = Array.from({ length: 6 }, (_, i) =>
    circle(290 + i * 44, 520, 6, { fill: i === 5 ? '#FFD166' : '#7BD389' }),
  ).join('');
  const face: Art = {
    svg: g(
      {},
      rect(130, 430, 540, 140, 30, { fill: body(doc, c, 'down'), ...outline(c) }),
      rect(130, 430, 540, 44, 22, { fill: lighten(c.base, 0.15) }),
      Array.from({ length: 12 }, (_, i) =>
        rect(200 + i * 34, 446, 20, 8, 4, { fill: c.dark, opacity: 0.4 }),
      ).join(''),
      leds,
      sheen(doc, 130, 430, 540, 140, 30, 0.2),
    ),
    box: [130, 430, 670, 570],
    focus: [400, 500],
  };
  return { antennas, face };
}

function routerFront(kit: Kit): Art {
  const { antennas, face } = routerParts(kit);
  return { ...face, svg: antennas + face.svg, box: [130, 160, 670, 570] };
}

function routerAngle(kit: Kit): Art {
  const { antennas, face } = routerParts(kit);
  return boxTurn(face, {
    depth: 220,
    side: kit.c.dark,
    top: lighten(kit.c.base, 0.1),
    behind: { svg: antennas, top: 160, back: 0.7 },
  });
}

// Power bank

function powerbankFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const display = m.chance('display', 50);
  const x = 265;
  const y = 170;
  const w = 270;
  const h = 460;
  const svg = g(
    {},
    path(`M${400} ${y}C400 110 520 90 560 60`, {
      fill: 'none',
      stroke: '#E9ECF0',
      'stroke-width': 14,
      'stroke-linecap': 'round',
    }),
    rect(388, y - 26, 24, 30, 6, { fill: '#E9ECF0', stroke: '#C3CAD6', 'stroke-width': 2 }),
    rect(x, y, w, h, 44, { fill: body(doc, c, 'across'), ...outline(c) }),
    sheen(doc, x, y, w, h, 44, 0.3),
    display
      ? rect(x + 70, y + 300, w - 140, 80, 14, { fill: '#10131A' }) +
          Array.from({ length: 4 }, (_, i) =>
            rect(x + 90 + i * 24, y + 320, 16, 40, 3, { fill: i < 3 ? '#7BD389' : '#2E3A33' }),
          ).join('')
      : Array.from({ length: 4 }, (_, i) =>
          circle(x + 90 + i * 30, y + h - 60, 7, {
            fill: i < 3 ? '#7BD389' : darken(c.base, 0.25),
          }),
        ).join(''),
    rect(x + 100, y + 60, w - 200, 10, 5, { fill: c.edge, opacity: 0.25 }),
  );
  return { svg, box: [x, 60, x + w + 30, y + h], focus: [400, y + h - 90] };
}

function powerbankAngle(kit: Kit): Art {
  const { doc, c } = kit;
  const front: Art = {
    svg: g(
      {},
      rect(265, 170, 270, 460, 30, { fill: body(doc, c, 'across') }),
      sheen(doc, 265, 170, 270, 460, 30, 0.3),
      rect(365, 230, 70, 10, 5, { fill: c.edge, opacity: 0.25 }),
    ),
    box: [265, 170, 535, 630],
    focus: [400, 300],
  };
  return boxTurn(front, {
    depth: 70,
    side: c.dark,
    top: lighten(c.base, 0.1),
    topArt:
      rect(60, 24, 40, 18, 6, { fill: '#15171C' }) + rect(130, 24, 50, 16, 4, { fill: '#15171C' }),
  });
}

export const TECH = {
  smartphone: {
    family: 'tech',
    scene: 'desk',
    front: (kit) => frontAndBack(phoneBack(kit), phoneFront(kit), 96, 0.94),
    angle: phoneBack,
    detail: 'angle',
    staged: phoneFront,
  },
  tablet: {
    family: 'tech',
    scene: 'desk',
    front: (kit) => frontAndBack(tabletBack(kit), tabletFront(kit), 100, 0.8),
    angle: tabletBack,
    staged: tabletFront,
  },
  laptop: { family: 'tech', scene: 'desk', front: laptopFront, angle: laptopClosed },
  desktop: { family: 'tech', scene: 'desk', front: towerFront, angle: towerAngle },
  monitor: { family: 'tech', scene: 'desk', front: monitorFront, angle: monitorBack },
  tv: { family: 'tech', scene: 'media', front: tvFront, angle: tvAngle },
  headphones: {
    family: 'tech',
    scene: 'desk',
    front: headphonesFront,
    angle: headphonesSide,
    detail: 'angle',
  },
  earbuds: {
    family: 'tech',
    scene: 'desk',
    front: earbudsFront,
    angle: earbudsOpen,
    detail: 'angle',
  },
  smartwatch: { family: 'tech', scene: 'desk', front: watchFront, angle: watchAngle },
  speaker: { family: 'tech', scene: 'desk', front: speakerFront, angle: speakerAngle },
  camera: { family: 'tech', scene: 'desk', front: cameraFront, angle: cameraBack },
  console: { family: 'tech', scene: 'desk', front: consoleFront, angle: consoleAngle },
  printer: { family: 'tech', scene: 'desk', front: printerFront, angle: printerAngle },
  router: { family: 'tech', scene: 'desk', front: routerFront, angle: routerAngle },
  powerbank: { family: 'tech', scene: 'desk', front: powerbankFront, angle: powerbankAngle },
} satisfies Record<string, KindArt>;
