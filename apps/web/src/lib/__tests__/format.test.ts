import { describe, expect, it } from 'vitest';
import { formatDate } from '../format.ts';

describe('formatDate', () => {
  const date = new Date(2026, 10, 23, 9, 5);

  it('writes Uzbek dates with the Uzbek month names', () => {
    expect(formatDate(date, 'uz')).toBe('23-noyabr, 2026');
    expect(formatDate(date, 'uz', true)).toBe('23-noyabr, 2026, 09:05');
  });

  it('writes Russian dates in the genitive', () => {
    expect(formatDate(date, 'ru')).toMatch(/^23 ноября 2026/);
    expect(formatDate(date, 'ru', true)).toMatch(/, 09:05$/);
  });
});
