import type { FulfilmentStep } from '@bozor/shared';
import { TEXTS } from '../../i18n/texts.ts';
import type { Translate } from '../../lib/i18n.tsx';

/**
 * The steps an order's history names besides those of its way: placed and paid, and a return the
 * customer asked for and staff refused (the API's orders/progress.ts and orders/returns.ts).
 */
export const MILESTONES = ['placed', 'paid', 'return_requested', 'return_rejected'] as const;
export type HistoryStep = FulfilmentStep | (typeof MILESTONES)[number];

/** A step of an order's history by its name; one the back office does not know, as it came. */
export function historyStepName(t: Translate, step: string): string {
  const key = `step.${step}`;
  return key in TEXTS.ru ? t(key as `step.${HistoryStep}`) : step;
}
