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
  type Lang,
  PickedProduct,
  ProductPickerQuery,
  TagBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import type { Actor } from '../audit/index.ts';
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
          'Renames, hides or shows, recodes (IKPU, package code, unit, VAT) or moves a category under another parent (never under itself or its own, at most 3 levels); with fiscalisation on, a change leaving a product on sale without an IKPU is a 422',
        params: IdParams,
        body: CategoryPatch,
        response: { 200: dataOf(AdminCategory), ...writeErrors, 422: ErrorBody },
      },
    }),
    async (request) => ({
      data: await categories.updateCategory(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
        { requireFiscalCode: app.fiscalRegister !== null },
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

  // ---- brands, tags, colours, attributes: each the same four routes ----
  const dictionary = <Row extends z.ZodType, Body extends z.ZodType>(d: {
    path: string;
    tags: string[];
    row: Row;
    body: Body;
    summaries: { list: string; create: string; update: string; remove: string };
    list: (db: Database) => Promise<z.infer<Row>[]>;
    save: (
      db: Database,
      id: number | undefined,
      body: z.infer<Body>,
      actor: Actor,
      lang: Lang,
    ) => Promise<z.infer<Row>>;
    remove: (db: Database, id: number, actor: Actor) => Promise<void>;
  }) => {
    const write = (summary: string, extra: object) =>
      adminRoute('catalogue.write', { schema: { tags: d.tags, summary, ...extra } });
    app.get(d.path, read(d.tags, d.summaries.list, dataOf(z.array(d.row))), async () => ({
      data: await d.list(app.db),
    }));
    app.post(
      d.path,
      write(d.summaries.create, {
        body: d.body,
        response: { 201: dataOf(d.row), ...writeErrors },
      }),
      async (request, reply) => {
        const body = request.body as z.infer<Body>;
        reply.code(201);
        return { data: await d.save(app.db, undefined, body, actorOf(request), request.lang) };
      },
    );
    app.patch(
      `${d.path}/:id`,
      write(d.summaries.update, {
        params: IdParams,
        body: d.body,
        response: { 200: dataOf(d.row), ...writeErrors },
      }),
      async (request) => {
        const { id } = request.params as z.infer<typeof IdParams>;
        const body = request.body as z.infer<Body>;
        return { data: await d.save(app.db, id, body, actorOf(request), request.lang) };
      },
    );
    app.delete(
      `${d.path}/:id`,
      write(d.summaries.remove, { params: IdParams, response: { ...deleted, ...deleteErrors } }),
      async (request, reply) => {
        await d.remove(app.db, (request.params as z.infer<typeof IdParams>).id, actorOf(request));
        return reply.code(204).send(null);
      },
    );
  };
  /** What a delete of a row in use answers, in each dictionary's words. */
  const refusedInUse = (what: string) =>
    `Deletes one of the ${what} that no product uses; otherwise a 409 naming how many do`;

  dictionary({
    path: '/brands',
    tags: ['back office: brands'],
    row: AdminBrand,
    body: BrandBody,
    summaries: {
      list: 'Every one of the brands, with how many products use each',
      create: 'Creates one of the brands',
      update: 'Changes one of the brands',
      remove: refusedInUse('brands'),
    },
    list: (db) => dictionaries.listAdminBrands(db),
    save: dictionaries.saveBrand,
    remove: dictionaries.deleteBrand,
  });

  dictionary({
    path: '/tags',
    tags: ['back office: tags'],
    row: AdminTag,
    body: TagBody,
    summaries: {
      list: 'Every one of the tags, with how many products use each',
      create: 'Creates one of the tags',
      update: 'Changes one of the tags',
      remove: refusedInUse('tags'),
    },
    list: (db) => dictionaries.listAdminTags(db),
    save: (db, id, body, actor) => dictionaries.saveTag(db, id, body, actor),
    remove: dictionaries.deleteTag,
  });

  dictionary({
    path: '/colors',
    tags: ['back office: colours'],
    row: AdminColor,
    body: ColorBody,
    summaries: {
      list: 'Every one of the colours, with how many products use each',
      create: 'Creates one of the colours',
      update: 'Changes one of the colours',
      remove: refusedInUse('colours'),
    },
    list: (db) => dictionaries.listAdminColors(db),
    save: dictionaries.saveColor,
    remove: dictionaries.deleteColor,
  });

  // ---- attributes and their values ----
  const attributeTags = ['back office: attributes'];

  dictionary({
    path: '/attributes',
    tags: attributeTags,
    row: AdminAttribute,
    body: AttributeBody,
    summaries: {
      list: 'Every attribute with its values in order, and how many products use each',
      create: 'Creates an attribute (its values are added one by one)',
      update: "Changes an attribute's names and slug",
      remove: 'Deletes an attribute and its values when no product has any of them',
    },
    list: (db) => dictionaries.listAdminAttributes(db),
    save: dictionaries.saveAttribute,
    remove: dictionaries.deleteAttribute,
  });

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
