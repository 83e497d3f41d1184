import { describe, expect, it } from 'vitest';
import { catalogueData } from '../src/catalogue/data.ts';
import {
  DEFAULT_PRODUCTS,
  type GeneratedCatalogue,
  generateCatalogue,
} from '../src/catalogue/generate.ts';
import { isProductKind } from '../src/media/kinds.ts';
import { PRODUCT_COLOURS } from '../src/media/look.ts';
import { renderMedia } from '../src/media/render.ts';

const ASCII_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function tree(catalogue: GeneratedCatalogue) {
  const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
  const depth = (id: number): number => {
    const parent = byId.get(id)?.parentId;
    return parent == null ? 1 : 1 + depth(parent);
  };
  const withDepth = (d: number) => catalogue.categories.filter((c) => depth(c.id) === d);
  const parents = new Set(catalogue.categories.map((c) => c.parentId));
  const leaves = catalogue.categories.filter((c) => !parents.has(c.id));
  return { byId, depth, roots: withDepth(1), subs: withDepth(2), leaves };
}

describe('generateCatalogue', () => {
  const catalogue = generateCatalogue();
  const { byId, depth, roots, subs, leaves } = tree(catalogue);

  it('gives the same rows for the same seed and different rows for another seed', () => {
    const first = generateCatalogue({ products: 300, seed: 7 });
    expect(generateCatalogue({ products: 300, seed: 7 })).toEqual(first);
    const other = generateCatalogue({ products: 300, seed: 8 });
    expect(other.products.map((p) => p.nameRu)).not.toEqual(first.products.map((p) => p.nameRu));
    expect(other.products.map((p) => p.price)).not.toEqual(first.products.map((p) => p.price));
  });

  it('scales with the product count and keeps the fixed lists', () => {
    const small = generateCatalogue({ products: 50 });
    expect(small.products).toHaveLength(50);
    expect(small.categories).toEqual(catalogue.categories);
    expect(small.brands).toEqual(catalogue.brands);
    expect(generateCatalogue({ products: 0 }).products).toEqual([]);
    expect(() => generateCatalogue({ products: -1 })).toThrow();
    expect(() => generateCatalogue({ products: 1.5 })).toThrow();
  });

  it('meets the minimum sizes with the defaults', () => {
    expect(roots.length).toBeGreaterThanOrEqual(12);
    expect(subs.length).toBeGreaterThanOrEqual(60);
    expect(leaves.length).toBeGreaterThanOrEqual(150);
    expect(catalogue.brands.length).toBeGreaterThanOrEqual(40);
    expect(catalogue.products).toHaveLength(DEFAULT_PRODUCTS);
    expect(DEFAULT_PRODUCTS).toBe(2_000);
    const top = roots.filter((r) => r.isTop).length;
    expect(top).toBeGreaterThanOrEqual(8);
    expect(top).toBeLessThanOrEqual(12);
  });

  it('builds a three-level tree with unique ASCII slugs and kind images', () => {
    for (const c of catalogue.categories) {
      if (c.parentId != null) expect(byId.has(c.parentId)).toBe(true);
      expect(c.slug).toMatch(ASCII_SLUG);
      expect(c.nameUz.trim()).not.toBe('');
      expect(c.nameRu.trim()).not.toBe('');
      const kind = c.image?.match(/^\/media\/categories\/([a-z-]+)\.svg$/)?.[1] ?? '';
      expect(isProductKind(kind), `${c.slug}: ${c.image}`).toBe(true);
    }
    for (const leaf of leaves) expect(depth(leaf.id), leaf.slug).toBe(3);
    const slugs = catalogue.categories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const siblings = new Map<number | null | undefined, number[]>();
    for (const c of catalogue.categories) {
      siblings.set(c.parentId, [...(siblings.get(c.parentId) ?? []), c.position ?? -1]);
    }
    for (const positions of siblings.values()) {
      expect(positions).toEqual(positions.map((_, i) => i));
    }
  });

  it('puts products only into leaves and every leaf gets some', () => {
    const leafIds = new Set(leaves.map((l) => l.id));
    const used = new Set(catalogue.products.map((p) => p.categoryId));
    for (const id of used) expect(leafIds.has(id)).toBe(true);
    expect(used.size).toBe(leafIds.size);
  });

  it('makes complete products', () => {
    const kinds = new Set<string>();
    for (const p of catalogue.products) {
      for (const name of [p.nameUz, p.nameRu, p.descriptionUz ?? '', p.descriptionRu ?? '']) {
        expect(name.trim().length).toBeGreaterThan(5);
        expect(name).not.toMatch(/[{}#]|undefined|null|NaN|\s{2}/);
      }
      expect(p.nameRu).toMatch(/[а-яё]/i);
      expect(p.nameUz).not.toMatch(/[а-яё]/i);
      expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
      expect(p.price % 1_000).toBe(0);
      if (p.oldPrice != null) expect(p.oldPrice).toBeGreaterThan(p.price);
      expect(p.slug).toMatch(ASCII_SLUG);
      expect(p.code).toMatch(/^BZ-\d{6}$/);
      expect(p.images?.length).toBeGreaterThanOrEqual(3);
      expect(p.images?.length).toBeLessThanOrEqual(4);
      const parsed = (p.images ?? []).map((src) => {
        const m = src.match(/^\/media\/products\/([a-z-]+)\/(\d+)\.svg$/);
        expect(m, src).not.toBeNull();
        return { kind: m?.[1] ?? '', variant: Number(m?.[2]) };
      });
      for (const [i, image] of parsed.entries()) {
        expect(isProductKind(image.kind)).toBe(true);
        expect(image.kind).toBe(parsed[0]?.kind);
        expect(image.variant).toBe((parsed[0]?.variant ?? 0) + i);
        expect(image.variant).toBeLessThanOrEqual(9_999);
        kinds.add(image.kind);
      }
    }
    expect(kinds.size).toBeGreaterThan(40);
    const slugs = new Set(catalogue.products.map((p) => p.slug));
    const codes = new Set(catalogue.products.map((p) => p.code));
    expect(slugs.size).toBe(catalogue.products.length);
    expect(codes.size).toBe(catalogue.products.length);
  });

  it('points every picture at an address that is drawn', () => {
    const addresses = [
      ...catalogue.categories.map((c) => c.image),
      ...catalogue.brands.map((b) => b.logo),
      ...catalogue.products.filter((p) => p.id % 50 === 1).flatMap((p) => p.images),
    ];
    for (const address of new Set(addresses)) {
      expect(renderMedia(address), address).toMatch(/^<svg /);
    }
  });

  it('starts the photos with a front view drawn in the product colour', () => {
    const COLORS = catalogueData().reference.colors;
    const lookOf = new Map(
      catalogue.colors.map((c) => [c.id, COLORS.find((d) => d.slug === c.slug)]),
    );
    let coloured = 0;
    for (const p of catalogue.products) {
      const variant = Number(p.images?.[0]?.match(/(\d+)\.svg$/)?.[1]);
      expect(variant % 4).toBe(0);
      if (p.colorId == null) continue;
      coloured += 1;
      const look = lookOf.get(p.colorId)?.look ?? -1;
      expect(Math.floor(variant / 4) % PRODUCT_COLOURS.length).toBe(look);
    }
    expect(coloured).toBeGreaterThan(catalogue.products.length / 2);
    expect(Math.max(...COLORS.map((c) => c.look))).toBeLessThan(PRODUCT_COLOURS.length);
  });

  it('discounts about a third of the products by 5–40 %', () => {
    const discounted = catalogue.products.filter((p) => p.oldPrice != null);
    const share = discounted.length / catalogue.products.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    for (const p of discounted) {
      const ratio = (p.oldPrice ?? 0) / p.price;
      expect(ratio).toBeGreaterThanOrEqual(1.05);
      expect(ratio).toBeLessThanOrEqual(1.4);
    }
  });

  it('keeps popularity skewed: a few products are far more popular than the median', () => {
    const sorted = catalogue.products.map((p) => p.popularity ?? 0).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const top = sorted[sorted.length - 1] ?? 0;
    expect(top).toBeGreaterThan(median * 20);
    expect(sorted.filter((v) => v > median * 20).length).toBeLessThan(sorted.length * 0.15);
  });

  it('stocks every popular product, more of them, and sells out a few slow sellers', () => {
    for (const p of catalogue.products) {
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.slug).toBe(true);
      if (p.popularity >= 1_000) expect(p.stock, p.slug).toBeGreaterThan(0);
    }
    const soldOut = catalogue.products.filter((p) => p.stock === 0).length;
    expect(soldOut).toBeGreaterThan(0);
    expect(soldOut).toBeLessThan(catalogue.products.length * 0.1);
    const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const popular = catalogue.products.filter((p) => p.popularity >= 1_000).map((p) => p.stock);
    const rest = catalogue.products.filter((p) => p.popularity < 1_000).map((p) => p.stock);
    expect(popular.length).toBeGreaterThan(0);
    expect(median(popular)).toBeGreaterThan(median(rest));
  });

  it('gives a phone the memory its name says', () => {
    const values = new Map(catalogue.attributeValues.map((v) => [v.id, v]));
    const attributeSlug = new Map(catalogue.attributes.map((a) => [a.id, a.slug]));
    const valuesOf = (productId: number, slug: string) =>
      catalogue.productAttributeValues
        .filter((pv) => pv.productId === productId)
        .map((pv) => values.get(pv.valueId))
        .filter((v) => v && attributeSlug.get(v.attributeId) === slug)
        .map((v) => v?.valueRu);
    const phones = catalogue.products.filter((p) => p.nameRu.startsWith('Смартфон '));
    expect(phones.length).toBeGreaterThan(50);
    let checked = 0;
    for (const phone of phones) {
      const match = phone.nameRu.match(/ (\d+)\/(\d+) ГБ/);
      if (!match) continue;
      checked += 1;
      expect(valuesOf(phone.id, 'ram')).toEqual([`${match[1]} ГБ`]);
      expect(valuesOf(phone.id, 'storage')).toEqual([`${match[2]} ГБ`]);
      expect(phone.nameUz).toContain(`${match[1]}/${match[2]} GB`);
    }
    expect(checked).toBeGreaterThan(100);
    const tvs = catalogue.products.filter((p) => p.nameRu.startsWith('Телевизор '));
    expect(tvs.length).toBeGreaterThan(10);
    for (const tv of tvs) {
      const inches = tv.nameRu.match(/ (\d+)" /)?.[1];
      expect(valuesOf(tv.id, 'diagonal')).toEqual([`${inches}"`]);
    }
  });

  it('keeps brands to the goods they make', () => {
    const brandOf = new Map(catalogue.brands.map((b) => [b.id, b.slug]));
    const fridgeLeaf = leaves.find((l) => l.slug === 'ikki-kamerali-muzlatgichlar');
    const sneakerLeaf = leaves.find((l) => l.slug === 'erkaklar-krossovkalari');
    const brandsIn = (categoryId: number | undefined) =>
      new Set(
        catalogue.products
          .filter((p) => p.categoryId === categoryId)
          .map((p) => brandOf.get(p.brandId ?? 0)),
      );
    expect(brandsIn(fridgeLeaf?.id).has('nike')).toBe(false);
    expect(brandsIn(fridgeLeaf?.id).has('artel')).toBe(true);
    expect(brandsIn(sneakerLeaf?.id).has('artel')).toBe(false);
    for (const b of catalogue.brands) {
      expect(b.slug).toMatch(ASCII_SLUG);
      expect(b.logo).toBe(`/media/brands/${b.slug}.svg`);
    }
  });

  it('carries the installment tariffs of DESIGN §4 and the footer contacts', () => {
    expect(catalogue.tariffs.map((t) => [t.months, t.markupPercent])).toEqual([
      [3, 12],
      [6, 24],
      [9, 35],
      [12, 44],
    ]);
    expect(catalogue.contacts.map((c) => c.key).sort()).toEqual(['insurance', 'phone', 'telegram']);
    expect(catalogue.contacts.find((c) => c.key === 'phone')?.value).toMatch(
      /^\+998 \d{2} \d{3} \d{2} \d{2}$/,
    );
  });
});
