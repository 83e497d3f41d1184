import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/components/home-page.tsx';
import { RequireLoggedIn, RequireToken } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PageFallback } from './progress-bar.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Every page gets its own error boundary, so a broken page keeps the header and footer. */
const page = (route: RouteObject): RouteObject => ({
  errorElement: <RouteError />,
  ...(route.lazy ? { hydrateFallbackElement: <PageFallback /> } : {}),
  ...route,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      page({ index: true, element: <HomePage /> }),
      page({
        path: 'basket',
        lazy: async () => ({
          Component: (await import('../features/basket/components/basket-page.tsx')).BasketPage,
        }),
      }),
      page({
        path: 'favorites',
        lazy: async () => ({
          Component: (await import('../features/favorites/components/favorites-page.tsx'))
            .FavoritesPage,
        }),
      }),
      page({
        path: 'product/:slug',
        lazy: async () => ({
          Component: (await import('../features/product/components/product-page.tsx')).ProductPage,
        }),
      }),
      page({
        path: 'category/:slug',
        lazy: async () => ({
          Component: (await import('../features/category/components/category-page.tsx'))
            .CategoryPage,
        }),
      }),
      page({
        path: 'search',
        lazy: async () => ({
          Component: (await import('../features/search-page/components/search-page.tsx'))
            .SearchPage,
        }),
      }),
      page({
        path: 'products/:slug',
        lazy: async () => ({
          Component: (await import('../features/product-lists/components/product-list-page.tsx'))
            .ProductListPage,
        }),
      }),
      page({
        path: 'products/:slug/:id',
        lazy: async () => ({
          Component: (await import('../features/product-lists/components/product-list-page.tsx'))
            .ProductListPage,
        }),
      }),
      page({
        path: 'collections/:slug',
        lazy: async () => ({
          Component: (await import('../features/collections/components/collections.tsx'))
            .CollectionPage,
        }),
      }),
      page({
        path: 'brands',
        lazy: async () => ({
          Component: (await import('../features/brands/components/brands.tsx')).BrandsPage,
        }),
      }),
      page({
        path: 'brands/:slug',
        lazy: async () => ({
          Component: (await import('../features/brands/components/brands.tsx')).BrandPage,
        }),
      }),
      page({
        path: 'offer',
        lazy: async () => ({
          Component: (await import('../features/pages/components/content-page.tsx'))
            .ContentRoutePage,
        }),
      }),
      page({
        path: 'contract/show',
        lazy: async () => ({
          Component: (await import('../features/pages/components/content-page.tsx'))
            .ContentRoutePage,
        }),
      }),
      page({
        path: 'delivery',
        lazy: async () => ({
          Component: (await import('../features/pages/components/content-page.tsx'))
            .ContentRoutePage,
        }),
      }),
      page({
        path: 'return',
        lazy: async () => ({
          Component: (await import('../features/pages/components/content-page.tsx'))
            .ContentRoutePage,
        }),
      }),
      page({
        path: 'licence',
        lazy: async () => ({
          Component: (await import('../features/pages/components/content-page.tsx'))
            .ContentRoutePage,
        }),
      }),
      page({
        path: 'rules',
        lazy: async () => ({
          Component: (await import('../features/pages/components/content-page.tsx'))
            .ContentRoutePage,
        }),
      }),
      page({
        path: 'profile',
        lazy: async () => ({
          Component: (await import('../features/profile/components/profile-layout.tsx'))
            .ProfileLayout,
        }),
        children: [
          page({
            index: true,
            lazy: async () => ({
              Component: (await import('../features/profile/components/profile-page.tsx'))
                .ProfilePage,
            }),
          }),
          page({
            path: 'notifications',
            lazy: async () => ({
              Component: (await import('../features/profile/components/notifications-page.tsx'))
                .NotificationsPage,
            }),
          }),
          page({
            path: 'addresses',
            lazy: async () => ({
              Component: (await import('../features/addresses/components/addresses-page.tsx'))
                .AddressesPage,
            }),
          }),
          ...(
            [
              ['orders', 'OrdersPage'],
              ['installments', 'InstallmentsPage'],
              ['cards', 'CardsPage'],
            ] as const
          ).map(([path, name]) =>
            page({
              path,
              lazy: async () => ({
                Component: (await import('../features/profile/components/none-yet-page.tsx'))[name],
              }),
            }),
          ),
          page({ path: '*', element: <NotFoundPage /> }),
        ],
      }),
      // SPEC §2 guards; the pages behind them arrive with checkout and card binding
      {
        path: 'checkout',
        element: <RequireToken />,
        children: [page({ path: '*', element: <NotFoundPage /> })],
      },
      {
        path: 'user',
        element: <RequireLoggedIn />,
        children: [page({ path: '*', element: <NotFoundPage /> })],
      },
      // pages of later issues (scoring, orders…) answer "not found" until built
      page({ path: '*', element: <NotFoundPage /> }),
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
