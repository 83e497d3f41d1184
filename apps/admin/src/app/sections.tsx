import type { Permission } from '@bozor/shared';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequirePermission } from '../components/access.tsx';
import { NewPartnersBadge } from '../features/partners/badges.tsx';
import type { TextKey } from '../i18n/texts.ts';

/** A page of a section: its path under /admin, and its code, loaded when it is first opened. */
export interface SectionPage {
  /** Without the leading slash; '' for the index page. */
  path: string;
  page: () => Promise<ComponentType>;
  /** What this page needs when it is more than its section asks (a new product is a write). */
  permission?: Permission;
  /** Pages inside this one (the catalogue's tabs), guarded by it. */
  children?: SectionPage[];
  /** Where the page's own path leads: one of its children. */
  redirect?: string;
}

export const NAV_GROUPS = [
  'nav.group.sales',
  'nav.group.money',
  'nav.group.catalogue',
  'nav.group.site',
  'nav.group.control',
] as const satisfies readonly TextKey[];
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * A section of the back office, declared once: its entry in the navigation, the permission that
 * shows the entry and guards every page of it, and its pages.
 */
export interface Section {
  /** Where the navigation's entry leads. */
  to: string;
  /** Its name in the navigation. */
  text: TextKey;
  group: NavGroup;
  permission: Permission;
  /** The entry is active on its own path only (the dashboard at /). */
  end?: boolean;
  /** A count beside the name (what waits there). */
  badge?: ComponentType;
  pages: SectionPage[];
}

const catalogueModule = () => import('../features/catalogue/catalogue-pages.tsx');

