import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { accountBasketQuery } from '../../../lib/account-lists.ts';
import { isAvailable, useBasketNow } from '../../../lib/basket-store.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { openSignInFor } from '../../auth/index.ts';
import { useAddToOrder } from '../api/add-to-order.ts';

/**
 * The basket's "Checkout": an anonymous visitor signs in first; every customer, scored or not,
 * takes the checked lines the shop can supply to `/checkout`, where paying in full needs no
 * scoring. A sold-out line (or one asking for more than is left) stays in the basket; nothing
 * left to order leaves the button disabled.
 */
export function CheckoutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const basket = useBasketNow();
  const lines = useQuery({ ...accountBasketQuery, enabled: signedIn });
  const addToOrder = useAddToOrder();

  const ready = basket.items.filter((item) => item.checked && isAvailable(item));
  const leftBehind = basket.items.some((item) => item.checked && !isAvailable(item));
  const busy = addToOrder.isPending || (signedIn && lines.isPending);

  const start = () => {
    if (busy || ready.length === 0) return;
    if (!signedIn) {
      openSignInFor('/basket?checkout=1');
      return;
    }
    const ids = (lines.data ?? [])
      .filter((line) => line.checked && line.count <= line.stock)
      .map((line) => line.id);
    addToOrder.mutate(ids, {
      onSuccess: () => navigate('/checkout'),
      onError: (error) => {
        toast.error(failureMessage(error));
        void lines.refetch();
      },
    });
  };

  // a visitor who pressed the button before signing in comes back here signed in: go on for them
  // once the basket (with what they had in this browser) has loaded
  const [params, setParams] = useSearchParams();
  const resumed = useRef(false);
  const resume = signedIn && params.get('checkout') === '1';
  useEffect(() => {
    if (!resume || resumed.current || basket.status !== 'success' || lines.isPending) return;
    resumed.current = true;
    setParams(
      (current) => {
        current.delete('checkout');
        return current;
      },
      { replace: true },
    );
    start();
  });

  return (
    <div className="flex flex-col gap-2">
      {leftBehind && (
        <p className="text-sm text-muted" role="status">
          {t('basket.unavailable_note')}
        </p>
      )}
      <button
        type="button"
        onClick={start}
        disabled={ready.length === 0 || busy}
        className={cn(buttonClass('primary'), 'h-12 w-full text-base', className)}
      >
        {t('checkout.button')}
      </button>
    </div>
  );
}
