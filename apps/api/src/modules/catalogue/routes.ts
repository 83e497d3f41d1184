import {
  Category,
  CategoryDetail,
  dataOf,
  ErrorBody,
  IdOrSlugParams,
  ProductDetail,
  ProductStock,
  ProductStockQuery,
  ProductSummary,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories/top',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Top root categories for the navigation bar and the home page',
        response: { 200: dataOf(z.array(Category)) },
      },
    },
    async (request) => ({ data: await service.getTopCategories(app.db, request.lang) }),
  );

  app.get(
    '/categories/all',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The whole category tree, three levels deep',
        response: { 200: dataOf(z.array(Category)) },
      },
    },
    async (request) => ({ data: await service.getCategoryTree(app.db, request.lang) }),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One category by id or slug, with its children and ancestors',
        params: IdOrSlugParams,
        response: { 200: dataOf(CategoryDetail), 404: ErrorBody },
      },
    },
    async (request) => ({
      data: await service.getCategory(app.db, request.params.id, request.lang),
    }),
  );

  app.get(
    '/products/famous',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Popular products',
        response: { 200: dataOf(z.array(ProductSummary)) },
      },
    },
    async (request) => ({ data: await service.getFamousProducts(app.db, request.lang) }),
  );

  app.get(
    '/products/stock',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Products of a visitor's basket as they are now, with the units left",
        querystring: ProductStockQuery,
        response: { 200: dataOf(z.array(ProductStock)), 400: ErrorBody },
      },
    },
    async (request) => ({
      data: await service.getProductStock(app.db, request.query.ids, request.lang),
    }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product by id or slug, with its installment offers',
        params: IdOrSlugParams,
        response: { 200: dataOf(ProductDetail), 404: ErrorBody },
      },
    },
    async (request) => ({
      data: await service.getProduct(app.db, request.params.id, request.lang),
    }),
  );
};
