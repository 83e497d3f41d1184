import { Link, useRouteError } from 'react-router';
import { ErrorState } from '../components/ui.tsx';
import { useI18n } from '../lib/i18n.tsx';

export function NotFound() {
  const { t } = useI18n();
  return (
    <div className="py-16 text-center">
      <p className="text-lg font-semibold">{t('common.notFound')}</p>
      <Link to="/" className="mt-2 inline-block text-primary hover:underline">
        {t('nav.dashboard')}
      </Link>
    </div>
  );
}

/** A page that broke while rendering: its message, and a way on, never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="mx-auto max-w-xl p-8">
      <ErrorState error={error} retry={() => window.location.reload()} />
    </div>
  );
}
