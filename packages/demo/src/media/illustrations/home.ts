import type { Art, KindArt, Kit } from '../look.ts';
import { type Block, FRONT, furniture, type Projection, THREE_QUARTER } from './blocks.ts';
import {
  body,
  boxTurn,
  circle,
  cylinder,
  darken,
  ellipse,
  g,
  lighten,
  mix,
  outline,
  path,
  plain,
  rect,
  sheen,
} from './parts.ts';

/** Upholstery paints: a soft front, a darker side, a lighter top. */
function fabric(kit: Kit, base = kit.c.base) {
  const { doc } = kit;
  return {
    front: doc.linear(
      [
        [0, lighten(base, 0.14)],
        [0.6, base],
        [1, darken(base, 0.14)],
      ],
      0,
      0,
      0,
      1,
    ),
    side: darken(base, 0.22),
    top: lighten(base, 0.2),
  };
}

function legColour(kit: Kit): string {
  return kit.m.pick('legs', ['#8A6446', '#2B2D31', '#C9A66B', '#6B4E36']);
}

function leg(kit: Kit, x: number, z: number, h: number, w = 18): Block {
  const colour = legColour(kit);
  return { x, y: -h, z, w, h, d: w, r: 4, front: colour, side: darken(colour, 0.25) };
}

// Sofa and armchair

function seating(kit: Kit, seats: number, p: Projection): Art {
  const { m } = kit;
  const f = fabric(kit);
  const seatW = 180;
  const width = seats * seatW;
  const arm = m.pick('arm', [54, 70]);
  const armH = m.pick('armHeight', [170, 200]);
  const pillows = m.chance('pillows', 60);
  const pillow = m.pick('pillow', ['#F2C14E', '#F4EDE4', '#E88D67', '#86A877', '#8FA8D8']);
  const depth = 230;
  const legH = m.pick('legHeight', [26, 44]);
  const blocks: Block[] = [
    leg(kit, -arm + 10, depth - 30, legH),
    leg(kit, width + arm - 28, depth - 30, legH),
    { x: 0, y: 80, z: 160, w: width, h: 230, d: 70, r: 34, ...f },
    ...Array.from(
      { length: seats },
      (_, i): Block => ({
        x: i * seatW + 6,
        y: 110,
        z: 130,
        w: seatW - 12,
        h: 180,
        d: 34,
        r: 30,
        ...fabric(kit, lighten(kit.c.base, 0.04)),
      }),
    ),
    { x: -arm, y: 0, z: 0, w: arm, h: armH, d: depth, r: 28, ...f },
    { x: 0, y: 0, z: 0, w: width, h: 86, d: 160, r: 12, ...fabric(kit, darken(kit.c.base, 0.06)) },
    ...Array.from(
      { length: seats },
      (_, i): Block => ({
        x: i * seatW + 4,
        y: 80,
        z: 0,
        w: seatW - 8,
        h: 56,
        d: 150,
        r: 20,
        ...fabric(kit, lighten(kit.c.base, 0.06)),
      }),
    ),
    ...(pillows
      ? [
          { x: 10, y: 136, z: 110, w: 110, h: 110, d: 20, r: 30, ...fabric(kit, pillow) },
          ...(seats > 1
            ? [
                {
                  x: width - 120,
                  y: 136,
                  z: 110,
                  w: 110,
                  h: 110,
                  d: 20,
                  r: 30,
                  ...fabric(kit, pillow),
                },
              ]
            : []),
        ]
      : []),
    { x: width, y: 0, z: 0, w: arm, h: armH, d: depth, r: 28, ...f },
    leg(kit, -arm + 10, 10, legH),
    leg(kit, width + arm - 28, 10, legH),
  ];
  return furniture(blocks, p, { width: seats > 1 ? 640 : 460, height: 480 }, [0.35, 0.55]);
}

// Bed

