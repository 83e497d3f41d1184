import '@testing-library/jest-dom/vitest';
import type { StaffRole } from '@bozor/shared';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, renderAsStaff } from '../../test/support.tsx';
import { PageEditPage } from './page-edit-page.tsx';

const NO_ACCESS = 'У вашей роли нет доступа к этому разделу';
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
      <Route path="/content/pages/new" element={<PageEditPage />} />
      <Route path="/content/pages/:slug" element={<PageEditPage />} />
    </Routes>,
    { role, path },
  );
}

describe("a content page's editor", () => {
  it('tells a role that only reads the content it cannot add a page, asking nothing', () => {
    renderAt('viewer', '/content/pages/new');
    expect(screen.getByText(NO_ACCESS)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('lets that role open an existing page to read it', () => {
    renderAt('viewer', '/content/pages/delivery');
    expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
  });

  it('opens the new page form for a content manager', async () => {
    renderAt('content_manager', '/content/pages/new');
    expect(screen.queryByText(NO_ACCESS)).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeEnabled();
  });
});
