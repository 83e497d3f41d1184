import type { CreditStatus, FulfilmentStep, PaymentState } from '@bozor/shared';
import type { TextKey } from '../i18n/texts.ts';
import { useI18n } from '../lib/i18n.tsx';
import { Badge, type Tone } from './ui.tsx';

/** A state's badge: its tone, and its words the text `text`. */
export function StateBadge({ tone, text }: { tone: Tone; text: TextKey }) {
  const { t } = useI18n();
  return <Badge tone={tone}>{t(text)}</Badge>;
}

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

export const StepBadge = ({ state }: { state: FulfilmentStep }) => (
  <StateBadge tone={STEP_TONES[state]} text={`step.${state}`} />
);

const PAYMENT_TONES: Record<PaymentState, Tone> = {
  checking: 'warning',
  paid: 'success',
  failed: 'danger',
  refunding: 'warning',
  refunded: 'neutral',
  needs_attention: 'danger',
};

export const PaymentBadge = ({ state }: { state: PaymentState }) => (
  <StateBadge tone={PAYMENT_TONES[state]} text={`payment.state.${state}`} />
);

/** A credit's status in colour: the credit's own page and the customer's list of credits. */
export const CREDIT_TONES: Record<CreditStatus, Tone> = {
  not_signed: 'warning',
  active: 'primary',
  overdue: 'danger',
  closed: 'success',
  cancelled: 'neutral',
};
