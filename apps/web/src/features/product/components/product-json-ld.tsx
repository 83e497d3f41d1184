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
    // the stored sums and the newest published reviews (issue 38); none without reviews
    ...(product.reviews_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviews_count,
            bestRating: 5,
            worstRating: 1,
          },
          review: product.reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            datePublished: review.created_at.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
            reviewBody: [review.pros, review.cons, review.comment].filter(Boolean).join('\n'),
          })),
        }
      : {}),
  };
}

export function ProductJsonLd({ product }: { product: ProductDetail }) {
  return <JsonLd data={productJsonLd(product, useOrigin())} />;
}
