import { formatNumber, tashkentClock } from '@bozor/shared';
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

const RU_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/**
 * "23-noyabr, 2026" / "23 ноября 2026 г.", with ", 14:05" when `withTime`. A moment is shown as
 * the clock reads in Tashkent, wherever the page is drawn (the server, a phone abroad), so the
 * server's page and the browser's agree; a calendar day (YYYY-MM-DD, a due date) is that day.
 * Written by hand: browsers' uz locale data prints "2026 M11 23".
 */
export function formatDate(value: string | Date, lang: string, withTime = false): string {
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const clock = day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    : tashkentClock(typeof value === 'string' ? new Date(value) : value);
  const [date, month, year] = [clock.getUTCDate(), clock.getUTCMonth(), clock.getUTCFullYear()];
  const text =
    lang === 'ru'
      ? `${date} ${RU_MONTHS[month]} ${year} г.`
      : `${date}-${UZ_MONTHS[month]}, ${year}`;
  if (!withTime) return text;
  const time = `${String(clock.getUTCHours()).padStart(2, '0')}:${String(clock.getUTCMinutes()).padStart(2, '0')}`;
  return `${text}, ${time}`;
}

export function useFormatDate(): (value: string | Date, withTime?: boolean) => string {
  const { i18n } = useTranslation();
  return (value, withTime) => formatDate(value, i18n.language, withTime);
}

/** A calendar day (YYYY-MM-DD) without its year: "11-mart" / "11 марта". */
export function formatDayMonth(day: string, lang: string): string {
  const [, month = '01', date = '01'] = day.split('-');
  const index = Number(month) - 1;
  return lang === 'ru'
    ? `${Number(date)} ${RU_MONTHS[index]}`
    : `${Number(date)}-${UZ_MONTHS[index]}`;
}
