import type { AlertKind, ProductSummary } from '@bozor/shared';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { controlClass, FormField } from '../../../components/ui/form-field.tsx';
import { BellIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useIsWished } from '../../../lib/wishlist-store.ts';
import { openSignIn } from '../../auth/index.ts';
import { useCancelAlert, useProductAlerts, useSubscribeAlert } from '../api/alerts.ts';

type Product = Pick<ProductSummary, 'id' | 'price' | 'in_stock'>;

/** What the customer typed as "cheaper than": empty, or a whole sum below today's price. */
function parseBelow(
  raw: string,
  price: number,
): { value: number | null } | { error: 'invalid' | 'not_lower' } {
  const digits = raw.replace(/\s/g, '');
  if (digits === '') return { value: null };
  if (!/^\d+$/.test(digits)) return { error: 'invalid' };
  const value = Number(digits);
  if (value < 1 || value >= price) return { error: 'not_lower' };
  return { value };
}

function WaitingAlert({
  text,
  onCancel,
  pending,
}: {
  text: string;
  onCancel: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-2 rounded-[12px] bg-primary-soft px-3 py-2 text-sm text-primary sm:max-w-sm">
      <CheckIcon className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 flex-1 font-medium" data-testid="alert-waiting">
        {text}
      </span>
      <button
        type="button"
        onClick={onCancel}
        disabled={pending}
        className="shrink-0 rounded-md px-2 py-0.5 text-xs font-semibold underline-offset-2 hover:underline disabled:opacity-50"
      >
        {t('alerts.cancel')}
      </button>
    </div>
  );
}

/**
 * "Tell me when it is back" on a sold-out product and "tell me when it is cheaper" on a product
 * in the wish list (optionally at or below a sum): one tap for a signed-in customer, who can cancel;
 * a visitor is asked to sign in first.
 */
export function AlertButtons({ product }: { product: Product }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const signedIn = useIsSignedIn();
  const wished = useIsWished(product.id);
  const alerts = useProductAlerts(product.id);
  const subscribe = useSubscribeAlert(product.id);
  const cancel = useCancelAlert(product.id);
  const [asking, setAsking] = useState(false);
  const [below, setBelow] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const waiting = (kind: AlertKind) => alerts.data?.find((a) => a.kind === kind);
  const onFail = (failure: unknown) => toast.error(failureMessage(failure));
  const stop = (kind: AlertKind) =>
    cancel.mutate(kind, {
      onSuccess: () => toast.success(t('alerts.cancelled')),
      onError: onFail,
    });

  if (!product.in_stock) {
    const back = waiting('back_in_stock');
    if (back) {
      return (
        <WaitingAlert
          text={t('alerts.back_waiting')}
          pending={cancel.isPending}
          onCancel={() => stop('back_in_stock')}
        />
      );
    }
    return (
      <button
        type="button"
        data-testid="alert-back"
        className={cn(buttonClass('secondary'), 'w-full sm:max-w-sm')}
        disabled={subscribe.isPending}
        onClick={() => {
          if (!signedIn) return openSignIn();
          subscribe.mutate(
            { kind: 'back_in_stock' },
            { onSuccess: () => toast.success(t('alerts.back_saved')), onError: onFail },
          );
        }}
      >
        <BellIcon className="size-5" />
        {t('alerts.back')}
      </button>
    );
  }

  if (!wished) return null;
  const cheaper = waiting('price_drop');
  if (cheaper) {
    return (
      <WaitingAlert
        text={
          cheaper.below_price === null
            ? t('alerts.cheaper_waiting')
            : t('alerts.cheaper_waiting_below', { sum: money(cheaper.below_price) })
        }
        pending={cancel.isPending}
        onCancel={() => stop('price_drop')}
      />
    );
  }
  if (!asking) {
    return (
      <button
        type="button"
        data-testid="alert-cheaper"
        className={cn(buttonClass('secondary'), 'w-full sm:max-w-sm')}
        onClick={() => (signedIn ? setAsking(true) : openSignIn())}
      >
        <BellIcon className="size-5" />
        {t('alerts.cheaper')}
      </button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2 rounded-[12px] bg-white p-3 sm:max-w-sm"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseBelow(below, product.price);
        if ('error' in parsed) {
          setError(
            parsed.error === 'invalid'
              ? t('alerts.below_invalid')
              : t('alerts.below_not_lower', { sum: money(product.price) }),
          );
          return;
        }
        subscribe.mutate(
          { kind: 'price_drop', below_price: parsed.value },
          {
            onSuccess: () => {
              setAsking(false);
              toast.success(t('alerts.cheaper_saved'));
            },
            onError: (failure) => setError(failureMessage(failure)),
          },
        );
      }}
    >
      <FormField
        id={inputId}
        label={t('alerts.below_label')}
        hint={t('alerts.below_hint')}
        error={error ?? undefined}
        errorTestId="alert-below-error"
      >
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={below}
          onChange={(event) => {
            setBelow(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder={money(product.price)}
          className={controlClass(error !== null)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={subscribe.isPending}>
          {t('alerts.subscribe')}
        </button>
        <button type="button" className={buttonClass('ghost')} onClick={() => setAsking(false)}>
          {t('alerts.close')}
        </button>
      </div>
    </form>
  );
}
