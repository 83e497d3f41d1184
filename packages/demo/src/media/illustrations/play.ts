import type { Art, KindArt, Kit } from '../look.ts';
import {
  body,
  circle,
  cylinder,
  darken,
  ellipse,
  g,
  lighten,
  line,
  mix,
  outline,
  path,
  plain,
  poly,
  rect,
  sheen,
} from './parts.ts';

function wheel(
  cx: number,
  cy: number,
  r: number,
  spokes: number,
  hub = '#C9CED6',
  tyre = '#26282D',
): string {
  return (
    circle(cx, cy, r, { fill: 'none', stroke: tyre, 'stroke-width': r * 0.2 }) +
    circle(cx, cy, r * 0.86, { fill: 'none', stroke: '#AEB5BF', 'stroke-width': 4 }) +
    Array.from({ length: spokes }, (_, i) => {
      const a = (Math.PI * 2 * i) / spokes;
      return line(cx, cy, cx + Math.cos(a) * r * 0.86, cy + Math.sin(a) * r * 0.86, {
        stroke: '#AEB5BF',
        'stroke-width': 2,
      });
    }).join('') +
    circle(cx, cy, r * 0.14, { fill: hub })
  );
}

// Stroller

function stroller(kit: Kit): Art {
  const { doc, c, m } = kit;
  const frame = m.pick('frame', ['#2B2D31', '#C9CED6', '#D4B06A']);
  const lining = m.pick('lining', ['#F4EDE4', '#FFFFFF', '#E8D5C4']);
  const hoodFolds = [0, 1, 2]
    .map((i) =>
      path(
        `M${600 - i * 4} 420C${606 - i * 30} ${320 - i * 10} ${560 - i * 40} ${250 + i * 4} ${470 - i * 10} ${230 + i * 10}`,
        { fill: 'none', stroke: darken(c.base, 0.3), 'stroke-width': 4, opacity: 0.5 },
      ),
    )
    .join('');
  const svg = g(
    {},
    g({ opacity: 0.55 }, wheel(580, 588, 62, 12, '#8D949E'), wheel(300, 598, 52, 10, '#8D949E')),
    path('M560 590L640 210M300 600L420 470M420 470L560 590', {
      fill: 'none',
      stroke: frame,
      'stroke-width': 12,
      'stroke-linecap': 'round',
    }),
    path('M640 210L690 200', { stroke: '#2B2D31', 'stroke-width': 22, 'stroke-linecap': 'round' }),
    path('M330 560H560L540 520H350Z', { fill: '#2B2D31', opacity: 0.35 }),
    path('M210 410Q210 520 330 524H560Q612 520 612 440V410Z', {
      fill: body(doc, c, 'down'),
      ...outline(c),
    }),
    path('M200 400H620V424H200Z', { fill: lining }),
    path('M612 420C620 300 560 214 440 208C420 260 414 340 432 420Z', {
      fill: body(doc, {
        ...c,
        base: darken(c.base, 0.12),
        light: c.base,
        dark: darken(c.base, 0.3),
      }),
      ...outline(c),
    }),
    hoodFolds,
    path('M440 208C420 260 414 340 432 420', { fill: 'none', stroke: lining, 'stroke-width': 8 }),
    rect(260, 440, 120, 10, 5, { fill: lighten(c.base, 0.3), opacity: 0.6 }),
    wheel(560, 600, 62, 12, frame),
    wheel(290, 610, 52, 10, frame),
  );
  return { svg, box: [190, 200, 700, 672], focus: [520, 330] };
}

// Teddy bear

