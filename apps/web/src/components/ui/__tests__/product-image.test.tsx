import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from '../product-image.tsx';

const UPLOADED = '/media/u/0123456789abcdef0123456789abcdef';

describe('ProductImage', () => {
  it('offers an uploaded picture as AVIF, then WebP, at every width written of it', () => {
    const { container } = render(<ProductImage src={UPLOADED} alt="Telefon" size={64} />);
    const sources = container.querySelectorAll('picture > source');
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(
      [160, 320, 640, 1280].map((w) => `${UPLOADED}/${w}.avif ${w}w`).join(','),
    );
    expect(sources[1]?.getAttribute('srcset')).toContain(`${UPLOADED}/640.webp 640w`);
    expect(sources[0]?.getAttribute('sizes')).toBe('64px');
    // the bare path is the largest WebP, for a browser that takes neither source
    expect(screen.getByRole('img', { name: 'Telefon' }).getAttribute('src')).toBe(UPLOADED);
  });

  it('draws a demo picture as it is, without variants', () => {
    const { container } = render(
      <ProductImage src="/media/products/smartphone/0.svg" alt="Telefon" />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img').getAttribute('src')).toBe('/media/products/smartphone/0.svg');
  });
});
