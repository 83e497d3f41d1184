import { describe, expect, it } from 'vitest';
import { pick } from '../../src/lib/lang.ts';

describe('pick', () => {
  const row = { nameUz: 'Muzlatgich', nameRu: 'Холодильник', valueUz: 'oq', valueRu: 'белый' };

  it("reads the column of the caller's language", () => {
    expect(pick(row, 'name', 'uz')).toBe('Muzlatgich');
    expect(pick(row, 'name', 'ru')).toBe('Холодильник');
    expect(pick(row, 'value', 'ru')).toBe('белый');
  });
});
