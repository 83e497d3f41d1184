import { formatDay, formatMoney, formatNumber, formatTashkentTime } from '@bozor/shared';
import type { Language } from './i18n.tsx';

export const money = (amount: number, lang: Language) => formatMoney(amount, lang);
export const number = formatNumber;

/**
 * A whole sum as staff type or paste it: digits, in groups or not ("10000000", "10 000 000", the
 * shop's own no-break spaces too), and the currency after it as the shop writes sums ("сум",
 * "so'm"); NaN for anything else ("1e7", "10,5", "-1", "5 млн", nothing at all).
 */
export function parseSum(text: string): number {
  const digits = text.replace(/\s*(сум|so['‘’ʻ`]?m|uzs)\s*$/iu, '').replace(/\s/gu, '');
  if (!/^\d+$/.test(digits)) return Number.NaN;
  const sum = Number(digits);
  return Number.isSafeInteger(sum) ? sum : Number.NaN;
}

/** What a sum field shows once left: the sum in groups of three, or what was typed when not one. */
export function groupedSum(text: string): string {
  const sum = parseSum(text);
  return Number.isNaN(sum) ? text : formatNumber(sum);
}
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