function teddy(kit: Kit, tilt: number): Art {
  const { doc, c, m } = kit;
  const fur = c.base;
  const muzzle = c.pale ? lighten(c.base, 0.5) : lighten(c.base, 0.45);
  const bow = m.pick('bow', ['#E8424A', '#4CC9F0', '#F2C14E', '#7BD389']);
  const furFill = doc.radial(
    [
      [0, lighten(fur, 0.18)],
      [1, darken(fur, 0.15)],
    ],
    0.45,
    0.4,
    0.65,
  );
  const eye = c.name === 'black' ? '#FFFFFF' : '#1E1F24';
  const head = g(
    { transform: `rotate(${tilt} 400 300)` },
    circle(300, 190, 52, { fill: furFill, ...outline(c) }),
    circle(500, 190, 52, { fill: furFill, ...outline(c) }),
    circle(300, 190, 28, { fill: muzzle }),
    circle(500, 190, 28, { fill: muzzle }),
    circle(400, 290, 130, { fill: furFill, ...outline(c) }),
    ellipse(400, 336, 62, 48, { fill: muzzle }),
    ellipse(400, 316, 22, 15, { fill: '#2B2024' }),
    path('M400 330V350M380 358Q400 372 420 358', {
      fill: 'none',
      stroke: '#2B2024',
      'stroke-width': 5,
      'stroke-linecap': 'round',
    }),
    circle(350, 268, 12, { fill: eye }),
    circle(450, 268, 12, { fill: eye }),
    circle(354, 264, 4, { fill: '#FFFFFF' }),
    circle(454, 264, 4, { fill: '#FFFFFF' }),
  );
  const svg = g(
    {},
    ellipse(300, 590, 70, 56, { fill: furFill, ...outline(c) }),
    ellipse(500, 590, 70, 56, { fill: furFill, ...outline(c) }),
    ellipse(290, 600, 38, 32, { fill: muzzle }),
    ellipse(510, 600, 38, 32, { fill: muzzle }),
    ellipse(400, 500, 140, 140, { fill: furFill, ...outline(c) }),
    ellipse(400, 520, 80, 84, { fill: muzzle, opacity: 0.8 }),
    ellipse(262, 450, 46, 86, {
      fill: furFill,
      transform: `rotate(${tilt ? 40 : 24} 262 450)`,
      ...outline(c),
    }),
    ellipse(538, 450, 46, 86, { fill: furFill, transform: 'rotate(-24 538 450)', ...outline(c) }),
    head,
    path('M350 408L400 424L350 440Z', { fill: bow }),
    path('M450 408L400 424L450 440Z', { fill: bow }),
    circle(400, 424, 12, { fill: darken(bow, 0.15) }),
  );
  return { svg, box: [200, 138, 600, 646], focus: [400, 300] };
}

// Bicycle

