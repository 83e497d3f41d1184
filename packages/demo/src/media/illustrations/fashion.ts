import type { Art, KindArt, Kit } from '../look.ts';
import {
  body,
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
  stitches,
} from './parts.ts';

/** Soft cloth: lighter at the top, folds darker at the sides. */
function cloth(kit: Kit): string {
  const { doc, c } = kit;
  return doc.linear(
    [
      [0, darken(c.base, 0.1)],
      [0.22, lighten(c.base, 0.08)],
      [0.5, lighten(c.base, 0.12)],
      [0.8, c.base],
      [1, darken(c.base, 0.14)],
    ],
    0,
    0,
    1,
    0,
  );
}

function fold(d: string, kit: Kit, opacity = 0.16): string {
  return path(d, {
    fill: 'none',
    stroke: darken(kit.c.base, 0.5),
    'stroke-width': 8,
    'stroke-linecap': 'round',
    opacity,
  });
}

const thread = (kit: Kit) => (kit.c.pale ? darken(kit.c.base, 0.3) : lighten(kit.c.base, 0.35));

// T-shirt

const TEE =
  'M332 132Q400 ___ 468 132L560 160L664 248L612 326L556 290V636Q400 652 244 636V290L188 326L136 248L240 160Z';

function tshirt(kit: Kit, back: boolean): Art {
  const { doc, c, m } = kit;
  const print = m.pick('print', ['plain', 'stripes', 'pocket', 'emblem']);
  const accent = m.pick('accent', ['#FFFFFF', '#F2C14E', '#2B2D31', '#E86A6A']);
  const outlinePath = TEE.replace('___', back ? '152' : '196');
  let decoration = '';
  if (!back && print === 'stripes') {
    decoration = g(
      { 'clip-path': doc.clip(path(outlinePath)) },
      ...[0, 1, 2, 3, 4, 5, 6].map((i) =>
        rect(120, 250 + i * 56, 560, 22, 0, {
          fill: c.pale ? '#2E4A7A' : '#FFFFFF',
          opacity: 0.75,
        }),
      ),
    );
  } else if (!back && print === 'pocket') {
    decoration =
      path('M446 250H516V316Q481 330 446 316Z', { fill: darken(c.base, 0.06), ...outline(c, 2) }) +
      stitches('M452 258H510', thread(kit));
  } else if (!back && print === 'emblem') {
    decoration =
      circle(400, 360, 70, { fill: accent, opacity: 0.9 }) +
      path('M350 380L380 340L400 362L420 334L452 380Z', { fill: c.pale ? c.dark : c.base }) +
      rect(350, 448, 100, 12, 6, { fill: accent, opacity: 0.9 });
  }
  const svg = g(
    {},
    path(outlinePath, { fill: cloth(kit), ...outline(c) }),
    decoration,
    path(back ? 'M332 132Q400 152 468 132' : 'M332 132Q400 196 468 132', {
      fill: 'none',
      stroke: darken(c.base, 0.18),
      'stroke-width': 16,
      'stroke-linecap': 'round',
    }),
    back
      ? ''
      : path('M344 138Q400 176 456 138', {
          fill: 'none',
          stroke: darken(c.base, 0.4),
          'stroke-width': 4,
          opacity: 0.4,
        }),
    stitches('M196 318L148 254M604 318L652 254', thread(kit)),
    stitches('M252 620Q400 636 548 620', thread(kit)),
    fold('M290 420Q300 520 280 600', kit),
    fold('M520 400Q505 500 525 590', kit, 0.12),
    fold('M240 170L300 230', kit, 0.1),
  );
  return { svg, box: [136, 132, 664, 648], focus: back ? [400, 220] : [470, 300] };
}

// Dress

