import { useIsFetching } from '@tanstack/react-query';
import { SlowNotice } from '../components/ui/slow-notice.tsx';
import { useTranslation } from '../lib/i18n/react.tsx';
import { usePageLoading } from './page-loads.ts';

/** The thin full-width indeterminate bar at the very top of the window. */
export function ProgressBarView() {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading')}
      data-testid="page-progress"
      className="fixed inset-x-0 top-0 z-[60] h-[3px] overflow-hidden bg-primary/15"
    >
      <div className="h-full w-full origin-left animate-progress bg-primary" />
    </div>
  );
}

/**
 * SPEC §2: the bar shows while a screen loads — a route being fetched, or the first load of any
 * query whose data the screen does not have yet. A load still going after 3 s says so (SPEC §9),
 * whichever page or list is waiting.
 */
export function ProgressBar() {
  const pageLoading = usePageLoading();
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const loading = pageLoading || firstLoads > 0;
  return (
    <>
      {loading && <ProgressBarView />}
      <SlowNotice waiting={loading} />
    </>
  );
}

/** Stands in for a page whose code is still downloading on the first visit. */
export function PageFallback() {
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <ProgressBarView />
    </div>
  );
}
