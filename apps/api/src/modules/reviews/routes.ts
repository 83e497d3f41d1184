import {
  AdminReview,
  AdminReviewsQuery,
  AnswerReviewBody,
  dataOf,
  ErrorBody,
  IdParams,
  MAX_PICTURE_BYTES,
  MyReviews,
  messageOf,
  NewReviewBody,
  OwnReview,
  ProductReviews,
  ProductReviewsQuery,
  pagedOf,
  RejectReviewBody,
  ReviewBody,
  ReviewPhoto,
  ReviewSettings,
} from '@bozor/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { limitByCustomer } from '../../plugins/limits.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { readUpload, uploadPicture } from '../pictures/index.ts';
import * as service from './service.ts';

const MESSAGES = {
  written: {
    uz: "Rahmat! Sharhingiz tekshiruvdan so'ng e'lon qilinadi",
    ru: 'Спасибо! Отзыв появится после проверки',
  },
  published: { uz: "Rahmat! Sharhingiz e'lon qilindi", ru: 'Спасибо! Отзыв опубликован' },
  photo: { uz: 'Rasm yuklandi', ru: 'Фото загружено' },
  helpful: { uz: 'Foydali deb belgilandi', ru: 'Отмечено как полезное' },
  approved: { uz: "Sharh e'lon qilindi", ru: 'Отзыв опубликован' },
  rejected: {
    uz: 'Sharh rad etildi, muallif sababini ko‘radi',
    ru: 'Отзыв отклонён, автор увидит причину',
  },
  answered: { uz: 'Javob saqlandi', ru: 'Ответ сохранён' },
  settings: { uz: 'Sozlama saqlandi', ru: 'Настройка сохранена' },
} as const;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const ReviewIdParams = IdParams;

