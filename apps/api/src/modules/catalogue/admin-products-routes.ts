import {
  AdminProductDetail,
  AdminProductRow,
  AdminProductsQuery,
  dataOf,
  ErrorBody,
  IdParams,
  messageOf,
  ProductAttributeOption,
  ProductAttributesQuery,
  ProductBulkAction,
  ProductBulkResult,
  ProductFormOptions,
  ProductInput,
  pagedOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as service from './admin-products.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const writeErrors = { ...errors, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['back office: products'];

const SAVED = { uz: 'Mahsulot saqlandi', ru: 'Товар сохранён' } as const;
const CHANGED = { uz: "Mahsulotlar o'zgartirildi", ru: 'Товары изменены' } as const;

/** The products grid, one product's form, creating and editing it, and bulk changes. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  // with fiscalisation on, a product on sale needs an IKPU and a package code (DESIGN §6c)
  const publishRules = (): service.PublishRules => ({
    requireFiscalCode: app.fiscalRegister !== null,
  });
  app.get(
    '/products',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary:
          'Products, hidden ones too: by name in either script or SKU, category (with those under it), brand, stock, visibility and price',
        querystring: AdminProductsQuery,
        response: { 200: pagedOf(AdminProductRow), ...errors },
      },
    }),
    async (request) => service.listAdminProducts(app.db, request.query),
  );

  app.get(
    '/products/form-options',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary:
          'What a product is filed under: categories (hidden too), brands, colours, tags, collections',
        response: { 200: dataOf(ProductFormOptions), ...errors },
      },
    }),
    async () => ({ data: await service.productFormOptions(app.db) }),
  );

  app.get(
    '/products/attributes',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: "Attributes with their values, the category's own (used by its products) first",
        querystring: ProductAttributesQuery,
        response: { 200: dataOf(z.array(ProductAttributeOption)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.productAttributes(app.db, request.query.category_id),
    }),
  );

  app.get(
    '/products/:id',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'One product as the form edits it',
        params: IdParams,
        response: { 200: dataOf(AdminProductDetail), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({ data: await service.adminProductDetail(app.db, request.params.id) }),
  );

  app.post(
    '/products',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary:
          "Creates a product; a taken SKU or slug is a 409 on its field; with fiscalisation on, an active one without an IKPU and package code (its own or its category's) is a 422",
        body: ProductInput,
        response: { 200: messageOf(AdminProductDetail), ...writeErrors },
      },
    }),
    async (request) => {
      const id = await service.saveProduct(
        app.db,
        undefined,
        request.body,
        actorOf(request),
        request.lang,
        publishRules(),
      );
      return { message: SAVED[request.lang], data: await service.adminProductDetail(app.db, id) };
    },
  );

  app.patch(
    '/products/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary: 'Rewrites a product with the whole form; an empty slug keeps the current one',
        params: IdParams,
        body: ProductInput,
        response: { 200: messageOf(AdminProductDetail), ...writeErrors },
      },
    }),
    async (request) => {
      const { id } = request.params;
      await service.saveProduct(
        app.db,
        id,
        request.body,
        actorOf(request),
        request.lang,
        publishRules(),
      );
      return { message: SAVED[request.lang], data: await service.adminProductDetail(app.db, id) };
    },
  );

  app.post(
    '/products/bulk',
    adminRoute('catalogue.write', {
      schema: {
        tags,
        summary:
          'Hides, shows, reprices (percent rounded to 1 000 sum, or an amount), restocks or moves many products at once, all or none',
        body: ProductBulkAction,
        response: {
          200: messageOf(ProductBulkResult),
          ...writeErrors,
          // the products the change cannot be made to
          422: ErrorBody.extend({ data: z.object({ ids: z.array(z.number().int()) }).optional() }),
        },
      },
    }),
    async (request) => ({
      message: CHANGED[request.lang],
      data: {
        changed: await service.bulkChangeProducts(
          app.db,
          request.body,
          actorOf(request),
          request.lang,
          publishRules(),
        ),
      },
    }),
  );
};
