import { formatNumber } from '@bozor/shared';
import { useTranslation } from './i18n/react.tsx';

/** "1 299 000 so'm": thousands grouped by a space and the translated currency label. */
export function useFormatMoney(): (amount: number) => string {
  const { t } = useTranslation();
  return (amount) => `${formatNumber(amount)} ${t('common.currency')}`;
}

const UZ_MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
];

/**
 * "23-noyabr, 2026" / "23 ноября 2026 г.", with ", 14:05" when `withTime`. Uzbek is written by
 * hand: browsers' uz locale data prints "2026 M11 23".
 */
export function formatDate(value: string | Date, lang: string, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  if (lang === 'ru') {
    const day = date.toLocaleDateString('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    return withTime ? `${day}, ${time}` : day;
  }
  const day = `${date.getDate()}-${UZ_MONTHS[date.getMonth()]}, ${date.getFullYear()}`;
  return withTime ? `${day}, ${time}` : day;
}

export function useFormatDate(): (value: string | Date, withTime?: boolean) => string {
  const { i18n } = useTranslation();
  return (value, withTime) => formatDate(value, i18n.language, withTime);
}
