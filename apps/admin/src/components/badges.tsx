import type { FulfilmentStep, PaymentState } from '@bozor/shared';
import { useI18n } from '../lib/i18n.tsx';
import { Badge, type Tone } from './ui.tsx';

const STEP_TONES: Record<FulfilmentStep, Tone> = {
  awaiting_payment: 'warning',
  confirmed: 'primary',
  packed: 'info',
  with_courier: 'info',
  ready_for_pickup: 'info',
  delivered: 'success',
  picked_up: 'success',
  completed: 'success',
  cancelled: 'neutral',
  rejected: 'neutral',
  returned: 'neutral',
};

export function StepBadge({ step }: { step: FulfilmentStep }) {
  const { t } = useI18n();
  return <Badge tone={STEP_TONES[step]}>{t(`step.${step}`)}</Badge>;
}

const PAYMENT_TONES: Record<PaymentState, Tone> = {
  checking: 'warning',
  paid: 'success',
  failed: 'danger',
  refunding: 'warning',
  refunded: 'neutral',
  needs_attention: 'danger',
};

export function PaymentBadge({ state }: { state: PaymentState }) {
  const { t } = useI18n();
  return <Badge tone={PAYMENT_TONES[state]}>{t(`payment.state.${state}`)}</Badge>;
}
