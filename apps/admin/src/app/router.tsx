import { createBrowserRouter } from 'react-router';
import { NotFound } from '../components/access.tsx';
import { Loading } from '../components/ui.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { RouteError } from './errors.tsx';
import { Layout } from './layout.tsx';
import { sectionRoutes } from './sections.tsx';

/**
 * The back office's pages, under /admin: the sections of `SECTIONS` inside the signed-in layout.
 * Each page's code (and the chart and QR libraries of some) loads when it is first opened; the
 * sign-in is in the first bundle.
 */
export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
    {
      path: '/setup',
      lazy: async () => ({
        Component: (await import('../features/auth/setup-page.tsx')).SetupPage,
      }),
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
    },
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
      children: [...sectionRoutes(), { path: '*', element: <NotFound /> }],
    },
  ],
  { basename: '/admin' },
);
