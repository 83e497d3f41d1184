import '@testing-library/jest-dom/vitest';
import type { StaffRole, StaffSession } from '@bozor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { SESSION_KEY } from '../../lib/session.tsx';
import { ProductPage } from './product-page.tsx';

let requested: string[] = [];

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(String(url));
      return new Response(JSON.stringify({ message: 'not here' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(role: StaffRole, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session: StaffSession = {
    staff: {
      id: 1,
      email: `${role}@bozor.test`,
      name: 'Dilnoza Karimova',
      role,
      totp: true,
      disabled: false,
      last_sign_in_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    permissions: [],
    csrf_token: 'csrf',
  };
  queryClient.setQueryData(SESSION_KEY, session);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/products/new" element={<ProductPage />} />
            <Route path="/products/:id" element={<ProductPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the product page', () => {
  it('tells a role that only reads the catalogue it cannot add a product, asking nothing', () => {
    renderAt('viewer', '/products/new');
    expect(screen.getByText('У вашей роли нет доступа к этому разделу')).toBeVisible();
    expect(requested).toEqual([]);
  });

  it('lets that role open an existing product to read it', () => {
    renderAt('viewer', '/products/7');
    expect(screen.queryByText('У вашей роли нет доступа к этому разделу')).not.toBeInTheDocument();
  });

  it('opens the new product form for a content manager', () => {
    renderAt('content_manager', '/products/new');
    expect(screen.queryByText('У вашей роли нет доступа к этому разделу')).not.toBeInTheDocument();
  });
});
