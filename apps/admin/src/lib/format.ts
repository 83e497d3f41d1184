import { formatDay, formatMoney, formatNumber, formatTashkentTime } from '@bozor/shared';
import type { Language } from './i18n.tsx';

export const money = (amount: number, lang: Language) => formatMoney(amount, lang);
export const number = formatNumber;
export const dateTime = (iso: string | null | undefined) =>
  iso ? formatTashkentTime(new Date(iso)) : '—';
export const day = (value: string | null | undefined) =>
  value ? formatDay(value.slice(0, 10)) : '—';
export const percent = (share: number) =>
  `${(share * 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;

/** "3 d 4 h" style: how long something has waited, in the staff's language. */
export function waited(sinceIso: string, now: number, lang: Language): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  const units = lang === 'ru' ? { d: 'д', h: 'ч', m: 'мин' } : { d: 'k', h: 's', m: 'daq' };
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} ${units.d} ${hours} ${units.h}`;
  if (hours > 0) return `${hours} ${units.h} ${minutes % 60} ${units.m}`;
  return `${minutes} ${units.m}`;
}