function dress(kit: Kit, back: boolean): Art {
  const { doc, c, m } = kit;
  const dots = m.chance('dots', 45);
  const sleeves = m.chance('sleeves', 50);
  const belt = m.pick('belt', [darken(c.base, 0.3), '#F4EDE4', '#2B2D31']);
  const shape =
    'M330 150Q360 190 400 196Q440 190 470 150L492 170Q480 260 470 330Q560 470 620 650Q400 690 180 650Q240 470 330 330Q320 260 308 170Z';
  const pattern = dots
    ? g(
        { 'clip-path': doc.clip(path(shape)) },
        ...Array.from({ length: 70 }, (_, i) =>
          circle(
            190 + (i % 10) * 46 + (Math.floor(i / 10) % 2) * 23,
            170 + Math.floor(i / 10) * 74,
            9,
            { fill: c.pale ? c.edge : '#FFFFFF', opacity: 0.8 },
          ),
        ),
      )
    : '';
  const svg = g(
    {},
    sleeves
      ? path('M308 170L260 200L272 262L318 244Z', { fill: cloth(kit), ...outline(c) }) +
          path('M492 170L540 200L528 262L482 244Z', { fill: cloth(kit), ...outline(c) })
      : path('M318 172L330 100M482 172L470 100', {
          stroke: darken(c.base, 0.2),
          'stroke-width': 10,
          'stroke-linecap': 'round',
        }),
    path(shape, { fill: cloth(kit), ...outline(c) }),
    pattern,
    path('M330 330Q400 346 470 330L472 356Q400 372 328 356Z', { fill: belt }),
    back
      ? path('M400 196V470', { stroke: darken(c.base, 0.35), 'stroke-width': 4 }) +
          rect(396, 190, 8, 20, 3, { fill: '#C9CED6' })
      : path('M330 150Q360 190 400 196Q440 190 470 150', {
          fill: 'none',
          stroke: darken(c.base, 0.3),
          'stroke-width': 5,
        }),
    fold('M360 380Q330 520 300 650', kit),
    fold('M440 380Q470 520 500 650', kit),
    fold('M400 390V668', kit, 0.1),
    stitches('M190 640Q400 676 610 640', thread(kit)),
  );
  return { svg, box: [180, 100, 620, 676], focus: [400, 300] };
}

// Jacket

function jacket(kit: Kit, back: boolean): Art {
  const { doc, c, m } = kit;
  const style = m.pick('style', ['puffer', 'bomber']);
  const rib = darken(c.base, 0.28);
  const outlinePath =
    'M330 120Q400 150 470 120L560 150Q620 190 640 300L672 600L590 610L560 380V630H240V380L210 610L128 600L160 300Q180 190 240 150Z';
  const quilts =
    style === 'puffer'
      ? g(
          { 'clip-path': doc.clip(path(outlinePath)) },
          ...Array.from({ length: 9 }, (_, i) =>
            path(`M120 ${200 + i * 52}Q400 ${214 + i * 52} 680 ${200 + i * 52}`, {
              fill: 'none',
              stroke: darken(c.base, 0.3),
              'stroke-width': 4,
              opacity: 0.55,
            }),
          ),
          ...Array.from({ length: 9 }, (_, i) =>
            rect(120, 210 + i * 52, 560, 18, 0, { fill: '#FFFFFF', opacity: 0.1 }),
          ),
        )
      : '';
  const svg = g(
    {},
    path(outlinePath, { fill: cloth(kit), ...outline(c) }),
    quilts,
    path('M322 112Q400 150 478 112L470 150Q400 176 330 150Z', { fill: rib }),
    rect(240, 606, 320, 30, 8, { fill: rib }),
    path('M128 600L210 610L206 640L124 630Z', { fill: rib }),
    path('M672 600L590 610L594 640L676 630Z', { fill: rib }),
    back
      ? path('M260 230Q400 260 540 230', {
          fill: 'none',
          stroke: darken(c.base, 0.3),
          'stroke-width': 4,
          opacity: 0.6,
        })
      : g(
          {},
          rect(396, 150, 8, 456, 2, { fill: '#C9CED6' }),
          path('M400 150V606', { stroke: '#6B717C', 'stroke-width': 3, 'stroke-dasharray': '4 4' }),
          rect(392, 250, 16, 34, 5, { fill: '#C9CED6', stroke: '#8D949E', 'stroke-width': 2 }),
          path('M290 430L340 420L350 520L300 530Z', {
            fill: 'none',
            stroke: darken(c.base, 0.35),
            'stroke-width': 4,
          }),
          path('M510 430L460 420L450 520L500 530Z', {
            fill: 'none',
            stroke: darken(c.base, 0.35),
            'stroke-width': 4,
          }),
        ),
    fold('M200 320Q190 450 180 560', kit),
    fold('M600 320Q610 450 620 560', kit),
  );
  return { svg, box: [124, 112, 676, 640], focus: back ? [400, 250] : [400, 270] };
}