function bicycle(kit: Kit): Art {
  const { c, m } = kit;
  const saddle = m.pick('saddle', ['#2B2D31', '#6B4E36']);
  const tyre = m.pick('tyre', ['#26282D', '#26282D', '#C9A27A']);
  const bb: [number, number] = [380, 520];
  const rear: [number, number] = [200, 520];
  const front: [number, number] = [600, 520];
  const seat: [number, number] = [345, 320];
  const head: [number, number] = [560, 330];
  const tube = {
    fill: 'none',
    stroke: c.base,
    'stroke-width': 16,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  } as const;
  const svg = g(
    {},
    wheel(rear[0], rear[1], 150, 18, '#8D949E', tyre),
    wheel(front[0], front[1], 150, 18, '#8D949E', tyre),
    path(`M${bb[0]} ${bb[1]}L${rear[0]} ${rear[1]}L${seat[0]} ${seat[1]}`, {
      ...tube,
      stroke: darken(c.base, 0.12),
      'stroke-width': 11,
    }),
    rect(bb[0] - 200, bb[1] - 8, 200, 16, 8, {
      fill: 'none',
      stroke: '#3A3E46',
      'stroke-width': 4,
    }),
    path(
      `M${seat[0] + 4} ${seat[1] - 10}L${bb[0]} ${bb[1]}L${head[0]} ${head[1] + 30}L${head[0] - 4} ${head[1]}L${seat[0] - 2} ${seat[1] + 8}`,
      tube,
    ),
    path(`M${head[0] - 6} ${head[1] - 20}L${front[0]} ${front[1]}`, {
      ...tube,
      'stroke-width': 12,
      stroke: darken(c.base, 0.1),
    }),
    line(seat[0], seat[1], seat[0] - 12, seat[1] - 50, { stroke: '#AEB5BF', 'stroke-width': 10 }),
    path(
      `M${seat[0] - 70} ${seat[1] - 60}Q${seat[0] - 20} ${seat[1] - 76} ${seat[0] + 30} ${seat[1] - 62}Q${seat[0] + 20} ${seat[1] - 44} ${seat[0] - 60} ${seat[1] - 46}Z`,
      { fill: saddle },
    ),
    line(head[0] - 6, head[1] - 20, head[0] - 16, head[1] - 70, {
      stroke: '#AEB5BF',
      'stroke-width': 10,
    }),
    path(
      `M${head[0] - 16} ${head[1] - 70}Q${head[0] + 30} ${head[1] - 80} ${head[0] + 20} ${head[1] - 40}`,
      { fill: 'none', stroke: '#3A3E46', 'stroke-width': 10, 'stroke-linecap': 'round' },
    ),
    circle(bb[0], bb[1], 34, { fill: 'none', stroke: '#5B616B', 'stroke-width': 8 }),
    line(bb[0], bb[1], bb[0] + 30, bb[1] + 56, { stroke: '#3A3E46', 'stroke-width': 10 }),
    rect(bb[0] + 10, bb[1] + 52, 46, 12, 4, { fill: '#2B2D31' }),
    circle(bb[0], bb[1], 10, { fill: '#C9CED6' }),
    path(`M${seat[0] - 4} ${seat[1] + 30}L${bb[0] - 2} ${bb[1] - 40}`, {
      stroke: '#FFFFFF',
      'stroke-width': 4,
      opacity: 0.3,
      'stroke-linecap': 'round',
    }),
  );
  return { svg, box: [40, 250, 760, 680], focus: [380, 470] };
}

// Drill

function drill(kit: Kit): Art {
  const { doc, c } = kit;
  const rubber = '#2B2D31';
  const svg = g(
    {},
    path('M60 262L150 262L150 298L60 298Z', { fill: plain(doc, '#E9ECF0', '#8D949E') }),
    path('M70 266L90 294M90 266L110 294M110 266L130 294', { stroke: '#7C838E', 'stroke-width': 4 }),
    path('M150 240H230V320H150Z', { fill: plain(doc, '#3A3E46', '#1E2026') }),
    path('M160 240V320M176 240V320M192 240V320M208 240V320', {
      stroke: '#4A4F5B',
      'stroke-width': 4,
    }),
    path('M420 340L400 520H520L540 340Z', { fill: body(doc, c, 'across'), ...outline(c) }),
    path('M440 360L424 500H496L512 360Z', { fill: rubber, opacity: 0.85 }),
    rect(396, 350, 30, 60, 12, { fill: rubber }),
    path('M230 210H560Q620 210 620 280Q620 350 560 350H230Z', {
      fill: body(doc, c, 'down'),
      ...outline(c),
    }),
    rect(250, 226, 140, 20, 10, { fill: '#FFFFFF', opacity: 0.25 }),
    [0, 1, 2, 3]
      .map((i) => rect(560, 240 + i * 22, 40, 8, 4, { fill: rubber, opacity: 0.7 }))
      .join(''),
    rect(230, 300, 90, 50, 10, { fill: rubber }),
    path(
      'M360 520H620Q640 520 640 540V610Q640 630 620 630H360Q340 630 340 610V540Q340 520 360 520Z',
      { fill: plain(doc, '#3A3E46', '#1E2026') },
    ),
    rect(340, 560, 300, 16, 0, { fill: c.base }),
    circle(600, 545, 6, { fill: '#7BD389' }),
  );
  return { svg, box: [60, 210, 640, 630], focus: [250, 280] };
}