function bed(kit: Kit, p: Projection): Art {
  const { m } = kit;
  const f = fabric(kit);
  const linen = m.pick('linen', ['#F7F4EF', '#EEF2F7', '#F3ECE6']);
  const throwColour = m.pick('throw', [darken(kit.c.base, 0.1), '#E4B363', '#8FA8D8', '#C8695A']);
  const w = 420;
  const len = 520;
  const tufts = Array.from({ length: 8 }, (_, i) =>
    circle(40 + (i % 4) * 120 + (Math.floor(i / 4) % 2) * 60, 70 + Math.floor(i / 4) * 80, 5, {
      fill: darken(kit.c.base, 0.25),
    }),
  ).join('');
  const blocks: Block[] = [
    leg(kit, 0, len - 20, 30),
    leg(kit, w - 18, len - 20, 30),
    { x: -20, y: 0, z: len, w: w + 40, h: 300, d: 40, r: 30, ...f, art: tufts },
    { x: 0, y: 0, z: 0, w, h: 70, d: len, r: 10, ...fabric(kit, darken(kit.c.base, 0.05)) },
    {
      x: 8,
      y: 70,
      z: 8,
      w: w - 16,
      h: 50,
      d: len - 16,
      r: 14,
      front: linen,
      side: darken(linen, 0.08),
      top: lighten(linen, 0.4),
    },
    {
      x: 30,
      y: 120,
      z: 400,
      w: 170,
      h: 60,
      d: 90,
      r: 26,
      front: '#FFFFFF',
      side: darken(linen, 0.1),
      top: '#FFFFFF',
    },
    {
      x: 220,
      y: 120,
      z: 400,
      w: 170,
      h: 60,
      d: 90,
      r: 26,
      front: '#FFFFFF',
      side: darken(linen, 0.1),
      top: '#FFFFFF',
    },
    {
      x: 0,
      y: 100,
      z: 0,
      w,
      h: 40,
      d: 360,
      r: 16,
      front: linen,
      side: darken(linen, 0.1),
      top: lighten(linen, 0.3),
    },
    { x: -2, y: 96, z: 0, w: w + 4, h: 46, d: 110, r: 14, ...fabric(kit, throwColour) },
    leg(kit, 0, 0, 30),
    leg(kit, w - 18, 0, 30),
  ];
  return furniture(blocks, p, { width: 620, height: 520 }, [0.5, 0.3]);
}

// Wardrobe

function wardrobeFront(kit: Kit): Art {
  const { doc, c, m } = kit;
  const doors = m.pick('doors', [2, 3]);
  const mirror = m.chance('mirror', 50);
  const x = 200;
  const y = 70;
  const w = 400;
  const h = 540;
  const dw = w / doors;
  const knobColour = m.pick('knob', ['#C9A66B', '#2B2D31', '#C9CED6']);
  const parts = Array.from({ length: doors }, (_, i) => {
    const dx = x + i * dw;
    const isMirror = mirror && i === (doors === 3 ? 1 : 0);
    return (
      rect(dx + 8, y + 24, dw - 16, h - 72, 6, { fill: body(doc, c, 'down'), ...outline(c, 2) }) +
      (isMirror
        ? rect(dx + 26, y + 48, dw - 52, h - 120, 4, {
            fill: doc.linear(
              [
                [0, '#EAF3FA'],
                [0.5, '#C8DBEA'],
                [1, '#E5EFF7'],
              ],
              0,
              0,
              1,
              1,
            ),
            stroke: darken(c.base, 0.2),
            'stroke-width': 3,
          }) +
          path(
            `M${dx + 40} ${y + 120}L${dx + 80} ${y + 70}M${dx + 40} ${y + 170}L${dx + 110} ${y + 80}`,
            { stroke: '#FFFFFF', 'stroke-width': 6, opacity: 0.7 },
          )
        : rect(dx + 26, y + 48, dw - 52, h - 120, 4, {
            fill: 'none',
            stroke: darken(c.base, 0.15),
            'stroke-width': 3,
            opacity: 0.7,
          })) +
      rect(i < doors / 2 ? dx + dw - 24 : dx + 16, y + h / 2 - 50, 8, 60, 4, { fill: knobColour })
    );
  }).join('');
  const face: Art = {
    svg: g(
      {},
      rect(x, y, w, h, 6, { fill: darken(c.base, 0.12), ...outline(c) }),
      rect(x - 10, y, w + 20, 22, 4, { fill: lighten(c.base, 0.1), ...outline(c, 2) }),
      parts,
      rect(x, y + h - 40, w, 40, 4, { fill: darken(c.base, 0.25) }),
    ),
    box: [x - 10, y, x + w + 10, y + h],
    focus: [x + w / 2, y + h / 2],
  };
  return face;
}

