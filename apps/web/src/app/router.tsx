import { type ComponentType, use } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { NotFoundPage } from '../components/ui/not-found-page.tsx';
import { HomePage } from '../features/home/components/home-page.tsx';
import { loadAccountTexts } from '../lib/i18n.ts';
import { RequireLoggedIn, RequireToken } from './guards.tsx';
import { pageLoads } from './page-loads.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** Every page gets its own error boundary, so a broken page keeps the header and footer. */
const page = (route: RouteObject): RouteObject => ({
  ...route,
  ...(route.element ? { element: <RouteErrorBoundary>{route.element}</RouteErrorBoundary> } : {}),
});

/**
 * The page modules, each in its own chunk that loads on the first visit. Keyed by file, so the
 * server knows which chunks a page it renders needs and preloads them.
 */
const modules = import.meta.glob<Record<string, ComponentType>>([
  '../features/basket/components/basket-page.tsx',
  '../features/favorites/components/favorites-page.tsx',
  '../features/product/components/product-page.tsx',
  '../features/category/components/category-page.tsx',
  '../features/search-page/components/search-page.tsx',
  '../features/product-lists/components/product-list-page.tsx',
  '../features/collections/components/collection-page.tsx',
  '../features/brands/components/brands.tsx',
  '../features/pages/components/content-page.tsx',
  '../features/faq/components/faq-page.tsx',
  '../features/profile/components/profile-layout.tsx',
  '../features/profile/components/profile-page.tsx',
  '../features/notifications/components/notices-page.tsx',
  '../features/notifications/components/notice-settings-page.tsx',
  '../features/reviews/components/my-reviews-page.tsx',
  '../features/reviews/components/review-form-page.tsx',
  '../features/addresses/components/addresses-page.tsx',
  '../features/orders/components/orders-page.tsx',
  '../features/orders/components/order-detail-page.tsx',
  '../features/orders/components/additional-limit-page.tsx',
  '../features/orders/components/return-page.tsx',
  '../features/installments/components/installments-page.tsx',
  '../features/installments/components/installment-page.tsx',
  '../features/cards/components/cards-page.tsx',
  '../features/cards/components/add-card-pages.tsx',
  '../features/scoring/components/scoring-layout.tsx',
  '../features/scoring/components/scoring-page.tsx',
  '../features/scoring/components/personal-page.tsx',
  '../features/scoring/components/scoring-card-pages.tsx',
  '../features/scoring/components/result-pages.tsx',
  './contract-show-route.tsx',
  '../features/checkout/components/checkout-page.tsx',
  '../features/checkout/components/billing-page.tsx',
  '../features/checkout/components/list-cards-page.tsx',
  '../features/checkout/components/add-card-pages.tsx',
  '../features/checkout/components/result-pages.tsx',
]);

/** A page: its module's file, the component it exports, and the loading of both. */
interface Page {
  module: string;
  /** Starts loading the page's code (once); resolves with the page's component. */
  preload(): Promise<ComponentType>;
}

/** A page's code on its way, marked as React's use() reads a promise that has settled. */
type Loading = Promise<ComponentType> & { status?: 'fulfilled' | 'rejected' };

/** A page's component; it suspends (the nearest Suspense shows) while its code loads. */
function PageSlot({ page }: { page: Page }) {
  const Loaded = use(page.preload());
  return <Loaded />;
}

/**
 * The catalogue's pages, which the server renders: they show only the shop's texts. Every other
 * page loads the account texts with its code.
 */
const SHOP_PAGES = new Set([
  '../features/product/components/product-page.tsx',
  '../features/category/components/category-page.tsx',
  '../features/search-page/components/search-page.tsx',
  '../features/product-lists/components/product-list-page.tsx',
  '../features/collections/components/collection-page.tsx',
  '../features/brands/components/brands.tsx',
  '../features/pages/components/content-page.tsx',
  '../features/faq/components/faq-page.tsx',
]);

