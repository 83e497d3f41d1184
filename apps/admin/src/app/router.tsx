import { createBrowserRouter, Navigate } from 'react-router';
import { NotFound } from '../components/access.tsx';
import { Loading } from '../components/ui.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { RouteError } from './errors.tsx';
import { Layout } from './layout.tsx';

const catalogueModule = () => import('../features/catalogue/catalogue-pages.tsx');
/** The catalogue section's tabs, each a page of the one module. */
const CATALOGUE_PAGES = {
  categories: 'CategoriesPage',
  brands: 'BrandsPage',
  tags: 'TagsPage',
  colors: 'ColorsPage',
  attributes: 'AttributesPage',
  collections: 'CollectionsPage',
} as const;

/**
 * The back office's pages, under /admin. Each page's code (and the chart and QR libraries of
 * some) loads when it is first opened; the sign-in is in the first bundle.
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
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage,
          }),
        },
        {
          path: 'orders',
          lazy: async () => ({
            Component: (await import('../features/orders/orders-page.tsx')).OrdersPage,
          }),
        },
        {
          path: 'orders/:id',
          lazy: async () => ({
            Component: (await import('../features/orders/order-page.tsx')).OrderPage,
          }),
        },
        {
          path: 'returns',
          lazy: async () => ({
            Component: (await import('../features/returns/returns-page.tsx')).ReturnsPage,
          }),
        },
        {
          path: 'scoring',
          lazy: async () => ({
            Component: (await import('../features/scoring/queue-page.tsx')).ScoringQueuePage,
          }),
        },
        {
          path: 'scoring/:customerId',
          lazy: async () => ({
            Component: (await import('../features/scoring/review-page.tsx')).ScoringReviewPage,
          }),
        },
        {
          path: 'credits',
          lazy: async () => ({
            Component: (await import('../features/credits/portfolio-page.tsx')).PortfolioPage,
          }),
        },
        {
          path: 'credits/:id',
          lazy: async () => ({
            Component: (await import('../features/credits/credit-page.tsx')).CreditPage,
          }),
        },
        {
          path: 'collections',
          lazy: async () => ({
            Component: (await import('../features/credits/collections-page.tsx')).CollectionsPage,
          }),
        },
        {
          path: 'payments',
          lazy: async () => ({
            Component: (await import('../features/payments/payments-page.tsx')).PaymentsPage,
          }),
        },
        {
          path: 'customers',
          lazy: async () => ({
            Component: (await import('../features/customers/customers-page.tsx')).CustomersPage,
          }),
        },
        {
          path: 'customers/:id',
          lazy: async () => ({
            Component: (await import('../features/customers/customer-page.tsx')).CustomerPage,
          }),
        },
        {
          path: 'imports',
          lazy: async () => ({
            Component: (await import('../features/imports/imports-page.tsx')).ImportsPage,
          }),
        },
        {
          path: 'imports/:id',
          lazy: async () => ({
            Component: (await import('../features/imports/imports-page.tsx')).ImportsPage,
          }),
        },
        {
          path: 'content/banners',
          lazy: async () => ({
            Component: (await import('../features/content/banners-page.tsx')).BannersPage,
          }),
        },
        {
          path: 'content/pages',
          lazy: async () => ({
            Component: (await import('../features/content/pages-page.tsx')).PagesPage,
          }),
        },
        {
          path: 'content/pages/new',
          lazy: async () => ({
            Component: (await import('../features/content/page-edit-page.tsx')).PageEditPage,
          }),
        },
        {
          path: 'content/pages/:slug',
          lazy: async () => ({
            Component: (await import('../features/content/page-edit-page.tsx')).PageEditPage,
          }),
        },
        {
          path: 'content/faq',
          lazy: async () => ({
            Component: (await import('../features/content/faq-page.tsx')).FaqPage,
          }),
        },
        {
          path: 'content/branches',
          lazy: async () => ({
            Component: (await import('../features/content/branches-page.tsx')).BranchesPage,
          }),
        },
        {
          path: 'content/contacts',
          lazy: async () => ({
            Component: (await import('../features/content/contacts-page.tsx')).ContactsPage,
          }),
        },
        {
          path: 'partners',
          lazy: async () => ({
            Component: (await import('../features/partners/partners-page.tsx')).PartnersPage,
          }),
        },
        {
          path: 'partners/:id',
          lazy: async () => ({
            Component: (await import('../features/partners/partner-page.tsx')).PartnerPage,
          }),
        },
        {
          path: 'catalogue',
          lazy: async () => ({
            Component: (await import('../features/catalogue/catalogue-pages.tsx')).CatalogueLayout,
          }),
          children: [
            { index: true, element: <Navigate to="categories" replace /> },
            ...(
              ['categories', 'brands', 'tags', 'colors', 'attributes', 'collections'] as const
            ).map((path) => ({
              path,
              lazy: async () => ({ Component: (await catalogueModule())[CATALOGUE_PAGES[path]] }),
            })),
          ],
        },
        {
          path: 'products',
          lazy: async () => ({
            Component: (await import('../features/products/products-page.tsx')).ProductsPage,
          }),
        },
        {
          path: 'products/new',
          lazy: async () => ({
            Component: (await import('../features/products/product-page.tsx')).ProductPage,
          }),
        },
        {
          path: 'products/:id',
          lazy: async () => ({
            Component: (await import('../features/products/product-page.tsx')).ProductPage,
          }),
        },
        {
          path: 'staff',
          lazy: async () => ({
            Component: (await import('../features/staff/staff-page.tsx')).StaffPage,
          }),
        },
        {
          path: 'reports',
          lazy: async () => ({
            Component: (await import('../features/reports/reports-page.tsx')).ReportsPage,
          }),
        },
        {
          path: 'audit',
          lazy: async () => ({
            Component: (await import('../features/audit/audit-page.tsx')).AuditPage,
          }),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
