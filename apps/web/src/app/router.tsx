import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { HomePage } from '../features/home/components/home-page.tsx';
import { RequireLoggedIn, RequireToken } from './guards.tsx';
import { PageFallback } from './progress-bar.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** Every page gets its own error boundary, so a broken page keeps the header and footer. */
const page = (route: RouteObject): RouteObject => ({
  errorElement: <RouteError />,
  ...(route.lazy ? { hydrateFallbackElement: <PageFallback /> } : {}),
  ...route,
});

type Load = () => Promise<ComponentType>;

/** Page components, each in its own chunk that loads on the first visit. */
const pages = {
  basket: () => import('../features/basket/components/basket-page.tsx').then((m) => m.BasketPage),
  favorites: () =>
    import('../features/favorites/components/favorites-page.tsx').then((m) => m.FavoritesPage),
  product: () =>
    import('../features/product/components/product-page.tsx').then((m) => m.ProductPage),
  category: () =>
    import('../features/category/components/category-page.tsx').then((m) => m.CategoryPage),
  search: () =>
    import('../features/search-page/components/search-page.tsx').then((m) => m.SearchPage),
  productList: () =>
    import('../features/product-lists/components/product-list-page.tsx').then(
      (m) => m.ProductListPage,
    ),
  collection: () =>
    import('../features/collections/components/collection-page.tsx').then((m) => m.CollectionPage),
  brands: () => import('../features/brands/components/brands.tsx').then((m) => m.BrandsPage),
  brand: () => import('../features/brands/components/brands.tsx').then((m) => m.BrandPage),
  content: () =>
    import('../features/pages/components/content-page.tsx').then((m) => m.ContentRoutePage),
  profileLayout: () =>
    import('../features/profile/components/profile-layout.tsx').then((m) => m.ProfileLayout),
  profile: () =>
    import('../features/profile/components/profile-page.tsx').then((m) => m.ProfilePage),
  notifications: () =>
    import('../features/profile/components/notifications-page.tsx').then(
      (m) => m.NotificationsPage,
    ),
  addresses: () =>
    import('../features/addresses/components/addresses-page.tsx').then((m) => m.AddressesPage),
  orders: () => import('../features/orders/components/orders-page.tsx').then((m) => m.OrdersPage),
  orderDetail: () =>
    import('../features/orders/components/order-detail-page.tsx').then((m) => m.OrderDetailPage),
  additionalLimit: () =>
    import('../features/orders/components/additional-limit-page.tsx').then(
      (m) => m.AdditionalLimitPage,
    ),
  returnOrder: () =>
    import('../features/orders/components/return-page.tsx').then((m) => m.ReturnPage),
  installments: () =>
    import('../features/installments/components/installments-page.tsx').then(
      (m) => m.InstallmentsPage,
    ),
  installment: () =>
    import('../features/installments/components/installment-page.tsx').then(
      (m) => m.InstallmentPage,
    ),
  cards: () => import('../features/cards/components/cards-page.tsx').then((m) => m.CardsPage),
  profileAddCard: () =>
    import('../features/cards/components/add-card-pages.tsx').then((m) => m.ProfileAddCardPage),
  userAddCard: () =>
    import('../features/cards/components/add-card-pages.tsx').then((m) => m.UserAddCardPage),
  userConfirmationCard: () =>
    import('../features/cards/components/add-card-pages.tsx').then(
      (m) => m.UserConfirmationCardPage,
    ),
  scoringLayout: () =>
    import('../features/scoring/components/scoring-layout.tsx').then((m) => m.ScoringLayout),
  scoringInProgress: () =>
    import('../features/scoring/components/scoring-layout.tsx').then((m) => m.ScoringInProgress),
  scoring: () =>
    import('../features/scoring/components/scoring-page.tsx').then((m) => m.ScoringPage),
  scoringPersonal: () =>
    import('../features/scoring/components/personal-page.tsx').then((m) => m.PersonalPage),
  scoringAddCard: () =>
    import('../features/scoring/components/scoring-card-pages.tsx').then(
      (m) => m.ScoringAddCardPage,
    ),
  scoringListCards: () =>
    import('../features/scoring/components/scoring-card-pages.tsx').then(
      (m) => m.ScoringListCardsPage,
    ),
  scoringFinish: () =>
    import('../features/scoring/components/result-pages.tsx').then((m) => m.FinishPage),
  scoringError: () =>
    import('../features/scoring/components/result-pages.tsx').then((m) => m.ScoringErrorPage),
  contractShow: () => import('./contract-show-route.tsx').then((m) => m.ContractShowRoute),
  checkout: () =>
    import('../features/checkout/components/checkout-page.tsx').then((m) => m.CheckoutPage),
  checkoutBilling: () =>
    import('../features/checkout/components/billing-page.tsx').then((m) => m.BillingPage),
  checkoutListCards: () =>
    import('../features/checkout/components/list-cards-page.tsx').then((m) => m.ListCardsPage),
  checkoutAddCard: () =>
    import('../features/checkout/components/add-card-pages.tsx').then((m) => m.CheckoutAddCardPage),
  checkoutConfirmationCard: () =>
    import('../features/checkout/components/add-card-pages.tsx').then(
      (m) => m.CheckoutConfirmationCardPage,
    ),
  checkoutThanks: () =>
    import('../features/checkout/components/result-pages.tsx').then((m) => m.ThanksPage),
  checkoutError: () =>
    import('../features/checkout/components/result-pages.tsx').then((m) => m.PaymentErrorPage),
} satisfies Record<string, Load>;

