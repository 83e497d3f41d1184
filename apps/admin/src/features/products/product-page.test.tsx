import '@testing-library/jest-dom/vitest';
import type { StaffRole } from '@bozor/shared';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, renderAsStaff } from '../../test/support.tsx';
import { ProductPage } from './product-page.tsx';

let requested: string[] = [];

beforeEach(() => {
  requested = recordRequests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(role: StaffRole, path: string) {
  renderAsStaff(
    <Routes>
      <Route path="/products/new" element={<ProductPage />} />
      <Route path="/products/:id" element={<ProductPage />} />
    </Routes>,
    { role, path },
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
