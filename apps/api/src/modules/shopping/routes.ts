import {
  AddedFavorite,
  BasketCheckBody,
  BasketDeleteBody,
  BasketInfo,
  BasketLine,
  BasketMergeBody,
  BasketSetBody,
  DeletedBasketLines,
  dataOf,
  ErrorBody,
  FavoritesMergeBody,
  IdParams,
  MessageBody,
  ProductIdParams,
  ProductSummary,
  SavedBasketLine,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import * as service from './service.ts';

const MESSAGES = {
  favoriteAdded: { uz: "Sevimlilarga qo'shildi", ru: 'Добавлено в избранное' },
  favoriteRemoved: { uz: "Sevimlilardan o'chirildi", ru: 'Удалено из избранного' },
  basketSet: { uz: "Savatga qo'shildi", ru: 'Добавлено в корзину' },
  basketDeleted: { uz: "Savatdan o'chirildi", ru: 'Удалено из корзины' },
  basketChecked: { uz: 'Saqlandi', ru: 'Сохранено' },
} as const;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** A signed-in customer's favorites and basket (DESIGN §2); every row is the caller's own. */
export const shoppingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/favorites',
    customerRoute({
      schema: {
        tags: ['favorites'],
        summary: 'The wish list, newest first',
        response: { 200: dataOf(z.array(ProductSummary)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.listFavorites(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/favorites/merge',
    customerRoute({
      schema: {
        tags: ['favorites'],
        summary: 'Adds a wish list kept before sign-in; unknown products are skipped',
        body: FavoritesMergeBody,
        response: { 200: dataOf(z.array(ProductSummary)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.mergeFavorites(
        app.db,
        customerOf(request).id,
        request.body.product_ids,
        request.lang,
      ),
    }),
  );

  app.post(
    '/favorites/:productId',
    customerRoute({
      schema: {
        tags: ['favorites'],
        summary: 'Adds a product to the wish list (idempotent)',
        params: ProductIdParams,
        response: { 200: AddedFavorite, ...errors },
      },
    }),
    async (request) => {
      await service.addFavorite(app.db, customerOf(request).id, request.params.productId);
      return {
        message: MESSAGES.favoriteAdded[request.lang],
        data: { product_id: request.params.productId },
      };
    },
  );

  app.delete(
    '/favorites/:productId',
    customerRoute({
      schema: {
        tags: ['favorites'],
        summary: 'Removes a product from the wish list',
        params: ProductIdParams,
        response: { 200: MessageBody, ...errors },
      },
    }),
    async (request) => {
      await service.removeFavorite(app.db, customerOf(request).id, request.params.productId);
      return { message: MESSAGES.favoriteRemoved[request.lang] };
    },
  );

  app.get(
    '/baskets',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary: 'The basket lines in the order they were added',
        response: { 200: dataOf(z.array(BasketLine)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.listBasket(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/baskets',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary: "Sets a product's count (1–99), adding the line when missing",
        body: BasketSetBody,
        response: { 200: SavedBasketLine, ...errors, 422: ErrorBody },
      },
    }),
    async (request) => ({
      message: MESSAGES.basketSet[request.lang],
      data: await service.setBasketCount(
        app.db,
        customerOf(request).id,
        {
          productId: request.body.product_id,
          count: request.body.count,
          checked: request.body.checked,
        },
        request.lang,
      ),
    }),
  );

  app.post(
    '/baskets/merge',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary:
          'Adds a basket kept before sign-in: the larger count wins; unknown products skipped',
        body: BasketMergeBody,
        response: { 200: dataOf(z.array(BasketLine)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.mergeBasket(
        app.db,
        customerOf(request).id,
        request.body.items,
        request.lang,
      ),
    }),
  );

  app.patch(
    '/baskets/checked',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary: 'Marks lines to order or not',
        body: BasketCheckBody,
        response: { 200: MessageBody, ...errors },
      },
    }),
    async (request) => {
      await service.checkBasketLines(
        app.db,
        customerOf(request).id,
        request.body.ids,
        request.body.checked,
      );
      return { message: MESSAGES.basketChecked[request.lang] };
    },
  );

  app.get(
    '/baskets/info',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary: 'Totals of the checked lines and their monthly payment',
        response: { 200: dataOf(BasketInfo), ...errors },
      },
    }),
    async (request) => ({ data: await service.basketInfo(app.db, customerOf(request).id) }),
  );

  app.delete(
    '/baskets/:id',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary: 'Deletes one basket line',
        params: IdParams,
        response: { 200: MessageBody, ...errors },
      },
    }),
    async (request) => {
      await service.deleteBasketLine(app.db, customerOf(request).id, request.params.id);
      return { message: MESSAGES.basketDeleted[request.lang] };
    },
  );

  app.delete(
    '/baskets',
    customerRoute({
      schema: {
        tags: ['basket'],
        summary: 'Deletes the marked lines',
        body: BasketDeleteBody,
        response: { 200: DeletedBasketLines, ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.basketDeleted[request.lang],
      data: {
        deleted: await service.deleteBasketLines(app.db, customerOf(request).id, request.body.ids),
      },
    }),
  );
};
