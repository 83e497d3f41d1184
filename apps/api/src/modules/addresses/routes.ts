import {
  DeliveryAddress,
  DeliveryAddressBody,
  DeliveryAddressIdParams,
  dataOf,
  ErrorBody,
  MessageBody,
  Place,
  RegionIdParams,
  SavedAddress,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import * as service from './service.ts';

const MESSAGES = {
  added: { uz: 'Manzil saqlandi', ru: 'Адрес сохранён' },
  updated: { uz: "Manzil o'zgartirildi", ru: 'Адрес изменён' },
  chosen: { uz: 'Yetkazib berish manzili tanlandi', ru: 'Адрес доставки выбран' },
  deleted: { uz: "Manzil o'chirildi", ru: 'Адрес удалён' },
} as const;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Regions and districts (public) and a signed-in customer's delivery addresses (DESIGN §2). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/regions',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Regions of Uzbekistan: Tashkent city first, then alphabetical',
        response: { 200: dataOf(z.array(Place)) },
      },
    },
    async (request) => ({ data: await service.listRegions(app.db, request.lang) }),
  );

  app.get(
    '/regions/district/:regionId',
    {
      schema: {
        tags: ['addresses'],
        summary: "A region's districts and district-level cities, alphabetical",
        params: RegionIdParams,
        response: { 200: dataOf(z.array(Place)), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      data: await service.listDistricts(app.db, request.params.regionId, request.lang),
    }),
  );

  app.get(
    '/orders/delivery-addresses',
    customerRoute({
      schema: {
        tags: ['addresses'],
        summary: 'Saved addresses, oldest first: the last one is the current address',
        response: { 200: dataOf(z.array(DeliveryAddress)), ...errors },
      },
    }),
    async (request) => ({
      data: await service.listAddresses(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/orders/delivery-addresses',
    customerRoute({
      schema: {
        tags: ['addresses'],
        summary: 'Saves an address, which becomes the current one (at most 20 are kept)',
        body: DeliveryAddressBody,
        response: { 201: SavedAddress, ...errors, 422: ErrorBody },
      },
    }),
    async (request, reply) => {
      const data = await service.addAddress(
        app.db,
        customerOf(request).id,
        request.body,
        request.lang,
      );
      return reply.code(201).send({ message: MESSAGES.added[request.lang], data });
    },
  );

  app.put(
    '/orders/delivery-addresses/:id',
    customerRoute({
      schema: {
        tags: ['addresses'],
        summary: 'Corrects an address; it keeps its place in the list',
        params: DeliveryAddressIdParams,
        body: DeliveryAddressBody,
        response: { 200: SavedAddress, ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.updated[request.lang],
      data: await service.updateAddress(
        app.db,
        customerOf(request).id,
        request.params.id,
        request.body,
        request.lang,
      ),
    }),
  );

  app.put(
    '/orders/delivery-addresses/:id/current',
    customerRoute({
      schema: {
        tags: ['addresses'],
        summary: 'Makes a saved address the current one: it moves to the end of the list',
        params: DeliveryAddressIdParams,
        response: { 200: SavedAddress, ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.chosen[request.lang],
      data: await service.chooseAddress(
        app.db,
        customerOf(request).id,
        request.params.id,
        request.lang,
      ),
    }),
  );

  app.delete(
    '/orders/delivery-addresses/:id',
    customerRoute({
      schema: {
        tags: ['addresses'],
        summary: 'Deletes an address; the one chosen before it becomes current',
        params: DeliveryAddressIdParams,
        response: { 200: MessageBody, ...errors },
      },
    }),
    async (request) => {
      await service.deleteAddress(app.db, customerOf(request).id, request.params.id);
      return { message: MESSAGES.deleted[request.lang] };
    },
  );
};
