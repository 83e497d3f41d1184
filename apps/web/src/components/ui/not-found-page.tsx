import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/react.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buttonClass } from './button.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('not_found.title'), t('not_found.text'), { notFound: true });

  return (
    <div className="mx-auto max-w-[1280px] px-3 py-8 md:px-4 md:py-14">
      <section
        data-testid="not-found"
        className="flex flex-col items-center gap-4 rounded-[16px] bg-white px-6 py-12 text-center md:py-16"
      >
        <p className="text-7xl font-extrabold tracking-tight text-primary md:text-8xl">404</p>
        <h1 className="text-xl font-bold text-ink md:text-2xl">{t('not_found.title')}</h1>
        <p className="max-w-md text-sm text-muted md:text-base">{t('not_found.text')}</p>
        <Link to="/" className={buttonClass('primary')}>
          {t('common.to_home')}
        </Link>
      </section>
    </div>
  );
}
