import {
  AdminDeliveryRate,
  DeliveryQuote,
  DeliveryQuoteQuery,
  DeliveryRateBody,
  DistrictRateBody,
  dataOf,
  ErrorBody,
  IdParams,
  messageOf,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as service from './service.ts';

const SAVED = { uz: 'Saqlandi', ru: 'Сохранено' } as const;
const DELETED = {
  uz: "O'chirildi: tuman endi viloyat narxida",
  ru: 'Удалено: район теперь по тарифу региона',
} as const;

/**
 * The storefront's delivery quote (DESIGN §6c). Not in the response cache: its day moves with the
 * hour, and staff's change of a rate shows in the next quote.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery/quote',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'What delivery of a basket costs and the day it is promised for: a courier to a region (and district), or pick-up; a basket holding bulky goods by the bulky terms',
        querystring: DeliveryQuoteQuery,
        response: { 200: dataOf(DeliveryQuote), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const to: service.Destination =
        q.type === 'pickup' || q.region_id === undefined
          ? { type: 'pickup' }
          : { type: 'courier', regionId: q.region_id, districtId: q.district_id ?? null };
      reply.header('cache-control', 'no-cache');
      const basket = { sum: q.sum, sizeClass: q.size_class };
      return { data: await service.quote(app.db, to, basket, app.clock.now(), request.lang) };
    },
  );
};

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['back office: delivery'];

/** Delivery rates in the back office: read with the catalogue, changed with the content. */
export const adminDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery-rates',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'Pick-up, every region, and the districts with rates of their own',
        response: { 200: dataOf(z.array(AdminDeliveryRate)), ...errors },
      },
    }),
    async (request) => ({ data: await service.listRates(app.db, request.lang) }),
  );

  app.post(
    '/delivery-rates',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: "Gives a district a rate of its own, in place of its region's",
        body: DistrictRateBody,
        response: { 200: messageOf(AdminDeliveryRate), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await service.addDistrictRate(app.db, request.body, actorOf(request), request.lang),
    }),
  );

  app.patch(
    '/delivery-rates/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary:
          "Changes a rate's price, free threshold, days, cut-off hour, and bulky goods' fee and extra days",
        params: IdParams,
        body: DeliveryRateBody,
        response: { 200: messageOf(AdminDeliveryRate), ...errors, 404: ErrorBody },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await service.updateRate(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.delete(
    '/delivery-rates/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: "Removes a district's own rate: the district goes back to its region's",
        params: IdParams,
        response: {
          200: z.object({ message: z.string() }),
          ...errors,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    }),
    async (request) => {
      await service.deleteRate(app.db, request.params.id, actorOf(request));
      return { message: DELETED[request.lang] };
    },
  );
};