const lazy = (load: Load) => async () => ({ Component: await load() });

/** A page at `path` whose code loads on the first visit. */
const lazyPage = (path: string, load: Load, children?: RouteObject[]) =>
  page({ path, lazy: lazy(load), ...(children ? { children } : {}) });

const notFound = page({ path: '*', element: <NotFoundPage /> });

/**
 * The text pages the server keeps (SPEC §2). `/contract/show` without a credit is the offer;
 * `/return` shows its policy text below the return form (the orders feature).
 */
const CONTENT_PATHS = ['offer', 'delivery', 'licence', 'rules'];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      page({ index: true, element: <HomePage /> }),
      lazyPage('basket', pages.basket),
      lazyPage('favorites', pages.favorites),
      lazyPage('product/:slug', pages.product),
      lazyPage('category/:slug', pages.category),
      lazyPage('search', pages.search),
      lazyPage('products/:slug', pages.productList),
      lazyPage('products/:slug/:id', pages.productList),
      lazyPage('collections/:slug', pages.collection),
      lazyPage('brands', pages.brands),
      lazyPage('brands/:slug', pages.brand),
      ...CONTENT_PATHS.map((path) => lazyPage(path, pages.content)),
      // the return policy is for everyone (the footer links it); the form asks to sign in
      lazyPage('return', pages.returnOrder),
      lazyPage('contract/show', pages.contractShow),
      lazyPage('profile', pages.profileLayout, [
        page({ index: true, lazy: lazy(pages.profile) }),
        lazyPage('notifications', pages.notifications),
        lazyPage('addresses', pages.addresses),
        lazyPage('orders', pages.orders),
        lazyPage('installments', pages.installments),
        lazyPage('additional-limit', pages.additionalLimit),
        lazyPage('cards', pages.cards),
        lazyPage('add-card', pages.profileAddCard),
        notFound,
      ]),
      // SPEC §2 scoring area: the layout asks an anonymous visitor to sign in; the steps' pages
      // send a customer whose scoring has decided on to the outcome
      lazyPage('scoring', pages.scoringLayout, [
        page({
          lazy: lazy(pages.scoringInProgress),
          children: [
            page({ index: true, lazy: lazy(pages.scoring) }),
            lazyPage('personal', pages.scoringPersonal),
            lazyPage('add-card', pages.scoringAddCard),
            lazyPage('list-cards', pages.scoringListCards),
          ],
        }),
        lazyPage('finish', pages.scoringFinish),
        lazyPage('error', pages.scoringError),
        notFound,
      ]),
      // SPEC §2 guards
      {
        path: 'checkout',
        element: <RequireToken />,
        children: [
          page({ index: true, lazy: lazy(pages.checkout) }),
          lazyPage('billing', pages.checkoutBilling),
          lazyPage('list-cards', pages.checkoutListCards),
          lazyPage('add-card', pages.checkoutAddCard),
          lazyPage('confirmation-card', pages.checkoutConfirmationCard),
          lazyPage('thanks', pages.checkoutThanks),
          lazyPage('error', pages.checkoutError),
          notFound,
        ],
      },
      {
        element: <RequireLoggedIn />,
        children: [
          lazyPage('order-detail/:id', pages.orderDetail),
          lazyPage('installment/:id', pages.installment),
        ],
      },
      {
        path: 'user',
        element: <RequireLoggedIn />,
        children: [
          lazyPage('add-card', pages.userAddCard),
          lazyPage('confirmation-card', pages.userConfirmationCard),
          notFound,
        ],
      },
      // pages of later issues (orders…) answer "not found" until built
      notFound,
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
