import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { accountBasketQuery } from '../../../lib/account-lists.ts';
import { useBasket } from '../../../lib/basket-store.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useIsSignedIn } from '../../../lib/session.ts';
import { openSignIn } from '../../auth/index.ts';
import { useAddToOrder } from '../api/add-to-order.ts';

/**
 * The basket's "Checkout": an anonymous visitor signs in first; every customer, scored or not,
 * takes the checked lines to `/checkout`, where paying in full needs no scoring. Nothing checked,
 * or a checked product out of stock, leaves it disabled.
 */
export function CheckoutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const basket = useBasket();
  const lines = useQuery({ ...accountBasketQuery, enabled: signedIn });
  const addToOrder = useAddToOrder();

  const checkedLines = (lines.data ?? []).filter((line) => line.checked);
  const nothingChecked = !basket.items.some((item) => item.checked);
  const outOfStock = signedIn && checkedLines.some((line) => !line.product.in_stock);
  const busy = addToOrder.isPending || (signedIn && lines.isPending);

  const start = () => {
    if (!signedIn) {
      openSignIn();
      return;
    }
    addToOrder.mutate(
      checkedLines.map((line) => line.id),
      {
        onSuccess: () => navigate('/checkout'),
        onError: (error) => {
          toast.error(failureMessage(error));
          void lines.refetch();
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      {outOfStock && (
        <p className="text-sm text-danger" role="status">
          {t('checkout.out_of_stock')}
        </p>
      )}
      <button
        type="button"
        onClick={start}
        disabled={nothingChecked || outOfStock || busy}
        className={cn(buttonClass('primary'), 'h-12 w-full text-base', className)}
      >
        {t('checkout.button')}
      </button>
    </div>
  );
}
