import { Contact, dataOf } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Seller } from '../contracts/index.ts';
import { listContacts } from './repository.ts';

/** The seller's legal line of the footer: bank details are in contracts, not on every page. */
const sellerContacts = (seller: Seller): Contact[] => [
  { key: 'seller_name', value: seller.name },
  { key: 'seller_tin', value: seller.tin },
  { key: 'seller_address', value: seller.address },
];

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts',
    {
      schema: {
        tags: ['content'],
        summary:
          'Support phone, messenger and insurance contacts, and the seller (seller_name, seller_tin, seller_address)',
        response: { 200: dataOf(z.array(Contact)) },
      },
    },
    async () => {
      const seller = sellerContacts(app.seller);
      const stored = await listContacts(app.db);
      // the seller comes from the configuration the contracts are drawn with, never from a row
      const others = stored.filter((c) => !seller.some((s) => s.key === c.key));
      return { data: [...others, ...seller] };
    },
  );
};
