import {
  AdminAttribute,
  AdminBrand,
  AdminCategory,
  AdminCollection,
  AdminColor,
  AdminTag,
  AttributeBody,
  AttributeValueBody,
  AttributeValueParams,
  BrandBody,
  CategoryBody,
  CategoryOrderBody,
  CategoryPatch,
  CollectionBody,
  CollectionPatch,
  CollectionProductsBody,
  ColorBody,
  dataOf,
  ErrorBody,
  IdParams,
  InUse,
  PickedProduct,
  ProductPickerQuery,
  TagBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as categories from './admin-dictionaries-categories.ts';
import * as collections from './admin-dictionaries-collections.ts';
import * as dictionaries from './admin-dictionaries-service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const writeErrors = { ...errors, 404: ErrorBody, 409: ErrorBody };
/** A delete refused while products use the row: the message names how many, `data` too. */
const deleteErrors = { ...errors, 404: ErrorBody, 409: ErrorBody.extend({ data: InUse }) };
const deleted = { 204: z.null().describe('Deleted') };

/**
 * The catalogue's dictionaries in the back office: categories, brands, tags, colours, attributes
 * and collections. Reading needs `catalogue.read`, every change `catalogue.write` and is audited.
 */
export const adminDictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = (tags: string[], summary: string, response: z.ZodType) =>
    adminRoute('catalogue.read', {
      schema: { tags, summary, response: { 200: response, ...errors } },
    });

  // ---- categories ----
  const categoryTags = ['back office: categories'];

  app.get(
    '/categories',
    read(
      categoryTags,
      'Every category, hidden ones too, in tree order (each after its parent) with depth and counts',
      dataOf(z.array(AdminCategory)),
    ),
    async () => ({ data: await categories.listAdminCategories(app.db) }),
  );

  app.post(
    '/categories',
    adminRoute('catalogue.write', {
      schema: {
        tags: categoryTags,
        summary: 'Creates a category, last among its siblings; at most 3 levels deep',
        body: CategoryBody,
        response: { 201: dataOf(AdminCategory), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await categories.createCategory(app.db, request.body, actorOf(request), request.lang),
      };
    },
  );

  app.patch(
    '/categories/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: categoryTags,
        summary:
          'Renames, hides or shows, or moves a category under another parent (never under itself or its own, at most 3 levels)',
        params: IdParams,
        body: CategoryPatch,
        response: { 200: dataOf(AdminCategory), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await categories.updateCategory(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.post(
    '/categories/order',
    adminRoute('catalogue.write', {
      schema: {
        tags: categoryTags,
        summary: "Puts one parent's children in the order given (each of them once)",
        body: CategoryOrderBody,
        response: { 200: dataOf(z.array(AdminCategory)), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await categories.orderCategories(app.db, request.body, actorOf(request), request.lang),
    }),
  );

  app.delete(
    '/categories/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: categoryTags,
        summary: 'Deletes an empty category; one with subcategories or products is a 409',
        params: IdParams,
        response: { ...deleted, ...deleteErrors },
      },
    }),
    async (request, reply) => {
      await categories.deleteCategory(app.db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  // ---- brands, tags, colours ----
  const brandsTags = ['back office: brands'];

  app.get(
    '/brands',
    read(
      brandsTags,
      'Every one of the brands, with how many products use each',
      dataOf(z.array(AdminBrand)),
    ),
    async () => ({ data: await dictionaries.listAdminBrands(app.db) }),
  );

  app.post(
    '/brands',
    adminRoute('catalogue.write', {
      schema: {
        tags: brandsTags,
        summary: 'Creates one of the brands',
        body: BrandBody,
        response: { 201: dataOf(AdminBrand), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await dictionaries.saveBrand(
          app.db,
          undefined,
          request.body,
          actorOf(request),
          request.lang,
        ),
      };
    },
  );

  app.patch(
    '/brands/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: brandsTags,
        summary: 'Changes one of the brands',
        params: IdParams,
        body: BrandBody,
        response: { 200: dataOf(AdminBrand), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await dictionaries.saveBrand(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.delete(
    '/brands/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: brandsTags,
        summary:
          'Deletes one of the brands that no product uses; otherwise a 409 naming how many do',
        params: IdParams,
        response: { ...deleted, ...deleteErrors },
      },
    }),
    async (request, reply) => {
      await dictionaries.deleteBrand(app.db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  const tagsTags = ['back office: tags'];

  app.get(
    '/tags',
    read(
      tagsTags,
      'Every one of the tags, with how many products use each',
      dataOf(z.array(AdminTag)),
    ),
    async () => ({ data: await dictionaries.listAdminTags(app.db) }),
  );

  app.post(
    '/tags',
    adminRoute('catalogue.write', {
      schema: {
        tags: tagsTags,
        summary: 'Creates one of the tags',
        body: TagBody,
        response: { 201: dataOf(AdminTag), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await dictionaries.saveTag(app.db, undefined, request.body, actorOf(request)),
      };
    },
  );

  app.patch(
    '/tags/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: tagsTags,
        summary: 'Changes one of the tags',
        params: IdParams,
        body: TagBody,
        response: { 200: dataOf(AdminTag), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await dictionaries.saveTag(app.db, request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/tags/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: tagsTags,
        summary: 'Deletes one of the tags that no product uses; otherwise a 409 naming how many do',
        params: IdParams,
        response: { ...deleted, ...deleteErrors },
      },
    }),
    async (request, reply) => {
      await dictionaries.deleteTag(app.db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  const coloursTags = ['back office: colours'];

  app.get(
    '/colors',
    read(
      coloursTags,
      'Every one of the colours, with how many products use each',
      dataOf(z.array(AdminColor)),
    ),
    async () => ({ data: await dictionaries.listAdminColors(app.db) }),
  );

  app.post(
    '/colors',
    adminRoute('catalogue.write', {
      schema: {
        tags: coloursTags,
        summary: 'Creates one of the colours',
        body: ColorBody,
        response: { 201: dataOf(AdminColor), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await dictionaries.saveColor(
          app.db,
          undefined,
          request.body,
          actorOf(request),
          request.lang,
        ),
      };
    },
  );

  app.patch(
    '/colors/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: coloursTags,
        summary: 'Changes one of the colours',
        params: IdParams,
        body: ColorBody,
        response: { 200: dataOf(AdminColor), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await dictionaries.saveColor(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.delete(
    '/colors/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: coloursTags,
        summary:
          'Deletes one of the colours that no product uses; otherwise a 409 naming how many do',
        params: IdParams,
        response: { ...deleted, ...deleteErrors },
      },
    }),
    async (request, reply) => {
      await dictionaries.deleteColor(app.db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  // ---- attributes and their values ----
  const attributeTags = ['back office: attributes'];

  app.get(
    '/attributes',
    read(
      attributeTags,
      'Every attribute with its values in order, and how many products use each',
      dataOf(z.array(AdminAttribute)),
    ),
    async () => ({ data: await dictionaries.listAdminAttributes(app.db) }),
  );

  app.post(
    '/attributes',
    adminRoute('catalogue.write', {
      schema: {
        tags: attributeTags,
        summary: 'Creates an attribute (its values are added one by one)',
        body: AttributeBody,
        response: { 201: dataOf(AdminAttribute), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await dictionaries.saveAttribute(
          app.db,
          undefined,
          request.body,
          actorOf(request),
          request.lang,
        ),
      };
    },
  );

  app.patch(
    '/attributes/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: attributeTags,
        summary: "Changes an attribute's names and slug",
        params: IdParams,
        body: AttributeBody,
        response: { 200: dataOf(AdminAttribute), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await dictionaries.saveAttribute(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.delete(
    '/attributes/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: attributeTags,
        summary: 'Deletes an attribute and its values when no product has any of them',
        params: IdParams,
        response: { ...deleted, ...deleteErrors },
      },
    }),
    async (request, reply) => {
      await dictionaries.deleteAttribute(app.db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/attributes/:id/values',
    adminRoute('catalogue.write', {
      schema: {
        tags: attributeTags,
        summary: 'Adds a value to an attribute (last unless a position is given)',
        params: IdParams,
        body: AttributeValueBody,
        response: { 201: dataOf(AdminAttribute), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await dictionaries.saveAttributeValue(
          app.db,
          request.params.id,
          undefined,
          request.body,
          actorOf(request),
        ),
      };
    },
  );

  app.patch(
    '/attributes/:id/values/:valueId',
    adminRoute('catalogue.write', {
      schema: {
        tags: attributeTags,
        summary: "Changes a value's texts or position",
        params: AttributeValueParams,
        body: AttributeValueBody,
        response: { 200: dataOf(AdminAttribute), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await dictionaries.saveAttributeValue(
        app.db,
        request.params.id,
        request.params.valueId,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/attributes/:id/values/:valueId',
    adminRoute('catalogue.write', {
      schema: {
        tags: attributeTags,
        summary: 'Deletes a value no product has; otherwise a 409 naming how many do',
        params: AttributeValueParams,
        response: { 200: dataOf(AdminAttribute), ...deleteErrors },
      },
    }),
    async (request) => ({
      data: await dictionaries.deleteAttributeValue(
        app.db,
        request.params.id,
        request.params.valueId,
        actorOf(request),
      ),
    }),
  );

  // ---- collections ----
  const collectionTags = ['back office: collections'];

  app.get(
    '/product-collections',
    read(
      collectionTags,
      'Every collection, shown or not, in the home page order; by rule or chosen by hand',
      dataOf(z.array(AdminCollection)),
    ),
    async () => ({ data: await collections.listAdminCollections(app.db) }),
  );

  app.post(
    '/product-collections',
    adminRoute('catalogue.write', {
      schema: {
        tags: collectionTags,
        summary: 'Creates a collection: chosen by hand (rule null) or by a rule',
        body: CollectionBody,
        response: { 201: dataOf(AdminCollection), ...writeErrors },
      },
    }),
    async (request, reply) => {
      reply.code(201);
      return {
        data: await collections.createCollection(
          app.db,
          request.body,
          actorOf(request),
          request.lang,
        ),
      };
    },
  );

  app.patch(
    '/product-collections/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: collectionTags,
        summary: "Changes a collection's names, picture, place, visibility or rule",
        params: IdParams,
        body: CollectionPatch,
        response: { 200: dataOf(AdminCollection), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await collections.updateCollection(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.delete(
    '/product-collections/:id',
    adminRoute('catalogue.write', {
      schema: {
        tags: collectionTags,
        summary: 'Deletes a collection (its products stay as they are)',
        params: IdParams,
        response: { ...deleted, ...errors, 404: ErrorBody },
      },
    }),
    async (request, reply) => {
      await collections.deleteCollection(app.db, request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/product-collections/:id/products',
    adminRoute('catalogue.read', {
      schema: {
        tags: collectionTags,
        summary:
          'The products of a collection: chosen by hand in their order (hidden ones too), or what its rule finds now',
        params: IdParams,
        response: { 200: dataOf(z.array(PickedProduct)), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      data: await collections.collectionProductList(app.db, request.params.id),
    }),
  );

  app.post(
    '/product-collections/:id/products',
    adminRoute('catalogue.write', {
      schema: {
        tags: collectionTags,
        summary:
          'Sets the products of a collection chosen by hand, in order: adding, removing and reordering at once',
        params: IdParams,
        body: CollectionProductsBody,
        response: { 200: dataOf(z.array(PickedProduct)), ...writeErrors },
      },
    }),
    async (request) => ({
      data: await collections.setCollectionProducts(
        app.db,
        request.params.id,
        request.body.product_ids,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.get(
    '/product-collections/picker',
    adminRoute('catalogue.read', {
      schema: {
        tags: collectionTags,
        summary: 'Products to add to a collection, by words of the name or the code (20 at most)',
        querystring: ProductPickerQuery,
        response: { 200: dataOf(z.array(PickedProduct)), ...errors },
      },
    }),
    async (request) => ({ data: await collections.pickProducts(app.db, request.query.q) }),
  );
};
