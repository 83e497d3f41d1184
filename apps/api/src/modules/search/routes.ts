import {
  dataOf,
  ErrorBody,
  ListFilters,
  SearchFiltersQuery,
  SearchQuery,
  SearchResult,
} from '@bozor/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './service.ts';

/**
 * Sends an answer already written as JSON text (`searchAnswer`, which checks it against the
 * route's contract as it writes it): a string of a JSON type is sent as it is, not serialized.
 */
function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** Search in both scripts: the dropdown, the results page and its filter panel. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Products and categories matching a query in Latin or Cyrillic, typos tolerated; best matches first unless `sort` is given',
        querystring: SearchQuery,
        response: { 200: dataOf(SearchResult), 400: ErrorBody },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await service.searchAnswer(app.db, request.query, request.lang)),
  );

  app.get(
    '/search/filters',
    {
      schema: {
        tags: ['search'],
        summary: 'Filter panel of the search results',
        querystring: SearchFiltersQuery,
        response: { 200: dataOf(ListFilters), 400: ErrorBody },
      },
    },
    async (request) => ({
      data: await service.searchFilters(app.db, request.query.search, request.lang),
    }),
  );
};
