import type { PaymentType } from '@bozor/shared';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** "Installment" or "Paid in full", in the customer's language. */
export function usePaymentTypeName(): (type: PaymentType) => string {
  const { t } = useTranslation();
  return (type) => (type === 'installment' ? t('orders.type_installment') : t('orders.type_full'));
}
