import { buttonClass } from '../../../components/ui/button.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/**
 * SPEC §2: "Not enough {amount} sum for the initial payment" — the limit does not cover the
 * financed sum; going back, or raising the prepayment to at least `minPrepayment`.
 */
export function NotEnoughScreen({
  shortfall,
  available,
  minPrepayment,
  onBack,
  onIncrease,
}: {
  /** How much more the prepayment must be. */
  shortfall: number;
  available: number;
  minPrepayment: number;
  onBack: () => void;
  onIncrease: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <StateMessage
      role="alert"
      icon={<AlertIcon className="size-7" />}
      title={t('checkout.not_enough.title', { amount: money(shortfall) })}
      text={t('checkout.not_enough.text', {
        available: money(available),
        min: money(minPrepayment),
      })}
      action={
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <button type="button" onClick={onBack} className={buttonClass('secondary')}>
            {t('checkout.not_enough.back')}
          </button>
          <button type="button" onClick={onIncrease} className={buttonClass('primary')}>
            {t('checkout.not_enough.increase')}
          </button>
        </div>
      }
    />
  );
}
