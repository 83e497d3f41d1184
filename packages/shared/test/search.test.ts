import { describe, expect, it } from 'vitest';
import { searchTokens, toSearchLatin } from '../src/search.ts';

describe('toSearchLatin', () => {
  it('folds Russian and Uzbek Latin to the same form', () => {
    expect(toSearchLatin('Телевизор')).toBe('televizor');
    expect(toSearchLatin('televizor')).toBe('televizor');
    expect(toSearchLatin('САМСУНГ')).toBe(toSearchLatin('Samsung'));
  });

  it('folds Uzbek Cyrillic letters and the Latin apostrophe letters', () => {
    expect(toSearchLatin('Қўшимча ғалла ҳаво')).toBe('qoshimcha galla havo');
    expect(toSearchLatin("Qo'shimcha g‘alla havo")).toBe('qoshimcha galla havo');
  });

  it('writes х, x and kh as x, ҳ as h, and ж, zh, j as j', () => {
    expect(toSearchLatin('холодильник')).toBe('xolodilnik');
    expect(toSearchLatin('kholodilnik')).toBe('xolodilnik');
    expect(toSearchLatin('ҳаво')).toBe('havo');
    expect(toSearchLatin('жакет')).toBe(toSearchLatin('zhaket'));
  });

  it('writes ё as е and drops hard and soft signs', () => {
    expect(toSearchLatin('чёрный')).toBe(toSearchLatin('черный'));
    expect(toSearchLatin('объём')).toBe('obem');
  });

  it('keeps digits and splits on everything else', () => {
    expect(toSearchLatin('  Galaxy A55, 8/256 ГБ!  ')).toBe('galaxy a55 8 256 gb');
  });
});

describe('searchTokens', () => {
  it('returns no tokens for whitespace and punctuation', () => {
    expect(searchTokens('   ')).toEqual([]);
    expect(searchTokens('?!,')).toEqual([]);
  });

  it('caps the number of tokens', () => {
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
  });
});