/** Reviews from people who bought: the product page's list, a customer's own, and writing one. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, storage: app.storage };

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A product's stored sums (average, count per star), its buyers' photos and a page of its published reviews, newest or most helpful first, by stars or with photos only",
        params: IdParams,
        querystring: ProductReviewsQuery,
        response: { 200: ProductReviews, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => service.productReviews(app.db, request.params.id, request.query),
  );

  app.get(
    '/products/:id/reviews/marked',
    customerRoute({
      schema: {
        tags: ['reviews'],
        summary: "The product's reviews the signed-in customer marked helpful",
        params: IdParams,
        response: { 200: dataOf(z.array(z.number().int())), 400: ErrorBody, 401: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.markedBy(app.db, customerOf(request).id, request.params.id),
    }),
  );

  app.get(
    '/reviews/mine',
    customerRoute({
      schema: {
        tags: ['reviews'],
        summary:
          "The customer's reviews with their state (pending, published, rejected and why), and the delivered items still to rate",
        response: { 200: dataOf(MyReviews), 401: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.myReviews(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/reviews',
    customerRoute({
      schema: {
        tags: ['reviews'],
        summary:
          'Rates an item of a delivered order (once per item): 1–5 stars, pros, cons, comment, up to 5 photos uploaded first',
        body: NewReviewBody,
        response: { 201: messageOf(OwnReview), ...errors, 429: ErrorBody },
      },
      preHandler: limitByCustomer(app, { name: 'review', max: 30, timeWindow: '1 hour' }),
    }),
    async (request, reply) => {
      const data = await service.writeReview(
        deps,
        customerOf(request).id,
        request.body,
        request.lang,
      );
      const message = data.status === 'published' ? MESSAGES.published : MESSAGES.written;
      return reply.code(201).send({ message: message[request.lang], data });
    },
  );

  app.put(
    '/reviews/:id',
    customerRoute({
      schema: {
        tags: ['reviews'],
        summary: `Changes the customer's review while its edit window is open; it is checked again`,
        params: ReviewIdParams,
        body: ReviewBody,
        response: { 200: messageOf(OwnReview), ...errors, 429: ErrorBody },
      },
      preHandler: limitByCustomer(app, { name: 'review', max: 30, timeWindow: '1 hour' }),
    }),
    async (request) => {
      const data = await service.changeReview(
        deps,
        customerOf(request).id,
        request.params.id,
        request.body,
        request.lang,
      );
      const message = data.status === 'published' ? MESSAGES.published : MESSAGES.written;
      return { message: message[request.lang], data };
    },
  );

  app.post(
    '/reviews/:id/helpful',
    customerRoute({
      schema: {
        tags: ['reviews'],
        summary: 'Marks a published review helpful, once per customer (not their own)',
        params: ReviewIdParams,
        response: {
          200: messageOf(z.object({ helpful: z.number().int() })),
          ...errors,
          429: ErrorBody,
        },
      },
      preHandler: limitByCustomer(app, { name: 'review-helpful', max: 200, timeWindow: '1 hour' }),
    }),
    async (request) => ({
      message: MESSAGES.helpful[request.lang],
      data: await service.markHelpful(app.db, customerOf(request).id, request.params.id),
    }),
  );

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 2, parts: 3 },
    });
    uploads.post(
      '/reviews/photos',
      customerRoute({
        schema: {
          tags: ['reviews'],
          summary:
            "Uploads a review's photo (multipart field `file`: JPEG, PNG or WebP, ≤ 10 MB): stored as WebP and AVIF without its metadata; answers its path",
          consumes: ['multipart/form-data'],
          response: {
            200: messageOf(ReviewPhoto),
            400: ErrorBody,
            401: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
        preHandler: limitByCustomer(uploads, {
          name: 'review-photo',
          max: 60,
          timeWindow: '1 hour',
        }),
      }),
      async (request) => {
        const bytes = await readUpload(request);
        const picture = await uploadPicture(deps, null, { bytes, kind: 'product' });
        return { message: MESSAGES.photo[request.lang], data: { path: picture.path } };
      },
    );
  });
};

/** Moderation in the back office: the queue, approving, rejecting with a reason, answering. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office: reviews'];
  const adminErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/reviews',
    adminRoute('reviews.moderate', {
      schema: {
        tags,
        summary: 'Reviews in one state: the pending oldest first, the others newest first',
        querystring: AdminReviewsQuery,
        response: { 200: pagedOf(AdminReview), ...adminErrors },
      },
    }),
    async (request) =>
      service.moderationQueue(
        app.db,
        request.query.status,
        request.query.page,
        request.query.per_page,
        request.lang,
      ),
  );

  app.post(
    '/reviews/:id/approve',
    adminRoute('reviews.moderate', {
      schema: {
        tags,
        summary: "Publishes a review: the product's sums, the cache and search follow",
        params: IdParams,
        response: { 200: messageOf(AdminReview), ...adminErrors, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: MESSAGES.approved[request.lang],
      data: await service.approveReview(app.db, actorOf(request), request.params.id, request.lang),
    }),
  );

  app.post(
    '/reviews/:id/reject',
    adminRoute('reviews.moderate', {
      schema: {
        tags,
        summary: 'Rejects a review with a reason its author sees',
        params: IdParams,
        body: RejectReviewBody,
        response: { 200: messageOf(AdminReview), ...adminErrors, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: MESSAGES.rejected[request.lang],
      data: await service.rejectReview(
        { db: app.db, sms: app.sms, log: app.log },
        actorOf(request),
        request.params.id,
        request.body.reason,
        request.lang,
      ),
    }),
  );

  app.patch(
    '/reviews/:id/answer',
    adminRoute('reviews.moderate', {
      schema: {
        tags,
        summary: 'Answers a review as the shop (an empty text takes the answer down)',
        params: IdParams,
        body: AnswerReviewBody,
        response: { 200: messageOf(AdminReview), ...adminErrors },
      },
    }),
    async (request) => ({
      message: MESSAGES.answered[request.lang],
      data: await service.answerReview(
        app.db,
        actorOf(request),
        request.params.id,
        request.body.text,
        request.lang,
      ),
    }),
  );

  app.get(
    '/reviews/settings',
    adminRoute('reviews.moderate', {
      schema: {
        tags,
        summary: 'Whether reviews are published without waiting for moderation',
        response: { 200: dataOf(ReviewSettings), 401: ErrorBody, 403: ErrorBody },
      },
    }),
    async () => ({ data: await service.reviewSettings(app.db) }),
  );

  app.patch(
    '/reviews/settings',
    adminRoute('reviews.moderate', {
      schema: {
        tags,
        summary: 'Publishes reviews at once, or has them wait for moderation (audited)',
        body: ReviewSettings,
        response: {
          200: messageOf(ReviewSettings),
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
        },
      },
    }),
    async (request) => ({
      message: MESSAGES.settings[request.lang],
      data: await service.setReviewSettings(app.db, actorOf(request), request.body.publish_at_once),
    }),
  );
};
