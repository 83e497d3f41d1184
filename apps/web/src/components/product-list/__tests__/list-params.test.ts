import { describe, expect, it } from 'vitest';
import { apiQuery, readListParams, toggle, writeListParams } from '../list-params.ts';

describe('list parameters in the URL', () => {
  it('reads filters, sort and page and ignores values the API would reject', () => {
    const params = readListParams(
      new URLSearchParams('page=3&sort=cheap&price_from=1000&brands=samsung,BAD!,lg&filters=4,x,0'),
    );
    expect(params).toEqual({
      page: 3,
      sort: 'cheap',
      priceFrom: 1000,
      priceTo: undefined,
      ratingFrom: undefined,
      brands: ['samsung', 'lg'],
      colors: [],
      filters: [4],
    });
    expect(readListParams(new URLSearchParams('sort=best&page=-2')).sort).toBeUndefined();
  });

  it('keeps "4 stars and more" and the rating sort in the URL and the API query', () => {
    const params = readListParams(new URLSearchParams('sort=rating&rating_from=4'));
    expect(params).toMatchObject({ sort: 'rating', ratingFrom: 4 });
    expect(readListParams(new URLSearchParams('rating_from=9')).ratingFrom).toBeUndefined();
    expect(apiQuery(params, 24)).toContain('rating_from=4');
    expect(
      writeListParams(new URLSearchParams('rating_from=4'), { ratingFrom: undefined }).get(
        'rating_from',
      ),
    ).toBeNull();
  });

  it('starts again at page 1 when a filter changes, keeping other parameters', () => {
    const search = new URLSearchParams('query=tv&page=4&brands=lg');
    const next = writeListParams(search, { brands: ['lg', 'samsung'] });
    expect(next.get('page')).toBeNull();
    expect(next.get('brands')).toBe('lg,samsung');
    expect(next.get('query')).toBe('tv');
    expect(writeListParams(search, { page: 5 }).get('page')).toBe('5');
  });

  it('builds the API query with only what is set', () => {
    const params = readListParams(new URLSearchParams('colors=black&price_to=500'));
    expect(apiQuery(params, 24)).toBe('page=1&per_page=24&price_to=500&colors=black');
  });

  it('toggles a value in a list', () => {
    expect(toggle(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a')).toEqual(['b']);
  });
});