// Table

function table(kit: Kit, p: Projection): Art {
  const { c, m } = kit;
  const top = mix(c.base, '#C89B6D', c.pale ? 0.35 : 0.25);
  const legs = darken(c.base, 0.2);
  const legW = m.pick('legWidth', [20, 28, 40]);
  const slab = m.pick('slab', [24, 34, 44]);
  const apron = m.chance('apron', 60);
  const legBlock = (x: number, z: number): Block => ({
    x,
    y: 0,
    z,
    w: legW,
    h: 290,
    d: legW,
    r: Math.min(8, legW / 4),
    front: legs,
    side: darken(legs, 0.25),
  });
  const far = 380 - legW - 20;
  const right = 560 - legW - 20;
  const blocks: Block[] = [
    legBlock(20, far),
    legBlock(right, far),
    ...(apron
      ? [
          {
            x: 20,
            y: 236,
            z: 20,
            w: 520,
            h: 54,
            d: 330,
            r: 2,
            front: darken(top, 0.1),
            side: darken(top, 0.3),
          },
        ]
      : []),
    {
      x: 0,
      y: 290,
      z: 0,
      w: 560,
      h: slab,
      d: 380,
      r: Math.min(10, slab / 3),
      front: plain(kit.doc, lighten(top, 0.1), top),
      side: darken(top, 0.2),
      top: lighten(top, 0.15),
    },
    legBlock(20, 20),
    legBlock(right, 20),
  ];
  return furniture(blocks, p, { width: 620, height: 480 }, [0.15, 0.3]);
}

// Chair

function chair(kit: Kit, p: Projection): Art {
  const { m } = kit;
  const f = fabric(kit);
  const frame = legColour(kit);
  const slats = m.chance('slats', 50);
  const stick = (x: number, z: number, h: number, y = 0): Block => ({
    x,
    y,
    z,
    w: 16,
    h,
    d: 16,
    r: 5,
    front: frame,
    side: darken(frame, 0.25),
  });
  const blocks: Block[] = [
    stick(8, 200, 470),
    stick(196, 200, 470),
    ...(slats
      ? [0, 1, 2].map(
          (i): Block => ({
            x: 24,
            y: 300 + i * 50,
            z: 204,
            w: 172,
            h: 26,
            d: 10,
            r: 6,
            front: frame,
            side: darken(frame, 0.25),
          }),
        )
      : [{ x: 14, y: 270, z: 196, w: 192, h: 190, d: 26, r: 30, ...f }]),
    stick(8, 16, 240),
    { x: 0, y: 240, z: 0, w: 220, h: 34, d: 230, r: 14, ...f },
    stick(196, 16, 240),
  ];
  return furniture(blocks, p, { width: 360, height: 540 }, [0.5, 0.45]);
}

// Lamp

