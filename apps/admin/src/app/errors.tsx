import { useRouteError } from 'react-router';
import { ErrorState } from '../components/ui.tsx';

/** A page that broke while rendering: its message, and a way on, never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className="mx-auto max-w-xl p-8">
      <ErrorState error={error} retry={() => window.location.reload()} />
    </div>
  );
}
