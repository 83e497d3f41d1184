import {
  CreditLimit,
  dataOf,
  ErrorBody,
  Guarantor,
  GuarantorBody,
  IdParams,
  MAX_FACE_IMAGE_BYTES,
  MessageBody,
  messageOf,
  PersonalDetailsBody,
  RelativeType,
  ScoringCardBody,
  ScoringDecision,
  ScoringState,
} from '@bozor/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { limitByCustomer } from '../../plugins/limits.ts';
import { detectImageType } from '../../providers/identity/index.ts';
import * as service from './service.ts';

const MESSAGES = {
  personal: { uz: "Ma'lumotlar saqlandi", ru: 'Данные сохранены' },
  face: { uz: 'Shaxsingiz tasdiqlandi', ru: 'Личность подтверждена' },
  card: { uz: 'Karta tanlandi', ru: 'Карта выбрана' },
  guarantorAdded: { uz: "Ishonchli shaxs qo'shildi", ru: 'Контактное лицо добавлено' },
  guarantorDeleted: { uz: "Ishonchli shaxs o'chirildi", ru: 'Контактное лицо удалено' },
} as const;

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

/** The face image of a multipart request, judged by its bytes; a clear 4xx for anything else. */
async function readFaceImage(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('IMAGE_MISSING', 400);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch {
    throw new AppError('IMAGE_MISSING', 400);
  }
  if (file?.fieldname !== 'image') throw new AppError('IMAGE_MISSING', 400);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('IMAGE_TOO_LARGE', 413);
    }
    throw new AppError('IMAGE_MISSING', 400);
  }
  // a file cut exactly at the limit ends as if whole but for this flag
  if (file.file.truncated) throw new AppError('IMAGE_TOO_LARGE', 413);
  const mime = detectImageType(bytes);
  if (!mime) throw new AppError('IMAGE_TYPE_INVALID', 400);
  return { bytes: new Uint8Array(bytes), mime };
}

/** The scoring steps (DESIGN §2, §4): details, face, card, contact persons, the decision. */
export const scoringRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FACE_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const deps = () => ({
    db: app.db,
    secret: app.authSecret,
    identity: app.identity,
    gateway: app.cardGateway,
    bureau: app.creditBureau,
    files: app.privateStorage,
    rules: app.scoringRules,
    log: app.log,
  });

  app.post(
    '/clients/add-birthday',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: 'Scoring step 1: passport, PINFL and birth date (they must agree; age 18–70)',
        body: PersonalDetailsBody,
        response: { 200: messageOf(ScoringState), ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.personal[request.lang],
      data: await service.savePersonalDetails(
        deps(),
        customerOf(request).id,
        request.body,
        request.lang,
      ),
    }),
  );

  app.post(
    '/clients/identified',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'face', max: 20, timeWindow: '1 hour' }),
      schema: {
        tags: ['scoring'],
        summary: 'Scoring step 2: the face image (multipart field `image`, JPEG or PNG, ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: messageOf(ScoringState), 413: ErrorBody, ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.face[request.lang],
      data: await service.identifyFace(
        deps(),
        customerOf(request).id,
        await readFaceImage(request),
      ),
    }),
  );

  app.post(
    '/clients/scoring-card',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: 'Scoring step 3: the confirmed card whose turnover scoring reads',
        body: ScoringCardBody,
        response: { 200: messageOf(ScoringState), ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.card[request.lang],
      data: await service.chooseScoringCard(deps(), customerOf(request).id, request.body.card_id),
    }),
  );

  app.get(
    '/clients/relative-types',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: 'Who a contact person may be to the customer',
        response: { 200: dataOf(z.array(RelativeType)), 401: ErrorBody },
      },
    }),
    async (request) => ({ data: await service.listRelativeTypes(app.db, request.lang) }),
  );

  app.get(
    '/clients/guarantors',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: "The customer's contact persons (scoring step 4)",
        response: { 200: dataOf(z.array(Guarantor)), 401: ErrorBody },
      },
    }),
    async (request) => ({
      data: await service.listGuarantors(app.db, customerOf(request).id, request.lang),
    }),
  );

  app.post(
    '/clients/add-guarantor',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: 'Adds a contact person (1 to 3; not the customer’s own phone, no phone twice)',
        body: GuarantorBody,
        response: { 200: messageOf(Guarantor), ...errors },
      },
    }),
    async (request) => ({
      message: MESSAGES.guarantorAdded[request.lang],
      data: await service.addGuarantor(app.db, customerOf(request), request.body, request.lang),
    }),
  );

  app.delete(
    '/clients/guarantor/:id',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: 'Removes one of the customer’s contact persons',
        params: IdParams,
        response: { 200: MessageBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    }),
    async (request) => {
      await service.deleteGuarantor(app.db, customerOf(request).id, request.params.id);
      return { message: MESSAGES.guarantorDeleted[request.lang] };
    },
  );

  app.post(
    '/clients/scoring',
    customerRoute({
      preHandler: limitByCustomer(app, { name: 'scoring', max: 10, timeWindow: '1 hour' }),
      schema: {
        tags: ['scoring'],
        summary: 'Runs the decision once every step is done: a limit, or a reason and a retry date',
        response: { 200: dataOf(ScoringDecision), ...errors },
      },
    }),
    async (request) => ({
      data: await service.runScoring(deps(), customerOf(request).id, request.lang),
    }),
  );

  app.get(
    '/clients/limit',
    customerRoute({
      schema: {
        tags: ['scoring'],
        summary: 'The installment limit, what of it is used and what is available',
        response: { 200: dataOf(CreditLimit), 401: ErrorBody },
      },
    }),
    async (request) => ({ data: await service.creditLimit(app.db, customerOf(request).id) }),
  );
};
