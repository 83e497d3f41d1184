import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button.ts';
import { AlertIcon } from '../components/ui/icons.tsx';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { StateMessage } from '../components/ui/state-message.tsx';
import { browser } from '../lib/browser.ts';

/** Error boundary of every route: a friendly message with "try again" and "to the main page". */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <div className="mx-auto max-w-[1280px] px-3 py-10 md:px-4">
      <StateMessage
        role="alert"
        icon={<AlertIcon className="size-7" />}
        title={t('route_error.title')}
        text={t('route_error.text')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <button type="button" onClick={browser.reload} className={buttonClass('primary')}>
              {t('states.retry')}
            </button>
            <Link to="/" className={buttonClass('secondary')}>
              {t('common.to_home')}
            </Link>
          </div>
        }
      />
    </div>
  );
}
