import {
  AlertBody,
  AlertParams,
  dataOf,
  ErrorBody,
  IdParams,
  MessageBody,
  NotificationPage,
  NotificationSettings,
  NotificationSettingsBody,
  NotificationsQuery,
  ProductAlert,
  ProductAlertCounts,
  ProductIdParams,
  UnreadCount,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { adminRoute } from '../../plugins/staff-auth.ts';
import * as alerts from './alerts.ts';
import * as centre from './centre.ts';

const errors = { 400: ErrorBody, 401: ErrorBody };
const MESSAGES = {
  read: { uz: "O'qildi", ru: 'Прочитано' },
  allRead: { uz: "Hammasi o'qildi", ru: 'Все прочитаны' },
  cancelled: { uz: 'Obuna bekor qilindi', ru: 'Подписка отменена' },
} as const;

/** The notification centre, its settings and the customer's alerts (docs/notifications.md). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/clients/notifications',
    customerRoute({
      schema: {
        tags,
        summary: 'What the shop told the customer: unread first, then newest first',
        querystring: NotificationsQuery,
        response: { 200: NotificationPage, ...errors },
      },
    }),
    (request) =>
      centre.listNotifications(
        app.db,
        customerOf(request).id,
        request.query.page,
        request.query.per_page,
        request.lang,
      ),
  );

  app.get(
    '/clients/notifications/unread',
    customerRoute({
      schema: {
        tags,
        summary: "How many notices are unread (the header's badge)",
        response: { 200: dataOf(UnreadCount), ...errors },
      },
    }),
    async (request) => ({
      data: { unread: await centre.countUnread(app.db, customerOf(request).id) },
    }),
  );

  app.post(
    '/clients/notifications/read-all',
    customerRoute({
      schema: {
        tags,
        summary: 'Marks every notice read',
        response: { 200: MessageBody, ...errors },
      },
    }),
    async (request) => {
      await centre.markAllRead(app.db, customerOf(request).id);
      return { message: MESSAGES.allRead[request.lang] };
    },
  );

  app.post(
    '/clients/notifications/:id/read',
    customerRoute({
      schema: {
        tags,
        summary: 'Marks one notice read (again: nothing changes)',
        params: IdParams,
        response: { 200: MessageBody, ...errors, 404: ErrorBody },
      },
    }),
    async (request) => {
      await centre.markRead(app.db, customerOf(request).id, request.params.id);
      return { message: MESSAGES.read[request.lang] };
    },
  );

  app.get(
    '/clients/notification-settings',
    customerRoute({
      schema: {
        tags,
        summary: 'The channels chosen per topic, whether Telegram is linked and a credit is open',
        response: { 200: dataOf(NotificationSettings), ...errors },
      },
    }),
    async (request) => ({ data: await centre.getSettings(app.db, customerOf(request).id) }),
  );

  app.put(
    '/clients/notification-settings',
    customerRoute({
      schema: {
        tags,
        summary:
          'Saves the channels of the topics sent; payments need SMS or Telegram while a credit is open (422)',
        body: NotificationSettingsBody,
        response: { 200: dataOf(NotificationSettings), ...errors, 422: ErrorBody },
      },
    }),
    async (request) => ({
      data: await centre.saveSettings(app.db, customerOf(request).id, request.body),
    }),
  );

  app.get(
    '/clients/alerts',
    customerRoute({
      schema: {
        tags,
        summary: "The customer's waiting alerts, of one product when asked",
        querystring: z.object({ product_id: ProductIdParams.shape.productId.optional() }),
        response: { 200: dataOf(z.array(ProductAlert)), ...errors },
      },
    }),
    async (request) => ({
      data: await alerts.listAlerts(app.db, customerOf(request).id, request.query.product_id),
    }),
  );

  app.post(
    '/clients/alerts/:productId',
    customerRoute({
      schema: {
        tags,
        summary:
          'Tell me when it is back (a sold-out product) or cheaper (optionally at or below a sum)',
        params: ProductIdParams,
        body: AlertBody,
        response: {
          200: dataOf(ProductAlert),
          ...errors,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    }),
    async (request) => ({
      data: await alerts.subscribe(
        app.db,
        customerOf(request).id,
        request.params.productId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/clients/alerts/:productId/:kind',
    customerRoute({
      schema: {
        tags,
        summary: 'Cancels a waiting alert',
        params: AlertParams,
        response: { 200: MessageBody, ...errors, 404: ErrorBody },
      },
    }),
    async (request) => {
      const { productId, kind } = request.params;
      await alerts.cancel(app.db, customerOf(request).id, productId, kind);
      return { message: MESSAGES.cancelled[request.lang] };
    },
  );
};

/** The back office: how many customers wait for a product (to know what to restock). */
export const adminAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/alerts',
    adminRoute('catalogue.read', {
      schema: {
        tags: ['back office: products'],
        summary: 'Customers waiting for the product to come back or get cheaper',
        params: IdParams,
        response: { 200: dataOf(ProductAlertCounts), ...errors, 403: ErrorBody },
      },
    }),
    async (request) => ({ data: await alerts.countWaiting(app.db, request.params.id) }),
  );
};
