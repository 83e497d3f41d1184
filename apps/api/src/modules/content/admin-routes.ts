import {
  AdminBanner,
  AdminBranch,
  AdminContact,
  AdminPage,
  AdminPageRow,
  AdminPartner,
  AdminPartnerRow,
  AdminPartnersQuery,
  AdminQuestion,
  BannerBody,
  BannerPatch,
  BranchBody,
  BranchPatch,
  ContactKeyParams,
  ContactValueBody,
  dataOf,
  ErrorBody,
  IdParams,
  messageOf,
  NewPageBody,
  PagePatch,
  PageSlugParams,
  PartnerCounts,
  PartnerPatch,
  pagedOf,
  QuestionBody,
  QuestionPatch,
  ReorderBody,
} from '@bozor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import * as banners from './admin-banners.ts';
import * as branches from './admin-branches.ts';
import * as contacts from './admin-contacts.ts';
import * as pages from './admin-pages.ts';
import * as partners from './admin-partners.ts';
import * as questions from './admin-questions.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const missing = { ...errors, 404: ErrorBody };
const reordered = { ...errors, 409: ErrorBody };
const Deleted = z.object({ message: z.string() });

const SAVED = { uz: 'Saqlandi', ru: 'Сохранено' } as const;
const DELETED = { uz: "O'chirildi", ru: 'Удалено' } as const;

