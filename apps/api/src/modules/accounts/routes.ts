import {
  Challenge,
  ClientInfo,
  dataOf,
  ErrorBody,
  MessageBody,
  ResendCodeBody,
  SendCodeBody,
  Session,
  SignInBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf, customerRoute } from '../../plugins/auth.ts';
import { limitBy, limitByIp } from '../../plugins/limits.ts';
import * as service from './service.ts';

/** Code checks one client address may make in 10 minutes, at the least. */
export const SIGN_IN_CHECKS_PER_ADDRESS = 30;

const LOGOUT_MESSAGE = { uz: 'Hisobdan chiqdingiz', ru: 'Вы вышли из аккаунта' } as const;
const authErrors = { 401: ErrorBody };
const codeErrors = { 400: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/** Sign-in by phone and SMS code (DESIGN §2, §5) and the profile. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    sms: app.sms,
    secret: app.authSecret,
    codes: app.signInCodes,
  });

  app.post(
    '/clients/send-code',
    {
      preHandler: [
        limitByIp(app, {
          name: 'send-code-ip',
          max: app.signInCodesPerAddress,
          timeWindow: '1 hour',
        }),
        limitBy(app, {
          name: 'send-code-phone',
          max: 5,
          timeWindow: '1 hour',
          key: (request) => (request.body as { phone: string }).phone,
        }),
      ],
      schema: {
        tags: ['accounts'],
        summary:
          'Sends a 6-digit code by SMS; the token answers the challenge, it is not a session',
        body: SendCodeBody,
        response: { 200: dataOf(Challenge), ...codeErrors },
      },
    },
    async (request) => ({
      data: await service.startSignIn(deps(), {
        phone: request.body.phone,
        lang: request.lang,
        ip: request.ip,
      }),
    }),
  );

  app.post(
    '/clients/resend-code',
    {
      preHandler: limitByIp(app, { name: 'resend-code-ip', max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: ['accounts'],
        summary: 'A new code for the same challenge, not sooner than 60 s after the last one',
        body: ResendCodeBody,
        response: { 200: dataOf(Challenge), ...codeErrors },
      },
    },
    async (request) => ({
      data: await service.resendCode(deps(), { token: request.body.token, lang: request.lang }),
    }),
  );

  app.post(
    '/clients/sign-in',
    {
      // every code sent may be checked: an address allowed more codes is allowed more checks
      preHandler: limitByIp(app, {
        name: 'sign-in-ip',
        max: Math.max(SIGN_IN_CHECKS_PER_ADDRESS, app.signInCodesPerAddress),
        timeWindow: '10 minutes',
      }),
      schema: {
        tags: ['accounts'],
        summary: 'Checks the code (5 tries a challenge) and opens a session',
        body: SignInBody,
        response: { 200: dataOf(Session), ...codeErrors },
      },
    },
    async (request) => ({
      data: await service.completeSignIn(deps(), {
        token: request.body.token,
        code: request.body.code,
        lang: request.lang,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );

  app.get(
    '/clients/info',
    customerRoute({
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in customer',
        response: { 200: dataOf(ClientInfo), ...authErrors },
      },
    }),
    async (request) => ({ data: await service.getClientInfo(app.db, customerOf(request).id) }),
  );

  app.post(
    '/clients/logout',
    customerRoute({
      schema: {
        tags: ['accounts'],
        summary: 'Revokes the session of the bearer token',
        response: { 200: MessageBody, ...authErrors },
      },
    }),
    async (request) => {
      await service.signOut(app.db, customerOf(request).sessionId);
      return { message: LOGOUT_MESSAGE[request.lang] };
    },
  );
};
