import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_PRICE_STEP, bulkPrice, MAX_MONEY, ProductInput, slugOf } from '../src/index.ts';

describe('bulkPrice', () => {
  it('rounds a price changed by percent half up to whole thousands of sum', () => {
    expect(bulkPrice(1_234_567, { type: 'price_percent', percent: 10 })).toBe(1_358_000);
    expect(bulkPrice(995_000, { type: 'price_percent', percent: 10 })).toBe(1_095_000);
    expect(bulkPrice(1_000_000, { type: 'price_percent', percent: -90 })).toBe(100_000);
  });

  it('never takes a price below one thousand by percent, and changes it exactly by amount', () => {
    expect(bulkPrice(1_000, { type: 'price_percent', percent: -90 })).toBe(1_000);
    expect(bulkPrice(1_234_567, { type: 'price_amount', amount: -34_567 })).toBe(1_200_000);
    expect(bulkPrice(500_000, { type: 'price_amount', amount: -500_000 })).toBeNull();
    expect(bulkPrice(MAX_MONEY, { type: 'price_amount', amount: 1 })).toBeNull();
  });

  it('by percent always lands on a whole thousand within the money ceiling, or refuses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_MONEY }),
        fc.integer({ min: -90, max: 500 }).filter((p) => p !== 0),
        (price, percent) => {
          const next = bulkPrice(price, { type: 'price_percent', percent });
          if (next === null) return price * (1 + percent / 100) > MAX_MONEY - BULK_PRICE_STEP;
          const exact = (price * (100 + percent)) / 100;
          return (
            next % BULK_PRICE_STEP === 0 &&
            next <= MAX_MONEY &&
            Math.abs(next - Math.max(exact, BULK_PRICE_STEP)) <= BULK_PRICE_STEP / 2
          );
        },
      ),
    );
  });
});

describe('slugOf', () => {
  it('makes an address from a name in either script', () => {
    expect(slugOf('Samsung Galaxy A55 8/256 GB')).toBe('samsung-galaxy-a55-8-256-gb');
    expect(slugOf('Телевизор Artel 43"')).toBe('televizor-artel-43');
    expect(slugOf("O'zbekcha nom")).toBe('ozbekcha-nom');
  });
});

describe('ProductInput', () => {
  const valid = {
    name_uz: 'Televizor',
    name_ru: 'Телевизор',
    description_uz: '<p>Katta</p>\n<p>ekran</p>',
    description_ru: '',
    code: 'ART-43/A.1_b',
    slug: '',
    price: 3_990_000,
    old_price: 4_490_000,
    stock: 0,
    category_id: 3,
    brand_id: null,
    color_id: null,
    tag_ids: [],
    attribute_value_ids: [],
    collection_ids: [],
    is_active: true,
    images: ['/media/u/abc123', '/media/products/tv/4.svg'],
  };

  it('accepts a whole product, descriptions over several lines included', () => {
    expect(ProductInput.safeParse(valid).success).toBe(true);
  });

  it('names each broken rule by its field', () => {
    const result = ProductInput.safeParse({
      ...valid,
      code: '-bad code',
      slug: 'Bad Slug',
      price: 1.5,
      images: ['/media/../etc/passwd', 'https://elsewhere.example/a.png'],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['code', 'product_code_invalid'],
        ['slug', 'product_slug_invalid'],
        ['price', 'product_price_invalid'],
        ['images.0', 'product_image_invalid'],
        ['images.1', 'product_image_invalid'],
      ]),
    );
  });

  it('wants an old price above the price', () => {
    const result = ProductInput.safeParse({ ...valid, old_price: 3_990_000 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['old_price', 'product_old_price_not_above'],
    ]);
  });
});
