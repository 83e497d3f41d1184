import type { PaymentType } from '@bozor/shared';
import { useTranslation } from 'react-i18next';

/** "Installment" or "Paid in full", in the customer's language. */
export function usePaymentTypeName(): (type: PaymentType) => string {
  const { t } = useTranslation();
  return (type) => (type === 'installment' ? t('orders.type_installment') : t('orders.type_full'));
}
