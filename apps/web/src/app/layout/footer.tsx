import { formatPhone } from '@bozor/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  PhoneIcon,
  TelegramIcon,
} from '../../components/ui/icons.tsx';
import { useContacts } from '../../features/contacts/api/get-contacts.ts';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { Logo } from './header.tsx';

export const MERCHANT_URL = 'https://seller.bozor.uz';
const SOCIAL = {
  telegram: 'https://t.me/bozor_uz',
  instagram: 'https://www.instagram.com/bozor.uz',
  facebook: 'https://www.facebook.com/bozor.uz',
};

/** "@bozor_uz", "t.me/bozor_uz" or a full address → a link that opens Telegram. */
export function telegramUrl(value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//.test(trimmed)) return trimmed;
  return `https://t.me/${trimmed.replace(/^@/, '').replace(/^(www\.)?t\.me\//, '')}`;
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-ink">{title}</h2>
      <ul className="flex flex-col gap-2 text-sm text-muted">{children}</ul>
    </div>
  );
}

const linkClass = 'rounded-sm hover:text-primary';

export function Footer() {
  const { t } = useTranslation();
  const contacts = useContacts();
  const phone = contacts.data?.phone;
  const telegram = contacts.data?.telegram;
  const phoneText = phone ? formatPhone(phone) || phone : null;
  const seller = contacts.data?.seller_name
    ? {
        name: contacts.data.seller_name,
        tin: contacts.data.seller_tin ?? '',
        address: contacts.data.seller_address ?? '',
      }
    : null;

  return (
    <footer className="mt-10 border-t border-line bg-white">
      <div className="mx-auto grid max-w-[1280px] grid-cols-2 gap-x-4 gap-y-8 px-4 py-8 lg:grid-cols-4">
        <div className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <Logo />
          <p className="max-w-64 text-sm text-muted">{t('footer.tagline')}</p>
          {phone && phoneText && (
            <div className="flex flex-col">
              <span className="text-xs text-muted">{t('footer.support')}</span>
              <a
                href={`tel:+${phone.replace(/\D/g, '')}`}
                className="flex items-center gap-2 rounded-sm text-lg font-bold text-ink hover:text-primary"
              >
                <PhoneIcon className="size-5 text-primary" />
                {phoneText}
              </a>
            </div>
          )}
          {telegram && (
            <a
              href={telegramUrl(telegram)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-2 self-start rounded-sm text-sm font-medium text-primary hover:underline"
            >
              <TelegramIcon className="size-5" />
              {t('footer.telegram')}
            </a>
          )}
        </div>

        <Column title={t('footer.buyers')}>
          <li>
            <Link to="/" className={linkClass}>
              {t('nav.home')}
            </Link>
          </li>
          <li>
            <Link to="/brands" className={linkClass}>
              {t('footer.brands')}
            </Link>
          </li>
          <li>
            <Link to="/products/discount" className={linkClass}>
              {t('footer.discounts')}
            </Link>
          </li>
          <li>
            <Link to="/favorites" className={linkClass}>
              {t('nav.favorites')}
            </Link>
          </li>
          <li>
            <Link to="/basket" className={linkClass}>
              {t('nav.basket')}
            </Link>
          </li>
          <li>
            <Link to="/delivery" className={linkClass}>
              {t('footer.delivery')}
            </Link>
          </li>
          <li>
            <Link to="/return" className={linkClass}>
              {t('footer.return')}
            </Link>
          </li>
          <li>
            <Link to="/faq" className={linkClass}>
              {t('footer.faq')}
            </Link>
          </li>
        </Column>

        <Column title={t('footer.partners')}>
          <li>
            <Link to={{ search: '?partner=1' }} className={linkClass}>
              {t('footer.become_partner')}
            </Link>
          </li>
          <li>
            <a href={MERCHANT_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {t('footer.merchant_sign_in')}
            </a>
          </li>
        </Column>

        <Column title={t('footer.documents')}>
          <li>
            <Link to="/offer" className={linkClass}>
              {t('footer.offer')}
            </Link>
          </li>
          <li>
            <Link to="/licence" className={linkClass}>
              {t('footer.licence')}
            </Link>
          </li>
          <li>
            <Link to="/rules" className={linkClass}>
              {t('footer.rules')}
            </Link>
          </li>
        </Column>
      </div>

      <div className="border-t border-line">
        <div className="mx-auto flex max-w-[1280px] flex-col-reverse gap-4 px-4 py-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1 text-xs text-muted">
            <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
            {seller && <p>{t('footer.seller', seller)}</p>}
          </div>
          <div className="flex items-center gap-2">
            <span className="mr-1 text-xs text-muted">{t('footer.social')}</span>
            <SocialLink
              href={telegram ? telegramUrl(telegram) : SOCIAL.telegram}
              label={t('social.telegram')}
            >
              <TelegramIcon className="size-5" />
            </SocialLink>
            <SocialLink href={SOCIAL.instagram} label={t('social.instagram')}>
              <InstagramIcon className="size-5" />
            </SocialLink>
            <SocialLink href={SOCIAL.facebook} label={t('social.facebook')}>
              <FacebookIcon className="size-5" />
            </SocialLink>
          </div>
        </div>
      </div>
    </footer>
  );
}

function SocialLink({
  href,
  label,
  children,
}: {
  href: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className="grid size-9 place-items-center rounded-full bg-page text-ink transition-colors hover:bg-primary hover:text-white"
    >
      {children}
    </a>
  );
}
