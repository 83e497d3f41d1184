import { formatNumber } from '@bozor/shared';
import { useTranslation } from 'react-i18next';

/** "1 299 000 so'm": thousands grouped by a space and the translated currency label. */
export function useFormatMoney(): (amount: number) => string {
  const { t } = useTranslation();
  return (amount) => `${formatNumber(amount)} ${t('common.currency')}`;
}