// Tyre

function rimColour(kit: Kit): string {
  const { c } = kit;
  return c.pale ? c.base : mix(c.base, '#8D949E', 0.35);
}

function rimFace(kit: Kit, cx: number, cy: number): string {
  const { doc, m } = kit;
  const rim = rimColour(kit);
  const spokes = m.pick('spokes', [5, 6, 10]);
  const spokesSvg = Array.from({ length: spokes }, (_, i) =>
    path(`M${cx - 14} ${cy - 40}L${cx - 28} ${cy - 150}H${cx + 28}L${cx + 14} ${cy - 40}Z`, {
      fill: plain(doc, lighten(rim, 0.35), darken(rim, 0.15), true),
      transform: `rotate(${(360 / spokes) * i} ${cx} ${cy})`,
    }),
  ).join('');
  return (
    circle(cx, cy, 168, { fill: plain(doc, lighten(rim, 0.4), darken(rim, 0.3), true) }) +
    circle(cx, cy, 152, { fill: '#1B1D22' }) +
    circle(cx, cy, 120, { fill: 'none', stroke: '#5B616B', 'stroke-width': 22, opacity: 0.8 }) +
    spokesSvg +
    circle(cx, cy, 50, { fill: plain(doc, lighten(rim, 0.4), darken(rim, 0.2)) }) +
    Array.from({ length: 5 }, (_, i) => {
      const a = (Math.PI * 2 * i) / 5 - Math.PI / 2;
      return circle(cx + Math.cos(a) * 30, cy + Math.sin(a) * 30, 6, { fill: '#8D949E' });
    }).join('') +
    circle(cx, cy, 14, { fill: darken(rim, 0.35) })
  );
}

function tyreFront(kit: Kit): Art {
  const tread = Array.from({ length: 48 }, (_, i) =>
    rect(396, 134, 10, 22, 3, { fill: '#3A3D44', transform: `rotate(${i * 7.5} 400 400)` }),
  ).join('');
  const svg = g(
    {},
    circle(400, 400, 266, { fill: '#1F2126' }),
    tread,
    circle(400, 400, 236, { fill: '#2A2D33' }),
    circle(400, 400, 214, { fill: 'none', stroke: '#33363D', 'stroke-width': 6 }),
    path('M240 300A190 190 0 0 1 400 210', {
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': 10,
      opacity: 0.08,
      'stroke-linecap': 'round',
    }),
    rimFace(kit, 400, 400),
  );
  return { svg, box: [134, 134, 666, 666], focus: [400, 300] };
}

function tyreAngle(kit: Kit): Art {
  const { doc } = kit;
  const sx = 0.5;
  const shift = 150;
  const chevrons = Array.from({ length: 16 }, (_, i) => {
    const y = 160 + i * 33;
    return path(`M${400 + 20} ${y}L${400 + shift / 2} ${y + 14}L${400 + shift - 20} ${y}`, {
      fill: 'none',
      stroke: '#3A3D44',
      'stroke-width': 9,
      'stroke-linejoin': 'round',
    });
  }).join('');
  const band = poly([
    [400, 134],
    [400 + shift, 134],
    [400 + shift, 666],
    [400, 666],
  ]);
  const svg = g(
    { transform: 'translate(-70 0)' },
    ellipse(400 + shift, 400, 266 * sx, 266, { fill: '#1A1C20' }),
    path(band, { fill: plain(doc, '#2A2D33', '#17181C', true) }),
    g({ 'clip-path': doc.clip(path(band)) }, chevrons),
    g(
      { transform: `translate(400 400) scale(${sx} 1) translate(-400 -400)` },
      circle(400, 400, 266, { fill: '#23252A' }),
      circle(400, 400, 236, { fill: '#2A2D33' }),
      rimFace(kit, 400, 400),
    ),
  );
  return { svg, box: [197, 134, 613, 666], focus: [430, 400] };
}