// Jeans

function jeans(kit: Kit, back: boolean): Art {
  const { doc, c, m } = kit;
  const gold = '#E0A040';
  const flare = m.chance('flare', 30) ? 30 : 0;
  const shape = `M270 92H530L${560 + flare} 690H432L400 290L368 690H${240 - flare}Z`;
  const twill = g(
    { 'clip-path': doc.clip(path(shape)) },
    ...Array.from({ length: 40 }, (_, i) =>
      path(`M${160 + i * 18} 80L${60 + i * 18} 700`, {
        stroke: '#FFFFFF',
        'stroke-width': 2,
        opacity: 0.06,
      }),
    ),
  );
  const svg = g(
    {},
    path(shape, { fill: cloth(kit), ...outline(c) }),
    twill,
    rect(266, 88, 268, 42, 6, { fill: darken(c.base, 0.1), ...outline(c, 2) }),
    [290, 360, 440, 510]
      .map((x) => rect(x, 82, 12, 56, 4, { fill: darken(c.base, 0.15), ...outline(c, 1.5) }))
      .join(''),
    stitches('M270 124H530', gold),
    stitches(`M${242 - flare} 664H370M430 664H${558 + flare}`, gold),
    back
      ? path('M290 180L380 170L384 270L336 290L292 270Z', {
          fill: darken(c.base, 0.06),
          stroke: gold,
          'stroke-width': 3,
          'stroke-dasharray': '7 6',
        }) +
          path('M510 180L420 170L416 270L464 290L508 270Z', {
            fill: darken(c.base, 0.06),
            stroke: gold,
            'stroke-width': 3,
            'stroke-dasharray': '7 6',
          }) +
          path('M270 160Q400 140 530 160', {
            fill: 'none',
            stroke: gold,
            'stroke-width': 3,
            'stroke-dasharray': '7 6',
          })
      : g(
          {},
          circle(400, 110, 9, { fill: '#C9A66B' }),
          stitches('M410 132V250Q410 276 384 284', gold),
          stitches('M284 132Q300 196 350 200', gold),
          stitches('M516 132Q500 196 450 200', gold),
          circle(298, 150, 4, { fill: '#C9A66B' }),
          circle(502, 150, 4, { fill: '#C9A66B' }),
        ),
    fold('M330 320Q320 460 300 600', kit, 0.12),
    fold('M470 320Q480 460 500 600', kit, 0.12),
    fold('M300 330h40M460 330h40', kit, 0.1),
  );
  return { svg, box: [240 - flare, 82, 560 + flare, 690], focus: [400, 200] };
}

// Sneaker

