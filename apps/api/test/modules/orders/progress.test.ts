import { ORDER_HISTORY_STEPS } from '@bozor/shared';
import { describe, expect, it } from 'vitest';
import { stepName } from '../../../src/modules/orders/progress.ts';

describe("an order's history as the customer reads it", () => {
  it('names every step the history can hold, in Uzbek and in Russian', () => {
    for (const lang of ['uz', 'ru'] as const) {
      expect(ORDER_HISTORY_STEPS.filter((step) => stepName(step, lang) === step)).toEqual([]);
    }
  });

  it('names a return asked for and one refused', () => {
    expect(stepName('return_requested', 'ru')).toBe('Возврат запрошен');
    expect(stepName('return_requested', 'uz')).toBe("Qaytarish so'raldi");
    expect(stepName('return_rejected', 'ru')).toBe('Возврат отклонён');
    expect(stepName('return_rejected', 'uz')).toBe('Qaytarish rad etildi');
  });

  it('shows a step it does not know as it came', () => {
    expect(stepName('weighed', 'ru')).toBe('weighed');
  });
});
