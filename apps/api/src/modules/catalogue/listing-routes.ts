import {
  Brand,
  BrandFacet,
  BrandRef,
  BrandsQuery,
  Collection,
  CollectionProducts,
  dataOf,
  ErrorBody,
  IdOrSlug,
  IdOrSlugParams,
  IdParams,
  ListFilters,
  PriceRange,
  ProductListQuery,
  ProductSummary,
  pagedOf,
  SlugParams,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './listing-service.ts';

const errors = { 400: ErrorBody, 404: ErrorBody };
const listParams = z.object({ slug: z.enum(service.PRODUCT_LISTS) });

/** Category and brand product lists with their filter panels (SPEC §7 paths). */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/category-products/:categoryId',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category and all its descendants, filtered, sorted and paged',
        params: z.object({ categoryId: IdOrSlug }),
        querystring: ProductListQuery,
        response: { 200: pagedOf(ProductSummary), ...errors },
      },
    },
    (request) =>
      service.getCategoryProducts(app.db, request.params.categoryId, request.query, request.lang),
  );

  app.get(
    '/categories/filters-all/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A category's filter panel: price range, brands, colours, attributes with counts",
        params: IdOrSlugParams,
        response: { 200: dataOf(ListFilters), ...errors },
      },
    },
    async (request) => ({
      data: await service.getCategoryFilters(app.db, request.params.id, request.lang),
    }),
  );

  app.get(
    '/categories/brands/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands of a category with product counts',
        params: IdOrSlugParams,
        response: { 200: dataOf(z.array(BrandFacet)), ...errors },
      },
    },
    async (request) => ({ data: await service.getCategoryBrands(app.db, request.params.id) }),
  );

  app.get(
    '/categories/prices/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Lowest and highest price in a category',
        params: IdOrSlugParams,
        response: { 200: dataOf(PriceRange), ...errors },
      },
    },
    async (request) => ({ data: await service.getCategoryPrices(app.db, request.params.id) }),
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All brands, alphabetically, 30 a page',
        querystring: BrandsQuery,
        response: { 200: pagedOf(Brand), 400: ErrorBody },
      },
    },
    (request) => service.listBrands(app.db, request.query.page, request.query.per_page),
  );

  app.get(
    '/brands/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One brand',
        params: SlugParams,
        response: { 200: dataOf(BrandRef), ...errors },
      },
    },
    async (request) => ({ data: await service.getBrand(app.db, request.params.slug) }),
  );

  app.get(
    '/brands/filters/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A brand page's filter panel",
        params: SlugParams,
        response: { 200: dataOf(ListFilters), ...errors },
      },
    },
    async (request) => ({
      data: await service.getBrandFilters(app.db, request.params.slug, request.lang),
    }),
  );

  app.get(
    '/brand-products/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a brand, filtered, sorted and paged',
        params: SlugParams,
        querystring: ProductListQuery,
        response: { 200: pagedOf(ProductSummary), ...errors },
      },
    },
    (request) => service.getBrandProducts(app.db, request.params.slug, request.query, request.lang),
  );

  app.get(
    '/collections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product collections of the home page',
        response: { 200: dataOf(z.array(Collection)) },
      },
    },
    async (request) => ({ data: await service.listCollections(app.db, request.lang) }),
  );

  app.get(
    '/products/collection/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Products of a collection, filtered, sorted and paged (`products.data`, `products.meta`)',
        params: IdOrSlugParams,
        querystring: ProductListQuery,
        response: { 200: CollectionProducts, ...errors },
      },
    },
    (request) =>
      service.getCollectionProducts(app.db, request.params.id, request.query, request.lang),
  );

  app.get(
    '/products/collection-filters/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A collection's filter panel",
        params: IdOrSlugParams,
        response: { 200: dataOf(ListFilters), ...errors },
      },
    },
    async (request) => ({
      data: await service.getCollectionFilters(app.db, request.params.id, request.lang),
    }),
  );

  app.get(
    '/products/similar/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products like the given one (its category), filtered, sorted and paged',
        params: IdParams,
        querystring: ProductListQuery,
        response: { 200: pagedOf(ProductSummary), ...errors },
      },
    },
    (request) => service.getSimilarProducts(app.db, request.params.id, request.query, request.lang),
  );

  app.get(
    '/products/similar-filters/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Filter panel of the similar-products list',
        params: IdParams,
        response: { 200: dataOf(ListFilters), ...errors },
      },
    },
    async (request) => ({
      data: await service.getSimilarFilters(app.db, request.params.id, request.lang),
    }),
  );

  app.get(
    '/products/list/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Special lists: `famous` (popular) and `discount` (sold below the old price)',
        params: listParams,
        querystring: ProductListQuery,
        response: { 200: pagedOf(ProductSummary), ...errors },
      },
    },
    (request) => service.getListProducts(app.db, request.params.slug, request.query, request.lang),
  );

  app.get(
    '/products/list-filters/:slug',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Filter panel of a special list',
        params: listParams,
        response: { 200: dataOf(ListFilters), ...errors },
      },
    },
    async (request) => ({
      data: await service.getListFilters(app.db, request.params.slug, request.lang),
    }),
  );
};
