import type { ProductDetail } from '@bozor/shared';
import { JsonLd } from '../../../components/seo/json-ld.tsx';
import { useOrigin } from '../../../lib/render-context.ts';

/** schema.org Product data for search engines. */
export function productJsonLd(product: ProductDetail, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.code,
    image: product.images.map((image) => new URL(image.path, origin).toString()),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'UZS',
      availability:
        product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: new URL(`/product/${product.slug}`, origin).toString(),
    },
  };
}

export function ProductJsonLd({ product }: { product: ProductDetail }) {
  return <JsonLd data={productJsonLd(product, useOrigin())} />;
}
