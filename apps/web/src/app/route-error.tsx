import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../components/ui/button.ts';
import { AlertIcon } from '../components/ui/icons.tsx';
import { StateMessage } from '../components/ui/state-message.tsx';
import { browser } from '../lib/browser.ts';
import { useTranslation } from '../lib/i18n/react.tsx';

/** What a page that failed to render shows: "try again" and "to the main page". */
export function RouteError() {
  const { t } = useTranslation();

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

interface BoundaryState {
  error: unknown;
  /** The address the error happened at: moving elsewhere clears it. */
  at: string | undefined;
}

class ErrorBoundary extends Component<{ at: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, at: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { at: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === undefined) return { at: props.at };
    return state.at === props.at ? null : { error: undefined, at: props.at };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

/** Error boundary of every page, so a broken page keeps the header and footer. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary at={pathname}>{children}</ErrorBoundary>;
}
