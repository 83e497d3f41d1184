import '@testing-library/jest-dom/vitest';
import { can, PERMISSIONS, STAFF_ROLES, type StaffRole } from '@bozor/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../i18n/texts.ts';
import { recordRequests, renderAsStaff, renderRoutesAsStaff, screenOf } from '../test/support.tsx';
import { Layout } from './layout.tsx';
import { NAV_GROUPS, SECTIONS, type SectionPage, sectionRoutes } from './sections.tsx';

const NO_ACCESS = 'У вашей роли нет доступа к этому разделу';

/** Every address a section's pages answer at, below /admin. */
function pathsOf(pages: readonly SectionPage[], under = ''): string[] {
  return pages.flatMap((page) => {
    const path = page.path === '' ? under || '/' : `${under}/${page.path}`;
    return [path, ...pathsOf(page.children ?? [], path)];
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sections of the back office', () => {
  it('gives every section a nav entry named in both languages, a group, a permission and its pages', () => {
    for (const section of SECTIONS) {
      expect(TEXTS.ru[section.text], section.to).toBeTruthy();
      expect(TEXTS.uz[section.text], section.to).toBeTruthy();
      expect(NAV_GROUPS, section.to).toContain(section.group);
      expect(Object.keys(PERMISSIONS), section.to).toContain(section.permission);
      // the entry leads to a page of its own section
      expect(pathsOf(section.pages), section.to).toContain(section.to);
    }
  });

  it('keeps every address the back office answers at, each declared once', () => {
    const paths = SECTIONS.flatMap((section) => pathsOf(section.pages));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual([
      '/',
      '/orders',
      '/orders/:id',
      '/returns',
      '/customers',
      '/customers/:id',
      '/payments',
      '/fiscal-receipts',
      '/credits',
      '/credits/:id',
      '/collections',
      '/scoring',
      '/scoring/:customerId',
      '/products',
      '/products/new',
      '/products/:id',
      '/catalogue',
      '/catalogue/categories',
      '/catalogue/brands',
      '/catalogue/tags',
      '/catalogue/colors',
      '/catalogue/attributes',
      '/catalogue/collections',
      '/imports',
      '/imports/:id',
      '/content/banners',
      '/content/pages',
      '/content/pages/new',
      '/content/pages/:slug',
      '/content/faq',
      '/content/branches',
      '/delivery',
      '/content/contacts',
      '/reviews',
      '/promotions',
      '/partners',
      '/partners/:id',
      '/reports',
      '/staff',
      '/audit',
    ]);
  });

  it('puts every group in the navigation', () => {
    for (const group of NAV_GROUPS) {
      expect(
        SECTIONS.some((section) => section.group === group),
        group,
      ).toBe(true);
    }
  });
});

describe('the navigation by role', () => {
  beforeEach(() => {
    // the partners' count beside their section
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: { new: 0, contacted: 0, accepted: 0, rejected: 0 } }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
  });

  it.each(STAFF_ROLES)('shows a %s only the sections its role may read', (role) => {
    screenOf(1440);
    renderAsStaff(<Layout />, { role, path: '/reports' });
    const nav = screen.getByRole('navigation', { name: 'Bozor · управление' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.replace(/\d+$/, ''));
    const expected = SECTIONS.filter((section) => can(role, section.permission)).map(
      (section) => TEXTS.ru[section.text],
    );
    expect(links).toEqual(expected);
  });
});

describe("a section's guard", () => {
  let requested: string[] = [];
  beforeEach(() => {
    requested = recordRequests();
  });

  function renderAt(role: StaffRole, path: string) {
    renderRoutesAsStaff([{ path: '/', element: <Outlet />, children: sectionRoutes() }], {
      role,
      path,
    });
  }

  /** `role` at `path` reads that it has no access there. */
  async function expectNoAccess(role: StaffRole, path: string) {
    renderAt(role, path);
    expect(await screen.findByText(NO_ACCESS)).toBeVisible();
  }

  it('tells a role outside the section it has no access, asking nothing', async () => {
    await expectNoAccess('content_manager', '/orders');
    expect(requested).toEqual([]);
  });

  it('guards the pages inside a section with tabs', async () => {
    await expectNoAccess('credit_officer', '/catalogue/brands');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('tells a role that only reads the catalogue it cannot add a product, asking nothing', async () => {
    await expectNoAccess('viewer', '/products/new');
    expect(requested).toEqual([]);
  });

  it('lets that role open an existing product to read it', async () => {
    renderAt('viewer', '/products/7');
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
  });

  it('opens the new product form for a content manager, which asks for its choices', async () => {
    renderAt('content_manager', '/products/new');
    await waitFor(() => expect(requested.length).toBeGreaterThan(0));
    expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
  });

  it('tells a role that only reads the content it cannot add a page, asking nothing', async () => {
    await expectNoAccess('viewer', '/content/pages/new');
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('lets that role open an existing page to read it', async () => {
    renderAt('viewer', '/content/pages/delivery');
    expect(await screen.findByRole('link', { name: /Назад к страницам/ })).toBeVisible();
    expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
  });

  it('opens the new page form for a content manager', async () => {
    renderAt('content_manager', '/content/pages/new');
    expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeEnabled();
    expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
  });
});