/**
 * The shop's content in the back office (issue 23): home banners, text pages, questions,
 * branches and contacts. Reads need the catalogue's read permission, writes 'content.write';
 * every write is audited.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office: content'];
  const now = () => app.clock.now();

  app.get(
    '/banners',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'Every home banner in order, with whether it is shown now',
        response: { 200: dataOf(z.array(AdminBanner)), ...errors },
      },
    }),
    async () => ({ data: await banners.listBanners(app.db, now()) }),
  );

  app.post(
    '/banners',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Adds a banner at the end of the list',
        body: BannerBody,
        response: { 200: messageOf(AdminBanner), ...errors },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await banners.createBanner(app.db, request.body, actorOf(request), now()),
    }),
  );

  app.patch(
    '/banners/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Changes a banner: texts, pictures, link, colour, dates, shown or not',
        params: IdParams,
        body: BannerPatch,
        response: { 200: messageOf(AdminBanner), ...missing },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await banners.updateBanner(app.db, request.params.id, request.body, actorOf(request), {
        now: now(),
        lang: request.lang,
      }),
    }),
  );

  app.delete(
    '/banners/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Removes a banner',
        params: IdParams,
        response: { 200: Deleted, ...missing },
      },
    }),
    async (request) => {
      await banners.deleteBanner(app.db, request.params.id, actorOf(request));
      return { message: DELETED[request.lang] };
    },
  );

  app.post(
    '/banners/order',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Puts the banners in this order (every id once)',
        body: ReorderBody,
        response: { 200: messageOf(z.array(AdminBanner)), ...reordered },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await banners.reorderBanners(app.db, request.body.ids, actorOf(request), now()),
    }),
  );

  app.get(
    '/pages',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'Every text page, drafts too',
        response: { 200: dataOf(z.array(AdminPageRow)), ...errors },
      },
    }),
    async () => ({ data: await pages.listPages(app.db) }),
  );

  app.get(
    '/pages/:slug',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'A text page with its HTML in both languages',
        params: PageSlugParams,
        response: { 200: dataOf(AdminPage), ...missing },
      },
    }),
    async (request) => ({ data: await pages.getPage(app.db, request.params.slug) }),
  );

  app.post(
    '/pages',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Adds a text page (a draft unless published); its HTML is sanitised',
        body: NewPageBody,
        response: { 200: messageOf(AdminPage), ...errors, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await pages.createPage(app.db, request.body, actorOf(request), request.lang),
    }),
  );

  app.patch(
    '/pages/:slug',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Changes a text page: titles, HTML (sanitised), published or draft',
        params: PageSlugParams,
        body: PagePatch,
        response: { 200: messageOf(AdminPage), ...missing },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await pages.updatePage(
        app.db,
        request.params.slug,
        request.body,
        actorOf(request),
        request.lang,
      ),
    }),
  );

  app.get(
    '/questions',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'Every question in order, drafts too',
        response: { 200: dataOf(z.array(AdminQuestion)), ...errors },
      },
    }),
    async () => ({ data: await questions.listQuestions(app.db) }),
  );

  app.post(
    '/questions',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Adds a question at the end of the list',
        body: QuestionBody,
        response: { 200: messageOf(AdminQuestion), ...errors },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await questions.createQuestion(app.db, request.body, actorOf(request)),
    }),
  );

  app.patch(
    '/questions/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Changes a question, its answer, or whether it is published',
        params: IdParams,
        body: QuestionPatch,
        response: { 200: messageOf(AdminQuestion), ...missing },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await questions.updateQuestion(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
      ),
    }),
  );

  app.delete(
    '/questions/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Removes a question',
        params: IdParams,
        response: { 200: Deleted, ...missing },
      },
    }),
    async (request) => {
      await questions.deleteQuestion(app.db, request.params.id, actorOf(request));
      return { message: DELETED[request.lang] };
    },
  );

  app.post(
    '/questions/order',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Puts the questions in this order (every id once)',
        body: ReorderBody,
        response: { 200: messageOf(z.array(AdminQuestion)), ...reordered },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await questions.reorderQuestions(app.db, request.body.ids, actorOf(request)),
    }),
  );

  app.get(
    '/branches',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'Every branch in order, unpublished too',
        response: { 200: dataOf(z.array(AdminBranch)), ...errors },
      },
    }),
    async () => ({ data: await branches.listBranches(app.db) }),
  );

  app.post(
    '/branches',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Adds a branch at the end of the list',
        body: BranchBody,
        response: { 200: messageOf(AdminBranch), ...errors },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await branches.createBranch(app.db, request.body, actorOf(request)),
    }),
  );

  app.patch(
    '/branches/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Changes a branch, or whether it is published',
        params: IdParams,
        body: BranchPatch,
        response: { 200: messageOf(AdminBranch), ...missing },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await branches.updateBranch(app.db, request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/branches/:id',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Removes a branch (orders picked up there keep their address text)',
        params: IdParams,
        response: { 200: Deleted, ...missing },
      },
    }),
    async (request) => {
      await branches.deleteBranch(app.db, request.params.id, actorOf(request));
      return { message: DELETED[request.lang] };
    },
  );

  app.post(
    '/branches/order',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: 'Puts the branches in this order (every id once)',
        body: ReorderBody,
        response: { 200: messageOf(z.array(AdminBranch)), ...reordered },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await branches.reorderBranches(app.db, request.body.ids, actorOf(request)),
    }),
  );

  app.get(
    '/contacts',
    adminRoute('catalogue.read', {
      schema: {
        tags,
        summary: 'The phone, Telegram and insurer contacts (empty when the shop has none)',
        response: { 200: dataOf(z.array(AdminContact)), ...errors },
      },
    }),
    async () => ({ data: await contacts.listContacts(app.db) }),
  );

  app.patch(
    '/contacts/:key',
    adminRoute('content.write', {
      schema: {
        tags,
        summary: "Sets a contact by its key's rule; an empty value removes it",
        params: ContactKeyParams,
        body: ContactValueBody,
        response: { 200: messageOf(AdminContact), ...errors },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await contacts.setContact(
        app.db,
        request.params.key,
        request.body.value,
        actorOf(request),
        request.lang,
      ),
    }),
  );
};

/** Become-a-partner applications in the back office: the inbox and its handling. */
export const adminPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office: partners'];

  app.get(
    '/partners',
    adminRoute('partners.read', {
      schema: {
        tags,
        summary: 'Applications, new first; by status, phone or STIR digits, or store name',
        querystring: AdminPartnersQuery,
        response: { 200: pagedOf(AdminPartnerRow), ...errors },
      },
    }),
    async (request) => partners.listApplications(app.db, request.query),
  );

  app.get(
    '/partners/counts',
    adminRoute('partners.read', {
      schema: {
        tags,
        summary: 'How many applications are new (the navigation badge)',
        response: { 200: dataOf(PartnerCounts), ...errors },
      },
    }),
    async () => ({ data: await partners.countApplications(app.db) }),
  );

  app.get(
    '/partners/:id',
    adminRoute('partners.read', {
      schema: {
        tags,
        summary: 'An application with its status, note, and who handled it when',
        params: IdParams,
        response: { 200: dataOf(AdminPartner), ...missing },
      },
    }),
    async (request) => ({ data: await partners.getApplication(app.db, request.params.id) }),
  );

  app.patch(
    '/partners/:id',
    adminRoute('partners.write', {
      schema: {
        tags,
        summary: 'Moves an application on (new → contacted → accepted / rejected) or notes it',
        params: IdParams,
        body: PartnerPatch,
        response: { 200: messageOf(AdminPartner), ...missing, 409: ErrorBody },
      },
    }),
    async (request) => ({
      message: SAVED[request.lang],
      data: await partners.updateApplication(
        app.db,
        request.params.id,
        request.body,
        actorOf(request),
      ),
    }),
  );
};
