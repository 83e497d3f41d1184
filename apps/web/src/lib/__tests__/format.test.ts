import { describe, expect, it } from 'vitest';
import { formatDate } from '../format.ts';

describe('formatDate', () => {
  // 09:05 in Tashkent (UTC+5)
  const date = new Date('2026-11-23T04:05:00Z');

  it('writes Uzbek dates with the Uzbek month names', () => {
    expect(formatDate(date, 'uz')).toBe('23-noyabr, 2026');
    expect(formatDate(date, 'uz', true)).toBe('23-noyabr, 2026, 09:05');
  });

  it('writes Russian dates in the genitive', () => {
    expect(formatDate(date, 'ru')).toMatch(/^23 ноября 2026/);
    expect(formatDate(date, 'ru', true)).toMatch(/, 09:05$/);
  });

  it('reads a moment on the clock in Tashkent, wherever the page is drawn', () => {
    expect(formatDate('2026-11-23T20:30:00Z', 'uz', true)).toBe('24-noyabr, 2026, 01:30');
    expect(formatDate('2026-12-31T19:00:00.000Z', 'ru')).toBe('1 января 2027 г.');
  });

  it('writes a calendar day as that day', () => {
    expect(formatDate('2027-03-25', 'uz')).toBe('25-mart, 2027');
    expect(formatDate('2027-03-25', 'ru')).toBe('25 марта 2027 г.');
  });
});
