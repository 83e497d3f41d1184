import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  type Location,
  MemoryRouter,
  matchRoutes,
  type NavigateFunction,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';
import { loadAllParts } from '../components/deferred.tsx';

/** Renders a component with the providers the app gives it: router and query client. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** What a test reads of the router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** Renders a route tree at `path` with a fresh query client; returns the router to read its location. */
/** The routes, telling `router` where they are. */
function RoutesProbe({ routes, router }: { routes: RouteObject[]; router: TestRouter }) {
  router.state.location = useLocation();
  router.navigate = useNavigate();
  return useRoutes(routes);
}

/**
 * Renders `children` once the code of the pages at `path` (and of the parts pages load after
 * them) has loaded, as the storefront does before it starts: a page that suspends in a test's
 * first render would never finish there.
 */
function PagesLoaded({
  routes,
  path,
  children,
}: {
  routes: RouteObject[];
  path: string;
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const loads = (matchRoutes(routes, path) ?? []).map(({ route }) =>
      (route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.(),
    );
    void Promise.all([...loads, loadAllParts()]).then(() => setLoaded(true));
  }, [routes, path]);
  return loaded ? children : null;
}

export function renderRoutes(routes: RouteObject[], path: string): TestRouter {
  const router = { state: {} } as TestRouter;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <PagesLoaded routes={routes} path={path}>
          <Suspense fallback={null}>
            <RoutesProbe routes={routes} router={router} />
          </Suspense>
        </PagesLoaded>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return router;
}
