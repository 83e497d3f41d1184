import type { OrderHistoryStep } from '@bozor/shared';
import { TEXTS } from '../../i18n/texts.ts';
import type { Translate } from '../../lib/i18n.tsx';

/**
 * A step of an order's history by its name (every step the API writes has a `step.*` text, or
 * this fails the type check); one the back office does not know yet, as it came.
 */
export function historyStepName(t: Translate, step: string): string {
  const key = `step.${step}`;
  return key in TEXTS.ru ? t(key as `step.${OrderHistoryStep}`) : step;
}
