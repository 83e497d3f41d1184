import {
  can,
  ErrorBody,
  MAX_PICTURE_BYTES,
  messageOf,
  type Permission,
  type PictureKind,
  PictureUploadQuery,
  UploadedPicture,
} from '@bozor/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { actorOf, adminRoute } from '../../plugins/staff-auth.ts';
import { uploadPicture } from './service.ts';

/** Who may upload a picture of each kind: the catalogue's writers, or the content's (banners). */
export const PICTURE_PERMISSIONS: Record<PictureKind, Permission> = {
  product: 'catalogue.write',
  brand: 'catalogue.write',
  category: 'catalogue.write',
  collection: 'catalogue.write',
  banner: 'content.write',
  banner_mobile: 'content.write',
};

const UPLOADED = { uz: 'Rasm yuklandi', ru: 'Картинка загружена' } as const;

/** The one file of a multipart request (field `file`), read whole; a clear 4xx otherwise. */
export async function readUpload(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new AppError('PICTURE_MISSING', 400);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch {
    throw new AppError('PICTURE_MISSING', 400);
  }
  if (file?.fieldname !== 'file') throw new AppError('PICTURE_MISSING', 400);
  try {
    const bytes = await file.toBuffer();
    // toBuffer throws only when a piece arrives past the limit: a file cut exactly at the limit,
    // the rest dropped before it was handed on, ends as if whole but for this flag
    if (file.file.truncated) throw new AppError('PICTURE_TOO_LARGE', 413);
    return new Uint8Array(bytes);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PICTURE_TOO_LARGE', 413);
    }
    throw new AppError('PICTURE_MISSING', 400);
  }
}

/** Uploading the shop's pictures (products, banners, brands, categories, collections). */
export const adminPictureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 2, parts: 3 },
  });

  const route = adminRoute('catalogue.write', {
    schema: {
      tags: ['back office: pictures'],
      summary:
        'Uploads a picture (multipart field `file`: JPEG, PNG or WebP, ≤ 10 MB); stores it as WebP and AVIF at the widths of its kind and answers its path',
      consumes: ['multipart/form-data'],
      querystring: PictureUploadQuery,
      response: {
        200: messageOf(UploadedPicture),
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        413: ErrorBody,
        415: ErrorBody,
        422: ErrorBody,
      },
    },
  });

  app.post(
    '/pictures',
    {
      ...route,
      // the kind's own permission too (banners are content), checked before the file is read
      onRequest: [
        ...route.onRequest,
        async (request) => {
          const kind = (request.query as { kind?: string }).kind as PictureKind | undefined;
          const permission = kind && PICTURE_PERMISSIONS[kind];
          if (permission && request.staff && !can(request.staff.role, permission)) {
            throw new AppError('STAFF_FORBIDDEN', 403);
          }
        },
      ],
    },
    async (request) => ({
      message: UPLOADED[request.lang],
      data: await uploadPicture({ db: app.db, storage: app.storage }, actorOf(request), {
        bytes: await readUpload(request),
        kind: request.query.kind,
      }),
    }),
  );
};
