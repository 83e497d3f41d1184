import type { Banner } from '@bozor/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { HeroBanners } from '../components/hero-banners.tsx';

const banner = (id: number, link: string): Banner => ({
  id,
  title: `Chegirmalar ${id}`,
  subtitle: 'Hafta oxirigacha',
  image: `/media/banners/${id}.svg`,
  image_mobile: null,
  link,
  color: '#1F6FEB',
});

describe('HeroBanners', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leads to the page of the shop a banner names', async () => {
    stubApi({ '/api/banners': { data: [banner(1, '/category/smartfonlar')] } });
    renderWithProviders(<HeroBanners />);
    const title = await screen.findByText('Chegirmalar 1');
    expect(title.closest('a')).toHaveAttribute('href', '/category/smartfonlar');
  });

  it.each(['/\\evil.example', '//evil.example', 'https://evil.example'])(
    'draws a banner whose link %s would leave the shop without a link',
    async (link) => {
      stubApi({ '/api/banners': { data: [banner(2, link)] } });
      renderWithProviders(<HeroBanners />);
      const title = await screen.findByText('Chegirmalar 2');
      expect(title.closest('a')).toBeNull();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    },
  );
});