// Dumbbell

function hexPrism(kit: Kit, cx: number, cy: number, r: number, vx: number, vy: number): string {
  const { c } = kit;
  const hex = (x: number, y: number): Array<[number, number]> =>
    Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i;
      return [x + Math.cos(a) * r, y + Math.sin(a) * r] as [number, number];
    });
  const frontHex = hex(cx, cy);
  const backHex = hex(cx + vx, cy + vy);
  const faces = frontHex
    .map((p, i) => {
      const q = frontHex[(i + 1) % 6] as [number, number];
      const bp = backHex[i] as [number, number];
      const bq = backHex[(i + 1) % 6] as [number, number];
      const shade = [0.1, 0.28, 0.2, 0.05, -0.08, 0][i] ?? 0;
      return path(poly([p, q, bq, bp]), {
        fill: shade >= 0 ? darken(c.base, shade + 0.1) : lighten(c.base, -shade),
      });
    })
    .join('');
  return (
    faces +
    path(poly(frontHex), { fill: body(kit.doc, c), ...outline(c, 2) }) +
    circle(cx, cy, r * 0.32, { fill: '#C9CED6' }) +
    circle(cx, cy, r * 0.16, { fill: '#8D949E' })
  );
}

function dumbbellSide(kit: Kit): Art {
  const { doc, c } = kit;
  const head = (x: number) =>
    rect(x, 290, 130, 220, 14, { fill: body(doc, c, 'down'), ...outline(c) }) +
    rect(x, 350, 130, 100, 0, { fill: '#FFFFFF', opacity: 0.08 }) +
    rect(x, 290, 130, 24, 10, { fill: lighten(c.base, 0.2), opacity: 0.5 });
  const knurl = Array.from({ length: 18 }, (_, i) =>
    line(300 + i * 11, 388, 306 + i * 11, 412, { stroke: '#8D949E', 'stroke-width': 2 }),
  ).join('');
  const svg = g(
    {},
    rect(250, 382, 300, 36, 18, { fill: cylinder(doc, '#D9DDE3', false) }),
    knurl,
    rect(236, 360, 28, 80, 8, { fill: cylinder(doc, '#C9CED6', false) }),
    rect(536, 360, 28, 80, 8, { fill: cylinder(doc, '#C9CED6', false) }),
    head(110),
    head(560),
    sheen(doc, 110, 290, 130, 220, 14, 0.2),
    sheen(doc, 560, 290, 130, 220, 14, 0.2),
  );
  return { svg, box: [110, 290, 690, 510], focus: [300, 400] };
}

function dumbbellAngle(kit: Kit): Art {
  const svg = g(
    {},
    hexPrism(kit, 560, 290, 110, 70, -40),
    path('M300 480L560 300', { stroke: '#8D949E', 'stroke-width': 40, 'stroke-linecap': 'round' }),
    path('M300 480L560 300', { stroke: '#E3E6EA', 'stroke-width': 26, 'stroke-linecap': 'round' }),
    hexPrism(kit, 270, 500, 120, 70, -40),
  );
  return { svg, box: [150, 140, 740, 620], focus: [420, 390] };
}

export const PLAY = {
  stroller: { family: 'play', scene: 'outdoor', front: stroller, icon: 7 },
  toy: {
    family: 'play',
    scene: 'floor',
    front: (kit) => teddy(kit, 0),
    angle: (kit) => teddy(kit, -12),
    icon: 8,
  },
  bicycle: { family: 'play', scene: 'outdoor', front: bicycle },
  drill: { family: 'tools', scene: 'desk', front: drill, icon: 5 },
  tire: { family: 'tools', scene: 'floor', front: tyreFront, angle: tyreAngle, icon: 2 },
  dumbbell: { family: 'play', scene: 'floor', front: dumbbellSide, angle: dumbbellAngle },
} satisfies Record<string, KindArt>;
