import type { Lang } from '@bozor/shared';
import { pick } from '../../lib/lang.ts';

/**
 * Checkout lines whose products are gone or short: a 409 naming them, in the customer's
 * language (the error handler sends `customerMessage`).
 */
export class OutOfStock extends Error {
  readonly code = 'OUT_OF_STOCK';
  readonly status = 409;
  readonly products: { nameUz: string; nameRu: string }[];

  constructor(products: { nameUz: string; nameRu: string }[]) {
    super(`out of stock: ${products.map((p) => p.nameUz).join(', ')}`);
    this.name = 'OutOfStock';
    this.products = products;
  }

  customerMessage(lang: Lang): string {
    const names = this.products.map((p) => `«${pick(p, 'name', lang)}»`).join(', ');
    return lang === 'uz'
      ? `${names} kerakli miqdorda qolmagan. Savatni o'zgartiring`
      : `${names} нет в наличии в нужном количестве. Измените корзину`;
  }
}
