import { describe, expect, it } from 'vitest';
import { renderBrand } from '../src/media/brand.ts';
import { PRODUCT_KINDS } from '../src/media/kinds.ts';
import { renderMedia } from '../src/media/render.ts';
import { escapeXml } from '../src/media/svg.ts';

/** Checks what a browser needs to show the SVG safely; not a full XML parser. */
function expectSafeSvg(body: string | undefined): asserts body is string {
  expect(body).toBeDefined();
  const svg = body as string;
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|href=|javascript:|url\((?!#)/i);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  expectBalancedTags(svg);
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
}

function expectBalancedTags(body: string) {
  const open: string[] = [];
  for (const [tag, closing, name, selfClosing] of body.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(open.pop(), tag).toBe(name);
    else open.push(name as string);
  }
  expect(open).toEqual([]);
}

const attribute = (body: string | undefined, name: string) =>
  new RegExp(`data-${name}="([a-z]+)"`).exec(body ?? '')?.[1];

describe('renderMedia', () => {
  describe('/media/products/{kind}/{variant}.svg', () => {
    it('draws every kind in all four views as a well-formed SVG without text', () => {
      for (const kind of PRODUCT_KINDS) {
        for (const variant of [0, 1, 2, 3, 17, 42, 9999]) {
          const body = renderMedia(`/media/products/${kind}/${variant}.svg`);
          expectSafeSvg(body);
          expect(body, `${kind}/${variant}`).not.toMatch(/<text/);
        }
      }
    });

    it('draws the same bytes for the same address', () => {
      expect(renderMedia('/media/products/tv/13.svg')).toBe(
        renderMedia('/media/products/tv/13.svg'),
      );
    });

    it('keeps colour and model across the four photos of one item and changes the view', () => {
      for (const kind of ['smartphone', 'sneaker', 'sofa', 'kettle'] as const) {
        for (const base of [0, 4, 40, 1236]) {
          const bodies = [0, 1, 2, 3].map((i) =>
            renderMedia(`/media/products/${kind}/${base + i}.svg`),
          );
          const colours = bodies.map((body) => attribute(body, 'colour'));
          expect(new Set(colours).size, `${kind}/${base}`).toBe(1);
          const views = bodies.map((body) => attribute(body, 'view'));
          expect(views).toEqual(['front', 'angle', 'detail', 'lifestyle']);
          expect(new Set(bodies).size).toBe(4);
        }
      }
    });

    it('gives neighbouring items different colours', () => {
      const colours = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36].map((variant) =>
        attribute(renderMedia(`/media/products/laptop/${variant}.svg`), 'colour'),
      );
      expect(new Set(colours).size).toBe(10);
    });
  });

  describe('/media/categories/{kind}.svg', () => {
    it('draws a round icon for every kind', () => {
      for (const kind of PRODUCT_KINDS) {
        const body = renderMedia(`/media/categories/${kind}.svg`);
        expectSafeSvg(body);
        expect(body).toContain('<circle cx="400" cy="400" r="400"');
      }
    });
  });

  describe('/media/brands/{slug}.svg', () => {
    it('writes short names in capitals and longer ones capitalised', () => {
      const lg = renderMedia('/media/brands/lg.svg');
      expectSafeSvg(lg);
      expect(lg).toContain('>LG</text>');
      expect(renderMedia('/media/brands/jbl.svg')).toContain('>JBL</text>');
      expect(renderMedia('/media/brands/bosch-home.svg')).toContain('>Bosch Home</text>');
    });

    it('puts a long name of several words on two lines', () => {
      const body = renderMedia('/media/brands/american-tourister.svg');
      expectSafeSvg(body);
      const lines = [...body.matchAll(/<tspan[^>]*>([^<]+)<\/tspan>/g)].map((m) => m[1]);
      expect(lines).toEqual(['American', 'Tourister']);
    });

    it('gives each brand its own colour, the same every time', () => {
      const fill = (slug: string) =>
        /<text[^>]* fill="(#[0-9A-F]{6})"/i.exec(
          renderMedia(`/media/brands/${slug}.svg`) ?? '',
        )?.[1];
      const fills = ['samsung', 'apple', 'xiaomi', 'artel', 'lg', 'hp'].map(fill);
      expect(fills.every(Boolean)).toBe(true);
      expect(new Set(fills).size).toBeGreaterThan(2);
      expect(fill('samsung')).toBe(fills[0]);
    });

    it('escapes the wordmark text', () => {
      expect(escapeXml(`<b>"A&B"</b>'`)).toBe('&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;&apos;');
      const body = renderBrand('a&b<c>');
      expect(body).not.toContain('<c>');
      expect(body).toContain('A&amp;b&lt;c&gt;');
    });
  });

  describe('/media/banners/{n}.svg', () => {
    it('draws eight wide banners without text', () => {
      for (let n = 1; n <= 8; n += 1) {
        const body = renderMedia(`/media/banners/${n}.svg`);
        expectSafeSvg(body);
        expect(body).toContain('viewBox="0 0 1200 400"');
        expect(body).not.toMatch(/<text/);
      }
    });
  });

  it.each([
    ['an unknown kind', '/media/products/spaceship/1.svg'],
    ['variant 10000', '/media/products/tv/10000.svg'],
    ['a variant that is not a number', '/media/products/tv/abc.svg'],
    ['a negative variant', '/media/products/tv/-1.svg'],
    ['a fractional variant', '/media/products/tv/1.5.svg'],
    ['a leading zero', '/media/products/tv/007.svg'],
    ['another extension', '/media/products/tv/1.png'],
    ['a missing extension', '/media/products/tv/1'],
    ['a parent directory', '/media/products/../tv/1.svg'],
    ['an extra path segment', '/media/products/tv/1/2.svg'],
    ['a kind without a variant', '/media/products/tv'],
    ['an unknown category', '/media/categories/spaceship.svg'],
    ['a brand in capitals', '/media/brands/Samsung.svg'],
    ['a brand with an underscore', '/media/brands/my_brand.svg'],
    ['a brand with markup', '/media/brands/<script>.svg'],
    ['a brand with a double hyphen', '/media/brands/a--b.svg'],
    ['a brand with a trailing hyphen', '/media/brands/ab-.svg'],
    ['a too long brand', `/media/brands/${'a'.repeat(41)}.svg`],
    ['a brand without extension', '/media/brands/samsung'],
    ['a brand in a subfolder', '/media/brands/a/samsung.svg'],
    ['banner 0', '/media/banners/0.svg'],
    ['banner 9', '/media/banners/9.svg'],
    ['banner 01', '/media/banners/01.svg'],
    ['another area', '/media/videos/1.mp4'],
    ['the bare prefix', '/media/'],
    ['an address outside /media', '/products/tv/1.svg'],
    ['a relative address', 'media/products/tv/1.svg'],
  ])('draws nothing for %s', (_, address) => {
    expect(renderMedia(address)).toBeUndefined();
  });
});
