import type { Category } from '@bozor/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { closeCatalog, openCatalog } from '../catalog-state.ts';
import { CatalogPanel } from '../components/catalog-panel.tsx';

const category = (id: number, slug: string, name: string, children: Category[] = []) => ({
  id,
  slug,
  name,
  image: null,
  parent_id: null,
  children,
});

const tree: Category[] = [
  category(1, 'elektronika', 'Elektronika', [
    category(2, 'telefonlar', 'Telefonlar', [category(3, 'smartfonlar', 'Smartfonlar')]),
  ]),
  category(4, 'kitoblar', 'Kitoblar'),
];

describe('the catalogue drawer on phones', () => {
  afterEach(() => {
    act(closeCatalog);
    vi.unstubAllGlobals();
  });

  it('opens every level, the first one too, with an "all products" entry', async () => {
    stubApi({ '/api/categories/all': { data: tree } });
    renderWithProviders(<CatalogPanel />);
    act(openCatalog);
    const drawer = await screen.findByTestId('catalog-drawer');
    expect(within(drawer).getByRole('link', { name: 'Barcha mahsulotlar' })).toHaveAttribute(
      'href',
      '/products/famous',
    );

    await userEvent.click(within(drawer).getByRole('button', { name: 'Elektronika' }));
    expect(within(drawer).getByRole('link', { name: 'Barcha mahsulotlar' })).toHaveAttribute(
      'href',
      '/category/elektronika',
    );

    await userEvent.click(within(drawer).getByRole('button', { name: 'Telefonlar' }));
    expect(within(drawer).getByRole('link', { name: 'Barcha mahsulotlar' })).toHaveAttribute(
      'href',
      '/category/telefonlar',
    );
    expect(within(drawer).getByRole('link', { name: 'Smartfonlar' })).toHaveAttribute(
      'href',
      '/category/smartfonlar',
    );
  });
});