function lampArt(kit: Kit, lit: boolean): Art {
  const { doc, c, m } = kit;
  const shade = m.pick('shade', ['#F4EDE4', '#EFE6D6', '#FFFFFF']);
  const svg = g(
    {},
    lit
      ? circle(400, 240, 260, {
          fill: doc.radial([
            [0, '#FFE7A8', 0.75],
            [0.5, '#FFE7A8', 0.25],
            [1, '#FFE7A8', 0],
          ]),
        })
      : '',
    rect(392, 330, 16, 120, 6, { fill: '#C9A66B' }),
    path(
      'M400 640C300 640 300 600 310 560C320 500 350 470 370 440H430C450 470 480 500 490 560C500 600 500 640 400 640Z',
      { fill: cylinder(doc, c.base), ...outline(c) },
    ),
    ellipse(400, 440, 34, 10, { fill: darken(c.base, 0.2) }),
    path('M360 470C360 520 380 560 360 600', {
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': 10,
      opacity: 0.3,
      'stroke-linecap': 'round',
    }),
    path('M290 130H510L580 350H220Z', {
      fill: lit
        ? plain(doc, '#FFF6DD', '#FBE3A6')
        : plain(doc, lighten(shade, 0.3), darken(shade, 0.08)),
      stroke: darken(shade, 0.2),
      'stroke-width': 3,
    }),
    ellipse(400, 350, 180, 16, { fill: lit ? '#FFF1C7' : darken(shade, 0.12) }),
    lit ? ellipse(400, 352, 120, 10, { fill: '#FFFFFF', opacity: 0.8 }) : '',
  );
  return { svg, box: [220, 120, 580, 640], focus: [400, 520] };
}

// Carpet

