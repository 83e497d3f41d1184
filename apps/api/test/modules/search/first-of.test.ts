import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOf } from '../../../src/modules/search/first-of.ts';

/** Items with a coarse key (many ties) and a fine one, ordered by key, then fine, then index. */
const itemsArb = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 })),
  {
    maxLength: 300,
  },
);

function setUp(items: [number, number][]) {
  const key = Float64Array.from(items.map(([k]) => k));
  const compare = (a: number, b: number) =>
    (key[a] as number) - (key[b] as number) ||
    (items[a]![1] as number) - (items[b]![1] as number) ||
    a - b;
  return { key, compare };
}

describe('firstOf', () => {
  it('answers what sorting all the items and taking the first k answers', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: 0, max: 60 }), (items, k) => {
        const { key, compare } = setUp(items);
        const sorted = items.map((_, i) => i).sort(compare);
        expect(firstOf(items.length, k, compare, key)).toEqual(sorted.slice(0, k));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the best items when they come last, past the heap (more than 4k items)', () => {
    const items: [number, number][] = Array.from({ length: 100 }, (_, i) => [100 - i, 0]);
    const { key, compare } = setUp(items);
    expect(firstOf(items.length, 3, compare, key)).toEqual([99, 98, 97]);
  });

  it('answers nothing for no items or k of 0', () => {
    const { key, compare } = setUp([[1, 1]]);
    expect(firstOf(0, 5, compare, key)).toEqual([]);
    expect(firstOf(1, 0, compare, key)).toEqual([]);
  });
});
