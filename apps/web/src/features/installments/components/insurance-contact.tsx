import { formatPhone } from '@bozor/shared';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useContacts } from '../../contacts/index.ts';

/** An address opens in a new tab, a phone number is called; anything else is shown as text. */
function linkOf(value: string): { href: string; text: string; external: boolean } | null {
  const trimmed = value.trim();
  if (/^https?:\/\//.test(trimmed)) {
    const text = trimmed.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');
    return { href: trimmed, text, external: true };
  }
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length >= 9 && !/[a-z]/i.test(trimmed)) {
    return { href: `tel:+${digits}`, text: formatPhone(digits) || trimmed, external: false };
  }
  return null;
}

/** The insurer of the customer's credits: the contacts' `insurance` (SPEC §3), when the shop has one. */
export function InsuranceContact() {
  const { t } = useTranslation();
  const value = useContacts().data?.insurance;
  if (!value) return null;
  const link = linkOf(value);
  return (
    <aside
      aria-labelledby="insurance-title"
      className="flex items-start gap-3 rounded-[12px] bg-white p-4"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
        <ShieldIcon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <h2 id="insurance-title" className="font-semibold text-ink">
          {t('installments.insurance.title')}
        </h2>
        <p className="text-muted">{t('installments.insurance.text')}</p>
        {link ? (
          <a
            href={link.href}
            {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="self-start font-medium break-all text-primary hover:underline"
          >
            {link.text}
          </a>
        ) : (
          <span className="font-medium break-words text-ink">{value}</span>
        )}
      </div>
    </aside>
  );
}