function pageOf(file: string, name: string): Page {
  const load = modules[file];
  if (!load) throw new Error(`${file} is not among the page modules`);
  const texts = SHOP_PAGES.has(file) ? () => Promise.resolve() : loadAccountTexts;
  let loading: Loading | undefined;
  const preload = () => {
    if (!loading) {
      const started: Loading = Promise.all([load(), texts()]).then(([module]) => {
        const component = module[name];
        if (!component) throw new Error(`${file} exports no ${name}`);
        return component;
      });
      // React's use() reads a settled promise's outcome from these fields and does not wait
      started.then(
        (value) => Object.assign(started, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
      );
      loading = pageLoads.track(started);
    }
    return loading;
  };
  return {
    // as the build's manifest names it
    module: `src/${file.replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}`,
    preload,
  };
}

const pages = {
  basket: pageOf('../features/basket/components/basket-page.tsx', 'BasketPage'),
  favorites: pageOf('../features/favorites/components/favorites-page.tsx', 'FavoritesPage'),
  product: pageOf('../features/product/components/product-page.tsx', 'ProductPage'),
  category: pageOf('../features/category/components/category-page.tsx', 'CategoryPage'),
  search: pageOf('../features/search-page/components/search-page.tsx', 'SearchPage'),
  productList: pageOf(
    '../features/product-lists/components/product-list-page.tsx',
    'ProductListPage',
  ),
  collection: pageOf('../features/collections/components/collection-page.tsx', 'CollectionPage'),
  brands: pageOf('../features/brands/components/brands.tsx', 'BrandsPage'),
  brand: pageOf('../features/brands/components/brands.tsx', 'BrandPage'),
  content: pageOf('../features/pages/components/content-page.tsx', 'ContentRoutePage'),
  faq: pageOf('../features/faq/components/faq-page.tsx', 'FaqPage'),
  profileLayout: pageOf('../features/profile/components/profile-layout.tsx', 'ProfileLayout'),
  profile: pageOf('../features/profile/components/profile-page.tsx', 'ProfilePage'),
  notifications: pageOf('../features/notifications/components/notices-page.tsx', 'NoticesPage'),
  noticeSettings: pageOf(
    '../features/notifications/components/notice-settings-page.tsx',
    'NoticeSettingsPage',
  ),
  myReviews: pageOf('../features/reviews/components/my-reviews-page.tsx', 'MyReviewsPage'),
  reviewForm: pageOf('../features/reviews/components/review-form-page.tsx', 'ReviewFormPage'),
  addresses: pageOf('../features/addresses/components/addresses-page.tsx', 'AddressesPage'),
  orders: pageOf('../features/orders/components/orders-page.tsx', 'OrdersPage'),
  orderDetail: pageOf('../features/orders/components/order-detail-page.tsx', 'OrderDetailPage'),
  additionalLimit: pageOf(
    '../features/orders/components/additional-limit-page.tsx',
    'AdditionalLimitPage',
  ),
  returnOrder: pageOf('../features/orders/components/return-page.tsx', 'ReturnPage'),
  installments: pageOf(
    '../features/installments/components/installments-page.tsx',
    'InstallmentsPage',
  ),
  installment: pageOf(
    '../features/installments/components/installment-page.tsx',
    'InstallmentPage',
  ),
  cards: pageOf('../features/cards/components/cards-page.tsx', 'CardsPage'),
  profileAddCard: pageOf('../features/cards/components/add-card-pages.tsx', 'ProfileAddCardPage'),
  userAddCard: pageOf('../features/cards/components/add-card-pages.tsx', 'UserAddCardPage'),
  userConfirmationCard: pageOf(
    '../features/cards/components/add-card-pages.tsx',
    'UserConfirmationCardPage',
  ),
  scoringLayout: pageOf('../features/scoring/components/scoring-layout.tsx', 'ScoringLayout'),
  scoringInProgress: pageOf(
    '../features/scoring/components/scoring-layout.tsx',
    'ScoringInProgress',
  ),
  scoring: pageOf('../features/scoring/components/scoring-page.tsx', 'ScoringPage'),
  scoringPersonal: pageOf('../features/scoring/components/personal-page.tsx', 'PersonalPage'),
  scoringAddCard: pageOf(
    '../features/scoring/components/scoring-card-pages.tsx',
    'ScoringAddCardPage',
  ),
  scoringListCards: pageOf(
    '../features/scoring/components/scoring-card-pages.tsx',
    'ScoringListCardsPage',
  ),
  scoringFinish: pageOf('../features/scoring/components/result-pages.tsx', 'FinishPage'),
  scoringError: pageOf('../features/scoring/components/result-pages.tsx', 'ScoringErrorPage'),
  scoringReview: pageOf('../features/scoring/components/result-pages.tsx', 'ScoringReviewPage'),
  contractShow: pageOf('./contract-show-route.tsx', 'ContractShowRoute'),
  checkout: pageOf('../features/checkout/components/checkout-page.tsx', 'CheckoutPage'),
  checkoutBilling: pageOf('../features/checkout/components/billing-page.tsx', 'BillingPage'),
  checkoutListCards: pageOf('../features/checkout/components/list-cards-page.tsx', 'ListCardsPage'),
  checkoutAddCard: pageOf(
    '../features/checkout/components/add-card-pages.tsx',
    'CheckoutAddCardPage',
  ),
  checkoutConfirmationCard: pageOf(
    '../features/checkout/components/add-card-pages.tsx',
    'CheckoutConfirmationCardPage',
  ),
  checkoutThanks: pageOf('../features/checkout/components/result-pages.tsx', 'ThanksPage'),
  checkoutError: pageOf('../features/checkout/components/result-pages.tsx', 'PaymentErrorPage'),
} satisfies Record<string, Page>;

/** A page whose code loads on the first visit; `handle` names its module and preloads it. */
const lazyRoute = (route: RouteObject, target: Page) =>
  page({
    ...route,
    element: <PageSlot page={target} />,
    handle: { module: target.module, preload: target.preload },
  });

/** A page at `path` whose code loads on the first visit. */
const lazyPage = (path: string, target: Page, children?: RouteObject[]) =>
  lazyRoute({ path, ...(children ? { children } : {}) }, target);

const notFound = page({ path: '*', element: <NotFoundPage /> });

/**
 * The text pages the server keeps (SPEC §2). `/contract/show` without a credit is the offer;
 * `/return` shows its policy text below the return form (the orders feature).
 */
const CONTENT_PATHS = ['offer', 'delivery', 'licence', 'rules'];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
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
      lazyPage('faq', pages.faq),
      // the return policy is for everyone (the footer links it); the form asks to sign in
      lazyPage('return', pages.returnOrder),
      lazyPage('contract/show', pages.contractShow),
      lazyPage('profile', pages.profileLayout, [
        lazyRoute({ index: true }, pages.profile),
        lazyPage('notifications', pages.notifications),
        lazyPage('notifications/settings', pages.noticeSettings),
        lazyPage('reviews', pages.myReviews),
        lazyPage('reviews/new/:itemId', pages.reviewForm),
        lazyPage('reviews/:id', pages.reviewForm),
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
        lazyRoute(
          {
            children: [
              lazyRoute({ index: true }, pages.scoring),
              lazyPage('personal', pages.scoringPersonal),
              lazyPage('add-card', pages.scoringAddCard),
              lazyPage('list-cards', pages.scoringListCards),
            ],
          },
          pages.scoringInProgress,
        ),
        lazyPage('finish', pages.scoringFinish),
        lazyPage('error', pages.scoringError),
        lazyPage('review', pages.scoringReview),
        notFound,
      ]),
      // SPEC §2 guards
      {
        path: 'checkout',
        element: <RequireToken />,
        children: [
          lazyRoute({ index: true }, pages.checkout),
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

interface PageHandle {
  module: string;
  preload(): Promise<unknown>;
}

/**
 * Loads the code of the pages `url` shows, so they render at once: before the server renders
 * them, and before the browser hydrates what it rendered. Answers their modules, for preloading.
 */
export async function loadMatchedPages(url: string): Promise<string[]> {
  const handles = (matchRoutes(routes, url) ?? [])
    .map(({ route }) => route.handle as PageHandle | undefined)
    .filter((handle): handle is PageHandle => handle !== undefined);
  await Promise.all(handles.map((handle) => handle.preload()));
  return handles.map((handle) => handle.module);
}

/** Loads every page's code: the server does so once, before it renders its first page. */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(pages).map((target) => target.preload()));
}

/** The page the address shows, in its layouts. */
export function AppRoutes() {
  return useRoutes(routes);
}