function carpetFlat(kit: Kit): string {
  const { doc, c, m } = kit;
  const cream = m.pick('ground', ['#F3EADB', '#E9E2D6', '#F6F1EA']);
  const accent = m.pick('accent', ['#C8695A', '#E4B363', '#5E8C9A', '#86A877']);
  const w = 420;
  const h = 580;
  const fringe = Array.from({ length: 28 }, (_, i) =>
    rect(6 + i * 15, -18, 4, 18, 2, { fill: '#E8DFCF' }),
  ).join('');
  const diamonds = Array.from({ length: 12 }, (_, i) => {
    const y = 70 + i * 40;
    return (
      path(`M40 ${y}l14 -14l14 14l-14 14Z`, { fill: accent }) +
      path(`M${w - 68} ${y}l14 -14l14 14l-14 14Z`, { fill: accent })
    );
  }).join('');
  return g(
    {},
    fringe,
    g({ transform: `translate(0 ${h + 18}) scale(1 -1)` }, fringe),
    rect(0, 0, w, h, 6, { fill: c.base }),
    rect(20, 20, w - 40, h - 40, 4, { fill: cream }),
    rect(30, 30, w - 60, h - 60, 4, { fill: 'none', stroke: c.base, 'stroke-width': 4 }),
    diamonds,
    rect(90, 40, w - 180, h - 80, 4, { fill: lighten(c.base, 0.7) }),
    path(`M${w / 2} 90L${w - 110} ${h / 2}L${w / 2} ${h - 90}L110 ${h / 2}Z`, { fill: c.base }),
    path(`M${w / 2} 150L${w - 150} ${h / 2}L${w / 2} ${h - 150}L150 ${h / 2}Z`, { fill: cream }),
    path(`M${w / 2} 200L${w - 180} ${h / 2}L${w / 2} ${h - 200}L180 ${h / 2}Z`, { fill: accent }),
    circle(w / 2, h / 2, 28, { fill: c.dark }),
    [0, 1, 2, 3]
      .map((i) => circle(i % 2 ? 120 : w - 120, i < 2 ? 90 : h - 90, 16, { fill: accent }))
      .join(''),
    rect(0, 0, w, h, 6, {
      fill: doc.linear(
        [
          [0, '#FFFFFF', 0.12],
          [1, '#000000', 0.08],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
  );
}

function carpetFront(kit: Kit): Art {
  return {
    svg: g(
      { transform: 'translate(190 92)' },
      rect(8, 10, 420, 580, 6, { fill: '#000000', opacity: 0.12 }),
      carpetFlat(kit),
    ),
    box: [190, 74, 610, 690],
    focus: [400, 380],
    noShadow: true,
  };
}

function carpetFloor(kit: Kit): Art {
  return {
    svg: g(
      { transform: 'translate(400 430) scale(1 0.5) rotate(-40) translate(-210 -290)' },
      rect(-10, 10, 440, 590, 10, { fill: '#000000', opacity: 0.15 }),
      carpetFlat(kit),
    ),
    box: [90, 240, 710, 640],
    focus: [400, 430],
    noShadow: true,
  };
}

// Cookware

function potArt(kit: Kit, open: boolean): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    rect(160, 420, 90, 34, 17, { fill: '#2B2D31' }),
    rect(550, 420, 90, 34, 17, { fill: '#2B2D31' }),
    path('M220 380H580V580Q580 620 540 620H260Q220 620 220 580Z', {
      fill: cylinder(doc, c.base),
      ...outline(c),
    }),
    rect(220, 560, 360, 10, 0, { fill: darken(c.base, 0.2), opacity: 0.5 }),
    ellipse(400, 380, 180, 36, { fill: open ? '#2B2D31' : plain(doc, '#E9ECF0', '#9AA1AB') }),
    open
      ? ellipse(400, 384, 164, 30, {
          fill: doc.radial([
            [0, '#4A4F5B'],
            [1, '#1C1F26'],
          ]),
        }) + ellipse(400, 392, 130, 20, { fill: '#F0D9A8', opacity: 0.8 })
      : path('M230 380Q400 270 570 380Z', {
          fill: doc.linear(
            [
              [0, '#F3F6F9', 0.85],
              [1, '#B8C2CF', 0.85],
            ],
            0,
            0,
            1,
            1,
          ),
          stroke: '#9AA1AB',
          'stroke-width': 3,
        }) +
          rect(370, 296, 60, 24, 12, { fill: '#2B2D31' }) +
          path('M280 360Q330 320 380 316', {
            fill: 'none',
            stroke: '#FFFFFF',
            'stroke-width': 6,
            opacity: 0.7,
            'stroke-linecap': 'round',
          }),
    path('M250 410C260 480 260 540 280 590', {
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': 12,
      opacity: 0.25,
      'stroke-linecap': 'round',
    }),
  );
  return { svg, box: [160, 296, 640, 620], focus: [400, 360] };
}

function potAngle(kit: Kit): Art {
  const pot = potArt(kit, true);
  const { doc } = kit;
  const lid = g(
    { transform: 'rotate(-28 640 360)' },
    ellipse(640, 360, 120, 24, { fill: plain(doc, '#E9ECF0', '#9AA1AB') }),
    path('M520 360Q640 290 760 360Z', {
      fill: '#D5DCE5',
      opacity: 0.8,
      stroke: '#9AA1AB',
      'stroke-width': 3,
    }),
    rect(615, 300, 50, 20, 10, { fill: '#2B2D31' }),
  );
  return {
    svg: g({ transform: 'translate(-80 40)' }, pot.svg) + lid,
    box: [80, 260, 770, 660],
    focus: [320, 400],
  };
}

// Book

function bookCover(kit: Kit): Art {
  const { doc, c, m } = kit;
  const design = m.pick('design', ['sun', 'stripes', 'hills', 'circles']);
  const ink = c.pale ? darken(c.base, 0.55) : lighten(c.base, 0.8);
  const accent = m.pick('accent', ['#F2C14E', '#F28AB2', '#7BD389', '#4CC9F0', '#FFFFFF']);
  const x = 220;
  const y = 90;
  const w = 360;
  const h = 520;
  let art = '';
  if (design === 'sun') {
    art =
      circle(x + w / 2, y + 300, 90, { fill: accent }) +
      rect(x, y + 330, w, 80, 0, { fill: darken(c.base, 0.2) });
  } else if (design === 'stripes') {
    art = [0, 1, 2, 3, 4]
      .map((i) => rect(x, y + 230 + i * 36, w, 18, 0, { fill: i % 2 ? accent : ink, opacity: 0.8 }))
      .join('');
  } else if (design === 'hills') {
    art =
      path(
        `M${x} ${y + 380}Q${x + 90} ${y + 250} ${x + 200} ${y + 330}T${x + w} ${y + 300}V${y + 410}H${x}Z`,
        { fill: accent, opacity: 0.85 },
      ) +
      path(`M${x} ${y + 410}Q${x + 140} ${y + 320} ${x + w} ${y + 390}V${y + 410}H${x}Z`, {
        fill: darken(c.base, 0.25),
      });
  } else {
    art = [0, 1, 2]
      .map((i) =>
        circle(x + 110 + i * 70, y + 300 - i * 30, 60 - i * 10, {
          fill: i === 1 ? accent : ink,
          opacity: 0.75,
        }),
      )
      .join('');
  }
  const svg = g(
    {},
    rect(x, y, w, h, 8, { fill: body(doc, c, 'down'), ...outline(c) }),
    g({ 'clip-path': doc.clip(rect(x, y, w, h, 8)) }, art),
    rect(x + 50, y + 70, w - 100, 26, 6, { fill: ink, opacity: 0.9 }),
    rect(x + 80, y + 112, w - 160, 14, 6, { fill: ink, opacity: 0.6 }),
    rect(x + 120, y + h - 60, w - 240, 12, 6, { fill: ink, opacity: 0.7 }),
    rect(x, y, 26, h, 6, { fill: darken(c.base, 0.2), opacity: 0.6 }),
    rect(x + 26, y, 4, h, 0, { fill: '#FFFFFF', opacity: 0.25 }),
    sheen(doc, x, y, w, h, 8, 0.18),
  );
  return { svg, box: [x, y, x + w, y + h], focus: [x + w / 2, y + 260] };
}

function bookAngle(kit: Kit): Art {
  const pages = Array.from({ length: 10 }, (_, i) =>
    rect(0, 20 + i * 50, 80, 2, 0, { fill: '#D8D0C2' }),
  ).join('');
  return boxTurn(bookCover(kit), {
    depth: 80,
    side: plain(kit.doc, '#FBF7EF', '#E9E1D2', true),
    top: '#F3ECDF',
    sideArt: pages,
  });
}

export const HOME = {
  sofa: {
    family: 'home',
    scene: 'floor',
    front: (kit) => seating(kit, 3, FRONT),
    angle: (kit) => seating(kit, 3, THREE_QUARTER),
  },
  armchair: {
    family: 'home',
    scene: 'floor',
    front: (kit) => seating(kit, 1, FRONT),
    angle: (kit) => seating(kit, 1, THREE_QUARTER),
  },
  bed: {
    family: 'home',
    scene: 'floor',
    front: (kit) => bed(kit, FRONT),
    angle: (kit) => bed(kit, THREE_QUARTER),
  },
  wardrobe: {
    family: 'home',
    scene: 'floor',
    front: wardrobeFront,
    angle: (kit) =>
      boxTurn(wardrobeFront(kit), {
        depth: 220,
        side: darken(kit.c.base, 0.3),
        top: lighten(kit.c.base, 0.1),
      }),
  },
  table: {
    family: 'home',
    scene: 'floor',
    front: (kit) => table(kit, FRONT),
    angle: (kit) => table(kit, THREE_QUARTER),
  },
  chair: {
    family: 'home',
    scene: 'floor',
    front: (kit) => chair(kit, FRONT),
    angle: (kit) => chair(kit, THREE_QUARTER),
  },
  lamp: {
    family: 'home',
    scene: 'desk',
    front: (kit) => lampArt(kit, false),
    angle: (kit) => lampArt(kit, true),
  },
  carpet: {
    family: 'home',
    scene: 'rug',
    front: carpetFront,
    angle: carpetFloor,
    staged: carpetFloor,
  },
  cookware: {
    family: 'home',
    scene: 'counter',
    front: (kit) => potArt(kit, false),
    angle: potAngle,
  },
  book: { family: 'home', scene: 'desk', front: bookCover, angle: bookAngle },
} satisfies Record<string, KindArt>;
