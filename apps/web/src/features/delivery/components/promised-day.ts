import { addDays, tashkentDay } from '@bozor/shared';
import { formatDayMonth } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** A promised day as a shopper reads it: "завтра, 11 марта", "bugun, 10-mart" or "14 марта". */
export function usePromisedDay(): (day: string) => string {
  const { t, i18n } = useTranslation();
  return (day) => {
    const date = formatDayMonth(day, i18n.language);
    const today = tashkentDay(new Date());
    if (day === today) return t('delivery.today', { date });
    if (day === addDays(today, 1)) return t('delivery.tomorrow', { date });
    return date;
  };
}
