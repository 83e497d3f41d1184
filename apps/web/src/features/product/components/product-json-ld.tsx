import type { ProductDetail } from '@bozor/shared';

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
      availability: 'https://schema.org/InStock',
      url: new URL(`/product/${product.slug}`, origin).toString(),
    },
  };
}

export function ProductJsonLd({ product }: { product: ProductDetail }) {
  const json = JSON.stringify(productJsonLd(product, window.location.origin)).replaceAll(
    '<',
    '\\u003c',
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped cannot close the script
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
