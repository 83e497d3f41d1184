import { CARD_CODE_LENGTH, type Card, type CardAdded } from '@bozor/shared';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { CodeEntry, emptyCode } from '../../../components/ui/code-boxes.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useConfirmCard } from '../api/confirm-card.ts';
import { useResendCardCode } from '../api/resend-card-code.ts';

const emptyCardCode = () => emptyCode(CARD_CODE_LENGTH);

/** The gateway's masked phone ("99890*****67") with its plus. */
const shownPhone = (phone: string) => (/^\d/.test(phone) ? `+${phone}` : phone);

/**
 * The card holder's SMS code: the six boxes of sign-in, the countdown from the gateway's `wait`
 * and a new code after it. A confirmed card shows the server's message as a success (SPEC §8).
 */
export function CardCodeStep({
  added,
  onConfirmed,
  onBack,
}: {
  added: CardAdded;
  onConfirmed: (card: Card) => void;
  /** Back to the card form, to correct the number. */
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmCard();
  const resend = useResendCardCode();
  const [code, setCode] = useState(emptyCardCode);
  const [error, setError] = useState<string | null>(null);
  const [phone, setPhone] = useState(added.phone);
  const [resendAt, setResendAt] = useState(() => Date.now() + added.wait * 1000);
  const titleId = useId();

  const check = async (otp: string) => {
    setError(null);
    try {
      const answer = await confirm.mutateAsync({ card_id: added.card_id, otp });
      toast.success(answer.message);
      onConfirmed(answer.data);
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.fieldErrors.otp?.[0] ?? err.message) : failureMessage(err);
      setError(message);
      toast.error(failureMessage(err));
      setCode(emptyCardCode());
    }
  };

  const askAgain = async () => {
    setError(null);
    try {
      const answer = await resend.mutateAsync(added.card_id);
      setCode(emptyCardCode());
      setPhone(answer.data.phone);
      setResendAt(Date.now() + answer.data.wait * 1000);
      toast.success(t('code.resend_sms'));
    } catch (err) {
      // too early: the server says how long is left, so the countdown starts again from it
      if (err instanceof ApiError && err.retryAfter != null) {
        setResendAt(Date.now() + err.retryAfter * 1000);
      }
      toast.error(failureMessage(err));
    }
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-bold text-ink">
          {t('cards.code_title')}
        </h2>
        <p className="text-sm text-muted">{t('cards.code_text', { phone: shownPhone(phone) })}</p>
      </div>
      <CodeEntry
        length={CARD_CODE_LENGTH}
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
        onComplete={check}
        checking={confirm.isPending}
        error={error}
        resendAt={resendAt}
        onResend={askAgain}
        resending={resend.isPending}
      />
      <button
        type="button"
        onClick={onBack}
        disabled={confirm.isPending}
        className={cn(buttonClass('ghost'), 'self-center')}
      >
        {t('cards.change_card')}
      </button>
    </section>
  );
}