function sneakerShape(kit: Kit): string {
  const { doc, c, m } = kit;
  const sole = m.pick('sole', ['#FFFFFF', '#F4EDE4', '#FFFFFF', '#2B2D31']);
  const accent = m.pick('accent', [
    c.pale ? '#2B2D31' : '#FFFFFF',
    '#F25F5C',
    '#4CC9F0',
    '#F2C14E',
  ]);
  const stripe = m.pick('stripe', ['swoosh', 'bars', 'wave']);
  const upper =
    'M112 530C108 488 140 470 190 462C250 452 300 430 340 400C380 370 420 340 460 326L520 316C530 330 548 340 570 338C600 336 620 320 640 318C668 330 684 380 686 440L690 530Z';
  let mark = '';
  if (stripe === 'swoosh') {
    mark = path('M250 506C380 500 520 440 650 360C560 450 420 520 270 524Z', { fill: accent });
  } else if (stripe === 'bars') {
    mark = [0, 1, 2]
      .map((i) =>
        path(`M${420 + i * 34} 520L${470 + i * 34} 380L${490 + i * 34} 384L${442 + i * 34} 522Z`, {
          fill: accent,
        }),
      )
      .join('');
  } else {
    mark = path(
      'M230 500C330 470 380 520 470 480C540 450 600 470 660 430L672 470C600 500 540 490 470 520C380 556 330 500 236 524Z',
      { fill: accent },
    );
  }
  const laceColour = c.pale ? '#FFFFFF' : lighten(c.base, 0.7);
  const laces = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 330 + i * 30;
      const y = 414 - i * 20;
      return path(`M${x - 16} ${y + 8}L${x + 22} ${y - 10}`, {
        stroke: laceColour,
        'stroke-width': 9,
        'stroke-linecap': 'round',
      });
    })
    .join('');
  const collar = 'M520 316C530 330 548 340 570 338C600 336 620 320 640 318';
  return g(
    {},
    path('M452 332C454 300 478 280 512 282C522 294 524 306 522 318Z', {
      fill: darken(c.base, 0.12),
      ...outline(c, 2),
    }),
    path(upper, { fill: body(doc, c, 'down'), ...outline(c) }),
    path('M112 530C108 488 140 470 190 462L232 456C208 480 202 508 208 530Z', {
      fill: lighten(c.base, c.pale ? 0.4 : 0.16),
    }),
    path('M610 322C668 330 684 380 686 440L690 530H604C616 460 604 380 610 322Z', {
      fill: darken(c.base, 0.1),
    }),
    mark,
    path('M300 420C360 376 410 344 460 328L474 350C420 370 370 400 318 440Z', {
      fill: darken(c.base, 0.18),
      opacity: 0.55,
    }),
    laces,
    path(collar, {
      fill: 'none',
      stroke: darken(c.base, 0.3),
      'stroke-width': 12,
      'stroke-linecap': 'round',
    }),
    stitches('M150 508C300 512 500 512 676 508', darken(c.base, 0.35), 2),
    path('M104 526H694C700 548 696 572 680 580H130C110 578 100 560 104 526Z', {
      fill: plain(doc, sole, darken(sole, 0.1)),
      ...outline(c, 2),
    }),
    path('M160 548H660', { stroke: darken(sole, 0.18), 'stroke-width': 3 }),
    path('M116 578H684C680 592 668 598 650 598H150C130 598 118 590 116 578Z', {
      fill: sole === '#2B2D31' ? '#17181B' : '#C9A27A',
    }),
  );
}

function sneaker(kit: Kit): Art {
  return { svg: sneakerShape(kit), box: [100, 280, 698, 598], focus: [460, 380] };
}

function pair(kit: Kit, shoe: (kit: Kit) => string, box: Art['box']): Art {
  return {
    svg: g(
      {},
      g({ transform: 'translate(150 -70) scale(0.82)', opacity: 0.98 }, shoe(kit)),
      g({ transform: 'translate(-40 50) scale(0.86)' }, shoe(kit)),
    ),
    box,
    focus: [400, 420],
  };
}

// Boot

