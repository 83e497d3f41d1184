import { describe, expect, it } from 'vitest';
import { TEXTS, type TextKey } from '../../i18n/texts.ts';
import { fill } from '../../lib/i18n.tsx';
import { listTexts } from './list-texts.ts';

const russian = (key: TextKey, vars?: Record<string, string | number>) => fill(TEXTS.ru[key], vars);

describe("the kit's list texts", () => {
  it("word a list from its namespace's title, subtitle, grid, empty and hint", () => {
    expect(listTexts(russian, 'orders')).toEqual({
      title: TEXTS.ru['orders.title'],
      subtitle: TEXTS.ru['orders.subtitle'],
      label: TEXTS.ru['orders.grid'],
      empty: TEXTS.ru['orders.empty'],
      emptyHint: TEXTS.ru['orders.emptyHint'],
    });
  });

  it('leave out what the namespace does not say', () => {
    const texts = listTexts(russian, 'returns');
    expect(texts.title).toBe(TEXTS.ru['returns.title']);
    expect(texts.emptyHint).toBeUndefined();
  });
});
