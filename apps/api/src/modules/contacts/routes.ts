import { Contact, dataOf } from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listContacts } from './repository.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts',
    {
      schema: {
        tags: ['content'],
        summary: 'Support phone, messenger and insurance contacts',
        response: { 200: dataOf(z.array(Contact)) },
      },
    },
    async () => ({ data: await listContacts(app.db) }),
  );
};