function bootShape(kit: Kit): string {
  const { doc, c, m } = kit;
  const laced = m.chance('laced', 50);
  const sole = m.pick('sole', ['#2B2D31', '#6B4E36', '#C9A27A']);
  const shaft =
    'M372 200H556Q576 200 578 220L584 470Q600 520 640 540L662 560V600H170Q126 600 136 556Q150 506 236 488Q340 468 366 420Z';
  return g(
    {},
    path(shaft, { fill: body(doc, c, 'across'), ...outline(c) }),
    path('M556 200H576Q580 380 584 470Q570 420 560 400Z', { fill: darken(c.base, 0.2) }),
    path('M372 200H556Q560 214 556 226H374Z', { fill: darken(c.base, 0.15) }),
    laced
      ? g(
          {},
          path('M392 224H452V430L414 456Z', { fill: darken(c.base, 0.12) }),
          ...[0, 1, 2, 3, 4].map((i) =>
            path(`M392 ${256 + i * 40}L452 ${244 + i * 40}`, {
              stroke: lighten(c.base, 0.5),
              'stroke-width': 7,
              'stroke-linecap': 'round',
            }),
          ),
          ...[0, 1, 2, 3, 4].map((i) => circle(452, 244 + i * 40, 5, { fill: '#C9A66B' })),
        )
      : path('M480 232Q450 330 478 440Q516 330 480 232Z', { fill: '#2B2D31', opacity: 0.85 }),
    rect(548, 172, 40, 56, 10, { fill: darken(c.base, 0.25) }),
    path('M136 556Q150 506 236 488L300 480Q222 520 232 572Z', {
      fill: lighten(c.base, 0.14),
      opacity: 0.6,
    }),
    stitches('M170 556Q360 530 652 560', lighten(c.base, 0.4), 2),
    path('M124 596H668V622Q668 636 654 636H150Q124 636 124 614Z', { fill: sole }),
    path('M520 630H660V664H540Z', { fill: darken(sole, 0.2) }),
    path('M380 220Q396 330 368 420', {
      fill: 'none',
      stroke: '#FFFFFF',
      'stroke-width': 10,
      opacity: 0.15,
    }),
  );
}

function boot(kit: Kit): Art {
  return { svg: bootShape(kit), box: [124, 172, 668, 664], focus: [460, 330] };
}

// Bag

function bagArt(kit: Kit, back: boolean): Art {
  const { doc, c, m } = kit;
  const hardware = m.pick('hardware', ['#D4B06A', '#C9CED6']);
  const svg = g(
    {},
    back
      ? path('M250 330C220 60 580 60 550 330', {
          fill: 'none',
          stroke: darken(c.base, 0.25),
          'stroke-width': 12,
        })
      : '',
    path('M290 310C290 170 510 170 510 310', {
      fill: 'none',
      stroke: darken(c.base, 0.3),
      'stroke-width': 26,
      'stroke-linecap': 'round',
    }),
    path('M290 310C290 170 510 170 510 310', {
      fill: 'none',
      stroke: c.base,
      'stroke-width': 16,
      'stroke-linecap': 'round',
    }),
    path('M230 300H570L610 600Q612 630 580 632H220Q188 630 190 600Z', {
      fill: body(doc, c, 'down'),
      ...outline(c),
    }),
    stitches('M236 316H564L600 604Q600 616 586 616H214Q200 616 200 604Z', thread(kit), 2.5),
    back
      ? rect(290, 380, 220, 150, 10, { fill: darken(c.base, 0.08), ...outline(c, 2) }) +
          stitches('M300 392H500', thread(kit))
      : g(
          {},
          path('M226 300H574L590 420Q400 470 210 420Z', {
            fill: plain(doc, lighten(c.base, 0.1), darken(c.base, 0.08)),
            ...outline(c, 2),
          }),
          stitches('M224 410Q400 455 576 410', thread(kit), 2.5),
          rect(370, 420, 60, 44, 10, {
            fill: plain(doc, lighten(hardware, 0.4), darken(hardware, 0.2)),
          }),
          rect(384, 432, 32, 20, 6, { fill: darken(hardware, 0.25) }),
        ),
    [290, 510].map((x) => rect(x - 14, 296, 28, 22, 6, { fill: hardware })).join(''),
    sheen(doc, 190, 300, 420, 332, 20, 0.14),
  );
  return { svg, box: [190, back ? 120 : 150, 610, 632], focus: [400, 440] };
}

