import type { FulfilmentStep } from '@bozor/shared';
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

const PAYMENT_TONES: Record<string, Tone> = {
  checking: 'warning',
  paid: 'success',
  failed: 'danger',
  refunding: 'warning',
  refunded: 'neutral',
  needs_attention: 'danger',
};

export function PaymentStateBadge({ state }: { state: string }) {
  const { t } = useI18n();
  const key = `payment.state.${state}` as const;
  return (
    <Badge tone={PAYMENT_TONES[state] ?? 'neutral'}>
      {state in PAYMENT_TONES ? t(key as `payment.state.${'paid'}`) : state}
    </Badge>
  );
}
