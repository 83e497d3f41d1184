import { describe, expect, it } from 'vitest';
import { contrastRatio, textColourOn } from '../contrast.ts';

describe('contrastRatio', () => {
  it('measures as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('textColourOn', () => {
  it("writes every demo tag's label at 4.5:1 or more", () => {
    for (const tag of ['#FF3B30', '#00A86B', '#FF9500', '#007AFF', '#5856D6']) {
      expect(contrastRatio(textColourOn(tag), tag), tag).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white on a dark colour and takes the ink on a bright one', () => {
    expect(textColourOn('#5856D6')).toBe('#ffffff');
    expect(textColourOn('#7000ff')).toBe('#ffffff');
    expect(textColourOn('#FF3B30')).toBe('#1f2026');
    expect(textColourOn('#ffeb3b')).toBe('#1f2026');
  });

  it('takes black where even the ink is too light, and white for what is no colour', () => {
    expect(textColourOn('#007AFF')).toBe('#000000');
    expect(textColourOn('red-ish')).toBe('#ffffff');
  });
});