// Watch

function watchArt(kit: Kit): Art {
  const { doc, c, m } = kit;
  const metal =
    c.name === 'gold'
      ? '#D9B779'
      : c.name === 'rose'
        ? '#E3B3A1'
        : m.pick('metal', ['#C9CED6', '#3A3E46', '#D9B779']);
  const dial = c.pale ? '#FBFAF7' : c.base;
  const ink = c.pale ? '#2B2D31' : '#FFFFFF';
  const bracelet = m.chance('bracelet', 40);
  const strap = bracelet ? metal : m.pick('strap', [darken(c.base, 0.25), '#6B4E36', '#2B2D31']);
  const links = (y0: number, y1: number) =>
    Array.from({ length: Math.floor((y1 - y0) / 34) }, (_, i) =>
      rect(330, y0 + i * 34, 140, 30, 6, {
        fill: plain(doc, lighten(metal, 0.3), darken(metal, 0.2), true),
      }),
    ).join('');
  const ticks = Array.from({ length: 12 }, (_, i) =>
    rect(396, 288, 8, i % 3 === 0 ? 34 : 20, 3, {
      fill: ink,
      transform: `rotate(${i * 30} 400 400)`,
    }),
  ).join('');
  const svg = g(
    {},
    bracelet
      ? links(70, 270) + links(540, 740)
      : path('M335 70H465L460 270H340Z', { fill: plain(doc, lighten(strap, 0.15), strap) }) +
          path('M340 530H460L465 730H335Z', { fill: plain(doc, strap, darken(strap, 0.15)) }) +
          [0, 1, 2].map((i) => circle(400, 610 + i * 34, 6, { fill: darken(strap, 0.4) })).join(''),
    rect(540, 384, 30, 32, 8, { fill: plain(doc, lighten(metal, 0.3), darken(metal, 0.3)) }),
    circle(400, 400, 150, { fill: plain(doc, lighten(metal, 0.4), darken(metal, 0.3), true) }),
    circle(400, 400, 132, { fill: darken(metal, 0.2) }),
    circle(400, 400, 124, {
      fill: doc.radial(
        [
          [0, lighten(dial, 0.12)],
          [1, darken(dial, 0.12)],
        ],
        0.45,
        0.4,
        0.65,
      ),
    }),
    ticks,
    rect(470, 388, 34, 24, 3, { fill: '#FFFFFF', stroke: darken(metal, 0.2), 'stroke-width': 2 }),
    rect(394, 320, 12, 92, 6, { fill: ink, transform: 'rotate(-50 400 400)' }),
    rect(396, 300, 8, 112, 4, { fill: ink, transform: 'rotate(62 400 400)' }),
    rect(399, 290, 3, 130, 1.5, { fill: '#E8424A', transform: 'rotate(160 400 400)' }),
    circle(400, 400, 10, { fill: metal }),
    path('M300 320A130 130 0 0 1 420 272L400 400Z', { fill: '#FFFFFF', opacity: 0.1 }),
  );
  return { svg, box: [250, 70, 570, 730], focus: [400, 400] };
}

function watchAngle(kit: Kit): Art {
  const art = watchArt(kit);
  return {
    ...art,
    svg: g(
      { transform: 'rotate(-24 400 400) translate(400 400) scale(0.86 1) translate(-400 -400)' },
      art.svg,
    ),
    box: [180, 80, 620, 720],
  };
}

// Perfume

