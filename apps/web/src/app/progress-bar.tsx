import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * SPEC §2: a thin full-width indeterminate bar at the very top while a screen loads — a route
 * being fetched, or the first load of any query whose data the screen does not have yet.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  if (navigation.state === 'idle' && firstLoads === 0) return null;
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