/** Every section, in the navigation's order. */
export const SECTIONS: readonly Section[] = [
  {
    to: '/',
    text: 'nav.dashboard',
    group: 'nav.group.sales',
    permission: 'orders.read',
    end: true,
    pages: [
      {
        path: '',
        page: async () => (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage,
      },
    ],
  },
  {
    to: '/orders',
    text: 'nav.orders',
    group: 'nav.group.sales',
    permission: 'orders.read',
    pages: [
      {
        path: 'orders',
        page: async () => (await import('../features/orders/orders-page.tsx')).OrdersPage,
      },
      {
        path: 'orders/:id',
        page: async () => (await import('../features/orders/order-page.tsx')).OrderPage,
      },
    ],
  },
  {
    to: '/returns',
    text: 'nav.returns',
    group: 'nav.group.sales',
    permission: 'orders.read',
    pages: [
      {
        path: 'returns',
        page: async () => (await import('../features/returns/returns-page.tsx')).ReturnsPage,
      },
    ],
  },
  {
    to: '/customers',
    text: 'nav.customers',
    group: 'nav.group.sales',
    permission: 'customers.read',
    pages: [
      {
        path: 'customers',
        page: async () => (await import('../features/customers/customers-page.tsx')).CustomersPage,
      },
      {
        path: 'customers/:id',
        page: async () => (await import('../features/customers/customer-page.tsx')).CustomerPage,
      },
    ],
  },
  {
    to: '/payments',
    text: 'nav.payments',
    group: 'nav.group.money',
    permission: 'money.read',
    pages: [
      {
        path: 'payments',
        page: async () => (await import('../features/payments/payments-page.tsx')).PaymentsPage,
      },
    ],
  },
  {
    to: '/fiscal-receipts',
    text: 'nav.fiscal',
    group: 'nav.group.money',
    permission: 'money.read',
    pages: [
      {
        path: 'fiscal-receipts',
        page: async () => (await import('../features/fiscal/receipts-page.tsx')).ReceiptsPage,
      },
    ],
  },
  {
    to: '/credits',
    text: 'nav.credits',
    group: 'nav.group.money',
    permission: 'credits.read',
    pages: [
      {
        path: 'credits',
        page: async () => (await import('../features/credits/portfolio-page.tsx')).PortfolioPage,
      },
      {
        path: 'credits/:id',
        page: async () => (await import('../features/credits/credit-page.tsx')).CreditPage,
      },
    ],
  },
  {
    to: '/collections',
    text: 'nav.collections',
    group: 'nav.group.money',
    permission: 'credits.read',
    pages: [
      {
        path: 'collections',
        page: async () =>
          (await import('../features/credits/collections-page.tsx')).CollectionsPage,
      },
    ],
  },
  {
    to: '/scoring',
    text: 'nav.scoring',
    group: 'nav.group.money',
    permission: 'scoring.review',
    pages: [
      {
        path: 'scoring',
        page: async () => (await import('../features/scoring/queue-page.tsx')).ScoringQueuePage,
      },
      {
        path: 'scoring/:customerId',
        page: async () => (await import('../features/scoring/review-page.tsx')).ScoringReviewPage,
      },
    ],
  },
  {
    to: '/products',
    text: 'nav.products',
    group: 'nav.group.catalogue',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'products',
        page: async () => (await import('../features/products/products-page.tsx')).ProductsPage,
      },
      {
        path: 'products/new',
        permission: 'catalogue.write',
        page: async () => (await import('../features/products/product-page.tsx')).ProductPage,
      },
      {
        path: 'products/:id',
        page: async () => (await import('../features/products/product-page.tsx')).ProductPage,
      },
    ],
  },
  {
    to: '/catalogue',
    text: 'nav.catalogue',
    group: 'nav.group.catalogue',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'catalogue',
        page: async () => (await catalogueModule()).CatalogueLayout,
        redirect: 'categories',
        // the dictionaries as tabs, loaded together when the section is first opened
        children: [
          { path: 'categories', page: async () => (await catalogueModule()).CategoriesPage },
          { path: 'brands', page: async () => (await catalogueModule()).BrandsPage },
          { path: 'tags', page: async () => (await catalogueModule()).TagsPage },
          { path: 'colors', page: async () => (await catalogueModule()).ColorsPage },
          { path: 'attributes', page: async () => (await catalogueModule()).AttributesPage },
          { path: 'collections', page: async () => (await catalogueModule()).CollectionsPage },
        ],
      },
    ],
  },
  {
    to: '/imports',
    text: 'nav.imports',
    group: 'nav.group.catalogue',
    permission: 'catalogue.write',
    pages: [
      {
        path: 'imports',
        page: async () => (await import('../features/imports/imports-page.tsx')).ImportsPage,
      },
      {
        path: 'imports/:id',
        page: async () => (await import('../features/imports/imports-page.tsx')).ImportsPage,
      },
    ],
  },
  {
    to: '/content/banners',
    text: 'nav.banners',
    group: 'nav.group.site',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'content/banners',
        page: async () => (await import('../features/content/banners-page.tsx')).BannersPage,
      },
    ],
  },
  {
    to: '/content/pages',
    text: 'nav.pages',
    group: 'nav.group.site',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'content/pages',
        page: async () => (await import('../features/content/pages-page.tsx')).PagesPage,
      },
      {
        path: 'content/pages/new',
        // a new page is a write: a role that only reads the content is told so, not shown a form
        permission: 'content.write',
        page: async () => (await import('../features/content/page-edit-page.tsx')).PageEditPage,
      },
      {
        path: 'content/pages/:slug',
        page: async () => (await import('../features/content/page-edit-page.tsx')).PageEditPage,
      },
    ],
  },
  {
    to: '/content/faq',
    text: 'nav.faq',
    group: 'nav.group.site',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'content/faq',
        page: async () => (await import('../features/content/faq-page.tsx')).FaqPage,
      },
    ],
  },
  {
    to: '/content/branches',
    text: 'nav.branches',
    group: 'nav.group.site',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'content/branches',
        page: async () => (await import('../features/content/branches-page.tsx')).BranchesPage,
      },
    ],
  },
  {
    to: '/delivery',
    text: 'nav.delivery',
    group: 'nav.group.site',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'delivery',
        page: async () => (await import('../features/delivery/rates-page.tsx')).DeliveryRatesPage,
      },
    ],
  },
  {
    to: '/content/contacts',
    text: 'nav.contacts',
    group: 'nav.group.site',
    permission: 'catalogue.read',
    pages: [
      {
        path: 'content/contacts',
        page: async () => (await import('../features/content/contacts-page.tsx')).ContactsPage,
      },
    ],
  },
  {
    to: '/reviews',
    text: 'nav.reviews',
    group: 'nav.group.site',
    permission: 'reviews.moderate',
    pages: [
      {
        path: 'reviews',
        page: async () => (await import('../features/reviews/reviews-page.tsx')).ReviewsPage,
      },
    ],
  },
  {
    to: '/promotions',
    text: 'nav.promotions',
    group: 'nav.group.site',
    permission: 'promotions.send',
    pages: [
      {
        path: 'promotions',
        page: async () =>
          (await import('../features/promotions/promotions-page.tsx')).PromotionsPage,
      },
    ],
  },
  {
    to: '/partners',
    text: 'nav.partners',
    group: 'nav.group.site',
    permission: 'partners.read',
    badge: NewPartnersBadge,
    pages: [
      {
        path: 'partners',
        page: async () => (await import('../features/partners/partners-page.tsx')).PartnersPage,
      },
      {
        path: 'partners/:id',
        page: async () => (await import('../features/partners/partner-page.tsx')).PartnerPage,
      },
    ],
  },
  {
    to: '/reports',
    text: 'nav.reports',
    group: 'nav.group.control',
    permission: 'reports.read',
    pages: [
      {
        path: 'reports',
        page: async () => (await import('../features/reports/reports-page.tsx')).ReportsPage,
      },
    ],
  },
  {
    to: '/staff',
    text: 'nav.staff',
    group: 'nav.group.control',
    permission: 'staff.manage',
    pages: [
      {
        path: 'staff',
        page: async () => (await import('../features/staff/staff-page.tsx')).StaffPage,
      },
    ],
  },
  {
    to: '/audit',
    text: 'nav.audit',
    group: 'nav.group.control',
    permission: 'audit.read',
    pages: [
      {
        path: 'audit',
        page: async () => (await import('../features/audit/audit-page.tsx')).AuditPage,
      },
    ],
  },
];

/** A page's route: its code loads when first opened, behind the permission it needs. */
function routeOf(page: SectionPage, guard: Permission | undefined): RouteObject {
  const lazy = async () => {
    const Page = await page.page();
    return {
      element: guard ? (
        <RequirePermission permission={guard}>
          <Page />
        </RequirePermission>
      ) : (
        <Page />
      ),
    };
  };
  if (page.path === '') return { index: true, lazy };
  const children = page.children?.map((child) => routeOf(child, child.permission));
  return {
    path: page.path,
    lazy,
    ...(children && {
      children: [
        ...(page.redirect
          ? [{ index: true, element: <Navigate to={page.redirect} replace /> }]
          : []),
        ...children,
      ],
    }),
  };
}

/** The routes of every section's pages, each guarded by its section's permission or its own. */
export function sectionRoutes(): RouteObject[] {
  return SECTIONS.flatMap((section) =>
    section.pages.map((page) => routeOf(page, page.permission ?? section.permission)),
  );
}