function perfumeBottle(kit: Kit, x: number): string {
  const { doc, c, m } = kit;
  const shape = m.pick('bottle', ['square', 'round', 'tall']);
  const cap = m.pick('cap', ['#2B2D31', '#D4B06A', darken(c.base, 0.3)]);
  const liquid = lighten(c.base, c.pale ? 0 : 0.35);
  const w = shape === 'tall' ? 220 : 300;
  const h = shape === 'tall' ? 380 : 300;
  const top = 640 - h;
  const glass = shape === 'round' ? circle(x, 640 - 150, 150) : rect(x - w / 2, top, w, h, 34);
  const glassClip = doc.clip(glass);
  return g(
    {},
    g(
      { 'clip-path': glassClip },
      rect(x - 160, top, 320, h, 0, {
        fill: doc.linear(
          [
            [0, '#FFFFFF', 0.7],
            [1, '#E6ECF2', 0.7],
          ],
          0,
          0,
          1,
          0,
        ),
      }),
      rect(x - 160, top + 50, 320, h, 0, { fill: liquid, opacity: 0.85 }),
      rect(x - 160, top + 50, 320, 8, 0, { fill: '#FFFFFF', opacity: 0.6 }),
      rect(x - w / 2 + 24, top + 20, 24, h - 40, 12, { fill: '#FFFFFF', opacity: 0.55 }),
    ),
    shape === 'round'
      ? circle(x, 490, 150, {
          fill: 'none',
          stroke: darken(liquid, 0.2),
          'stroke-width': 6,
          opacity: 0.6,
        })
      : rect(x - w / 2, top, w, h, 34, {
          fill: 'none',
          stroke: darken(liquid, 0.2),
          'stroke-width': 6,
          opacity: 0.6,
        }),
    rect(x - 60, top + h * 0.45, 120, 60, 6, { fill: '#F7F1E3', opacity: 0.9 }),
    rect(x - 40, top + h * 0.45 + 18, 80, 8, 4, { fill: '#C9A66B' }),
    rect(x - 40, top + h * 0.45 + 34, 50, 6, 3, { fill: '#C9A66B', opacity: 0.6 }),
    rect(x - 32, (shape === 'round' ? 340 : top) - 40, 64, 44, 6, {
      fill: cylinder(doc, '#D4B06A'),
    }),
    rect(x - 56, (shape === 'round' ? 340 : top) - 150, 112, 114, 18, { fill: cylinder(doc, cap) }),
  );
}

function perfume(kit: Kit): Art {
  return { svg: perfumeBottle(kit, 400), box: [250, 110, 550, 640], focus: [400, 330] };
}

function perfumeWithBox(kit: Kit): Art {
  const { doc, c } = kit;
  const svg = g(
    {},
    rect(440, 180, 240, 460, 8, { fill: body(doc, c, 'across'), ...outline(c) }),
    rect(440, 180, 240, 60, 8, { fill: darken(c.base, 0.12) }),
    rect(500, 380, 120, 10, 5, { fill: c.pale ? c.edge : '#FFFFFF', opacity: 0.7 }),
    rect(520, 404, 80, 6, 3, { fill: c.pale ? c.edge : '#FFFFFF', opacity: 0.5 }),
    g({ transform: 'translate(-70 20) scale(0.95)' }, perfumeBottle(kit, 400)),
  );
  return { svg, box: [180, 120, 680, 640], focus: [330, 330] };
}

// Cosmetics

function lipstick(kit: Kit, x: number, open: boolean): string {
  const { doc, c } = kit;
  const shade = c.pale ? mix(c.base, '#C2185B', 0.55) : c.base;
  return g(
    {},
    open
      ? path(`M${x - 30} 330V260L${x + 30} 230V330Z`, { fill: cylinder(doc, shade) })
      : rect(x - 36, 220, 72, 150, 10, { fill: cylinder(doc, '#2B2D31') }),
    rect(x - 38, 360, 76, 40, 4, { fill: cylinder(doc, '#D4B06A') }),
    rect(x - 40, 396, 80, 244, 10, { fill: cylinder(doc, open ? '#2B2D31' : darken(shade, 0.1)) }),
    rect(x - 40, 600, 80, 12, 0, { fill: '#D4B06A' }),
  );
}

function cosmeticsArt(kit: Kit): Art {
  const { doc, c } = kit;
  const lid = c.pale ? mix(c.base, '#B76E79', 0.3) : c.base;
  const svg = g(
    {},
    lipstick(kit, 250, false),
    rect(330, 470, 200, 170, 26, { fill: cylinder(doc, '#F7F1E8') }),
    rect(320, 410, 220, 70, 18, { fill: cylinder(doc, lid) }),
    ellipse(430, 410, 110, 14, { fill: lighten(lid, 0.3) }),
    rect(380, 530, 100, 12, 6, { fill: '#C9A66B' }),
    ellipse(610, 600, 110, 40, { fill: darken(lid, 0.3) }),
    ellipse(610, 586, 110, 40, {
      fill: body(doc, { ...c, base: lid, light: lighten(lid, 0.3), dark: darken(lid, 0.2) }),
    }),
    ellipse(610, 580, 60, 20, { fill: 'none', stroke: '#D4B06A', 'stroke-width': 4 }),
  );
  return { svg, box: [210, 220, 720, 640], focus: [430, 450] };
}

function cosmeticsOpen(kit: Kit): Art {
  const { doc, c } = kit;
  const base = c.pale ? mix(c.base, '#B76E79', 0.3) : c.base;
  const shades = [
    lighten(base, 0.5),
    lighten(base, 0.25),
    base,
    darken(base, 0.25),
    '#E8C3A8',
    '#C98F6B',
  ];
  const svg = g(
    {},
    rect(330, 250, 360, 280, 24, { fill: '#2B2D31' }),
    rect(346, 266, 328, 248, 16, {
      fill: doc.linear(
        [
          [0, '#DDE6EE'],
          [1, '#F6F9FB'],
        ],
        0,
        0,
        1,
        1,
      ),
    }),
    path('M360 500L430 280M400 500L470 280', {
      stroke: '#FFFFFF',
      'stroke-width': 10,
      opacity: 0.6,
    }),
    rect(330, 530, 360, 110, 20, { fill: '#2B2D31' }),
    ...shades.map((s, i) =>
      circle(390 + (i % 3) * 120, 560 + Math.floor(i / 3) * 48, 20, { fill: s }),
    ),
    lipstick(kit, 200, true),
  );
  return { svg, box: [160, 230, 690, 640], focus: [480, 580] };
}

export const FASHION = {
  tshirt: {
    family: 'fashion',
    scene: 'hanger',
    front: (kit) => tshirt(kit, false),
    angle: (kit) => tshirt(kit, true),
  },
  dress: {
    family: 'fashion',
    scene: 'hanger',
    front: (kit) => dress(kit, false),
    angle: (kit) => dress(kit, true),
    icon: 9,
  },
  jacket: {
    family: 'fashion',
    scene: 'hanger',
    front: (kit) => jacket(kit, false),
    angle: (kit) => jacket(kit, true),
  },
  jeans: {
    family: 'fashion',
    scene: 'hanger',
    front: (kit) => jeans(kit, false),
    angle: (kit) => jeans(kit, true),
    icon: 3,
  },
  sneaker: {
    family: 'fashion',
    scene: 'podium',
    front: sneaker,
    angle: (kit) => pair(kit, sneakerShape, [49, 160, 717, 568]),
  },
  boot: {
    family: 'fashion',
    scene: 'podium',
    front: boot,
    angle: (kit) => pair(kit, bootShape, [67, 71, 698, 621]),
  },
  bag: {
    family: 'fashion',
    scene: 'podium',
    front: (kit) => bagArt(kit, false),
    angle: (kit) => bagArt(kit, true),
  },
  watch: { family: 'fashion', scene: 'podium', front: watchArt, angle: watchAngle, icon: 8 },
  perfume: { family: 'beauty', scene: 'podium', front: perfume, angle: perfumeWithBox, icon: 7 },
  cosmetics: {
    family: 'beauty',
    scene: 'podium',
    front: cosmeticsArt,
    angle: cosmeticsOpen,
    icon: 6,
  },
} satisfies Record<string, KindArt>;
