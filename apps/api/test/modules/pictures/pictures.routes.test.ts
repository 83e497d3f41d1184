import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_PICTURE_BYTES } from '@bozor/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { auditLog, banners, orderItems } from '../../../src/db/schema/index.ts';
import { releasePictures, sweepPictures } from '../../../src/modules/pictures/service.ts';
import { LocalStorage, S3Storage } from '../../../src/providers/storage/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { bindCard, createInstallmentOrder } from '../../helpers/checkout.ts';
import { openTestDatabase } from '../../helpers/database.ts';
import {
  createBrand,
  createCategory,
  createCollection,
  createProduct,
} from '../../helpers/factories.ts';
import { useS3rver } from '../../helpers/s3rver.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

function form(content: Buffer, filename = 'photo.jpg', type = 'image/jpeg', field = 'file') {
  const boundary = '----bozor-picture-boundary';
  return {
    boundary,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

let made = 0;
/** A photo of its own each call (a different colour), so no test finds another's files. */
async function photo(
  options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp' } = {},
): Promise<Buffer> {
  made += 1;
  const image = sharp({
    create: {
      width: options.width ?? 1600,
      height: options.height ?? 1200,
      channels: 3,
      background: { r: (made * 37) % 256, g: (made * 91) % 256, b: 120 },
    },
  });
  const format = options.format ?? 'jpeg';
  return image[format]().toBuffer();
}

async function upload(
  app: FastifyInstance,
  browser: StaffBrowser | Record<string, string>,
  content: Buffer,
  kind = 'product',
  extra: { filename?: string; type?: string; lang?: string; field?: string } = {},
) {
  const { payload, boundary } = form(content, extra.filename, extra.type, extra.field);
  const headers = 'csrf' in browser ? as(browser as StaffBrowser) : browser;
  return app.inject({
    method: 'POST',
    url: `/api/admin/pictures?kind=${kind}`,
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      lang: extra.lang ?? 'ru',
    },
    payload,
  });
}

const mediaDir = mkdtempSync(join(tmpdir(), 'bozor-test-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const filesOf = (path: string) => {
  try {
    return readdirSync(join(mediaDir, 'u', path.split('/').pop() ?? '')).sort();
  } catch {
    return [];
  }
};

describe('POST /api/admin/pictures', () => {
  const ctx = useTestApp({ storage: new LocalStorage(mediaDir) });
  let owner: StaffBrowser;
  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
  });

  it('stores a product photo as WebP and AVIF at 160, 320, 640 and 1280 wide, and nothing else', async () => {
    const res = await upload(ctx.app, owner, await photo({ width: 1600, height: 1200 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Картинка загружена');
    expect(body.data).toEqual({
      path: expect.stringMatching(/^\/media\/u\/[0-9a-f]{32}$/),
      width: 1600,
      height: 1200,
    });
    expect(filesOf(body.data.path)).toEqual([
      '1280.avif',
      '1280.webp',
      '160.avif',
      '160.webp',
      '320.avif',
      '320.webp',
      '640.avif',
      '640.webp',
    ]);
    for (const width of [160, 320, 640, 1280]) {
      for (const format of ['webp', 'heif'] as const) {
        const file = join(
          mediaDir,
          'u',
          body.data.path.split('/').pop(),
          `${width}.${format === 'heif' ? 'avif' : 'webp'}`,
        );
        const meta = await sharp(file).metadata();
        expect(meta.format, file).toBe(format);
        expect(meta.width, file).toBe(width);
        expect(meta.height, file).toBe((width * 3) / 4);
      }
    }
  });

  it('writes the widths of each kind: banners up to 1920, never enlarging a small picture', async () => {
    const banner = (
      await upload(ctx.app, owner, await photo({ width: 2400, height: 800 }), 'banner')
    ).json();
    expect(filesOf(banner.data.path).filter((f) => f.endsWith('.webp'))).toEqual([
      '1280.webp',
      '1920.webp',
      '640.webp',
    ]);
    const logo = await upload(
      ctx.app,
      owner,
      await photo({ width: 200, height: 100, format: 'png' }),
      'brand',
      { filename: 'logo.png', type: 'image/png' },
    );
    expect(logo.statusCode).toBe(200);
    const hash = logo.json().data.path.split('/').pop();
    expect(filesOf(logo.json().data.path)).toHaveLength(6);
    // 320 and 640 asked of a 200-pixel logo keep its 200 pixels
    expect((await sharp(join(mediaDir, 'u', hash, '640.webp')).metadata()).width).toBe(200);
  });

  it('takes a WebP, and strips the metadata of a photo after turning it upright', async () => {
    const webp = await upload(ctx.app, owner, await photo({ format: 'webp' }), 'collection', {
      filename: 'a.webp',
      type: 'image/webp',
    });
    expect(webp.statusCode).toBe(200);

    // a phone photo: 300 × 200 stored sideways (EXIF orientation 6), with its camera and place
    const sideways = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Bozor Phone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif?.toString('latin1')).toContain('Bozor Phone');
    const res = await upload(ctx.app, owner, sideways);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ width: 200, height: 300 });
    const hash = res.json().data.path.split('/').pop();
    for (const name of ['160.webp', '160.avif']) {
      const meta = await sharp(join(mediaDir, 'u', hash, name)).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect([meta.width, meta.height], name).toEqual([160, 240]);
    }
  });

  it('gives the same bytes the same path, making nothing again', async () => {
    const bytes = await photo({ width: 700, height: 700 });
    const first = (await upload(ctx.app, owner, bytes)).json().data.path;
    const again = await upload(ctx.app, owner, bytes, 'product', { filename: 'other-name.jpg' });
    expect(again.json().data.path).toBe(first);
    const hash = first.split('/').pop();
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'picture'), eq(auditLog.objectId, hash)));
    expect(entries.map((e) => (e.after as { made: string[] }).made.length)).toEqual([8, 0]);
    // the same file as a banner adds the banner's widths it lacked
    await upload(ctx.app, owner, bytes, 'banner');
    expect(filesOf(first)).toContain('1920.webp');
  });

  it('records the upload in the audit log: who, what and which variants were made', async () => {
    // small: the entry is the point here, not the widths (each variant is an AVIF to encode)
    const res = await upload(ctx.app, owner, await photo({ width: 400, height: 300 }));
    const hash = res.json().data.path.split('/').pop();
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.objectId, hash));
    expect(entry).toMatchObject({
      staffId: owner.staffId,
      action: 'picture.upload',
      objectType: 'picture',
      before: null,
      after: expect.objectContaining({ kind: 'product', type: 'image/jpeg', width: 400 }),
    });
  });

  it('refuses a PHP script named .jpg, by its bytes, with a clear message', async () => {
    const script = Buffer.from('<?php system($_GET["c"]); ?>\n'.repeat(20));
    const res = await upload(ctx.app, owner, script, 'product', { filename: 'shell.jpg' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'PICTURE_TYPE_INVALID',
      message: 'Этот файл не картинка: принимаются только JPEG, PNG и WebP',
    });
    const uz = await upload(ctx.app, owner, script, 'product', { lang: 'uz' });
    expect(uz.json().message).toMatch(/faqat JPEG, PNG yoki WebP/);
  });

  it('refuses a file over 10 MB with 413 and says so', async () => {
    const huge = Buffer.alloc(12 * 1024 * 1024, 0x42);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(huge);
    const res = await upload(ctx.app, owner, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PICTURE_TOO_LARGE',
      message: 'Картинка должна быть не больше 10 МБ',
    });
  });

  it('refuses an 11 MB picture whose first 10 MB are a whole photo, stored nowhere', async () => {
    // the photo, padded to exactly the limit, arrives in one piece and the rest in another: the
    // parser cuts the file at the limit between the two, with nothing of the second piece kept
    const whole = await photo({ width: 900, height: 900 });
    const first = Buffer.alloc(MAX_PICTURE_BYTES);
    whole.copy(first);
    const { payload, boundary } = form(Buffer.concat([first, Buffer.alloc(1024 * 1024, 7)]));
    const head = payload.indexOf(first.subarray(0, 64));
    const cut = head + MAX_PICTURE_BYTES;
    const stored = () => filesOf('').length;
    const before = stored();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/pictures?kind=product',
      headers: {
        ...as(owner),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(payload.length),
        lang: 'ru',
      },
      payload: Readable.from([payload.subarray(0, cut), payload.subarray(cut)], {
        objectMode: false,
      }),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('PICTURE_TOO_LARGE');
    expect(stored()).toBe(before);
  });

  it('refuses a damaged picture and stores nothing of it', async () => {
    const whole = await photo({ width: 900, height: 900 });
    const res = await upload(ctx.app, owner, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PICTURE_CORRUPT');
    expect(res.json().message).toMatch(/повреждён/);
    // a PNG's signature with nothing of a picture after it
    const header = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 7)]);
    expect((await upload(ctx.app, owner, header)).json().code).toBe('PICTURE_CORRUPT');
    const before = readdirSync(join(mediaDir, 'u')).length;
    await upload(ctx.app, owner, whole.subarray(0, 2000));
    expect(readdirSync(join(mediaDir, 'u')).length).toBe(before);
  });

  it('refuses a request without the file, and an unknown kind', async () => {
    const noFile = await upload(ctx.app, owner, await photo(), 'product', { field: 'image' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('PICTURE_MISSING');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/pictures?kind=product',
      headers: as(owner),
      payload: { path: '/etc/passwd' },
    });
    expect(json.statusCode).toBe(400);
    const kind = await upload(ctx.app, owner, await photo(), 'avatar');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors.kind).toBeDefined();
  });

  it('lets the owner and the content manager upload; refuses other roles before reading the file', async () => {
    const bytes = await photo({ width: 400, height: 300 });
    for (const role of ['owner', 'content_manager'] as const) {
      const browser = await signedInStaff(ctx.app, ctx.db, role);
      expect((await upload(ctx.app, browser, bytes)).statusCode, role).toBe(200);
      expect((await upload(ctx.app, browser, bytes, 'banner')).statusCode, role).toBe(200);
    }
    for (const role of ['operator', 'credit_officer', 'viewer'] as const) {
      const browser = await signedInStaff(ctx.app, ctx.db, role);
      for (const kind of ['product', 'banner']) {
        const res = await upload(ctx.app, browser, bytes, kind);
        expect(res.statusCode, `${role} ${kind}`).toBe(403);
        expect(res.json().code).toBe('STAFF_FORBIDDEN');
      }
    }
    expect((await upload(ctx.app, {}, bytes)).statusCode).toBe(401);
    const customer = await createCustomerSession(ctx.db);
    expect((await upload(ctx.app, customer.headers, bytes)).statusCode).toBe(401);
  });

  it('refuses an upload without the CSRF token', async () => {
    const res = await upload(ctx.app, { cookie: owner.cookie }, await photo());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_INVALID');
  });
});

describe('GET /media/u/…', () => {
  const ctx = useTestApp({ storage: new LocalStorage(mediaDir) });
  let path = '';
  beforeAll(async () => {
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    path = (await upload(ctx.app, owner, await photo({ width: 1000, height: 500 }))).json().data
      .path;
  });

  it('serves each variant with its type and a year-long immutable cache', async () => {
    for (const [variant, type, format] of [
      ['640.avif', 'image/avif', 'heif'],
      ['160.webp', 'image/webp', 'webp'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `${path}/${variant}` });
      expect(res.statusCode, variant).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect((await sharp(res.rawPayload).metadata()).format).toBe(format);
      const again = await ctx.app.inject({
        method: 'GET',
        url: `${path}/${variant}`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('serves the bare path as the largest WebP, for pictures drawn without variants', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);
  });

  it.each([
    ['an unknown picture', '/media/u/0123456789abcdef0123456789abcdef/160.webp'],
    ['an unknown bare path', '/media/u/0123456789abcdef0123456789abcdef'],
    ['a width never written', 'PATH/500.webp'],
    ['a width the kind lacks', 'PATH/1920.webp'],
    ['another format', 'PATH/160.png'],
    ['a hash that is not one', '/media/u/..%2F..%2Fetc/160.webp'],
  ])('answers 404 for %s', async (_name, url) => {
    const res = await ctx.app.inject({ method: 'GET', url: url.replace('PATH', path) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MEDIA_NOT_FOUND');
  });

  it('still draws the demo catalogue under /media', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/products/smartphone/0.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });
});

describe('pictures kept in an S3 bucket', () => {
  const s3 = useS3rver();
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });
  async function appWith(publicUrl?: string) {
    const app = await buildApp({
      database,
      storage: new S3Storage({ ...s3.options(), publicUrl }),
    });
    apps.push(app);
    return app;
  }

  it('passes the variants on from the bucket without S3_PUBLIC_URL', async () => {
    const app = await appWith();
    const owner = await signedInStaff(app, database.db, 'owner');
    const res = await upload(app, owner, await photo({ width: 400, height: 400 }));
    expect(res.statusCode).toBe(200);
    const served = await app.inject({ method: 'GET', url: `${res.json().data.path}/320.avif` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
    const missing = await app.inject({ method: 'GET', url: `${res.json().data.path}/1920.webp` });
    expect(missing.statusCode).toBe(404);
  });

  it('sends browsers to S3_PUBLIC_URL when it is set', async () => {
    const app = await appWith('https://cdn.bozor.uz');
    const owner = await signedInStaff(app, database.db, 'owner');
    const { path } = (await upload(app, owner, await photo({ width: 400, height: 400 }))).json()
      .data;
    const hash = path.split('/').pop();
    const res = await app.inject({ method: 'GET', url: `${path}/640.webp` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.bozor.uz/u/${hash}/640.webp`);
    const bare = await app.inject({ method: 'GET', url: path });
    expect(bare.headers.location).toBe(`https://cdn.bozor.uz/u/${hash}/1280.webp`);
  });
});

describe('releasePictures', () => {
  const ctx = useTestApp({ storage: new LocalStorage(mediaDir) });
  const deps = () => ({ db: ctx.db, storage: ctx.app.storage });
  let owner: StaffBrowser;
  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
  });
  const uploaded = async (kind = 'product') =>
    (await upload(ctx.app, owner, await photo({ width: 500, height: 500 }), kind)).json().data
      .path as string;

  it('deletes every file of a picture nothing shows any more', async () => {
    const path = await uploaded('banner');
    expect(filesOf(path)).toHaveLength(6);
    expect(await releasePictures(deps(), [path])).toEqual([path]);
    expect(filesOf(path)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}/640.webp` })).statusCode).toBe(404);
  });

  it('keeps a picture a product, banner, brand, category, collection or order still shows', async () => {
    const category = await createCategory(ctx.db, { image: await uploaded('category') });
    const product = await createProduct(ctx.db, {
      categoryId: category.id,
      images: ['/media/products/smartphone/0.svg', await uploaded()],
    });
    const brand = await createBrand(ctx.db, { logo: await uploaded('brand') });
    const collection = await createCollection(ctx.db, [], { image: await uploaded('collection') });
    const [banner] = await ctx.db
      .insert(banners)
      .values({
        titleUz: 'Aksiya',
        titleRu: 'Акция',
        link: '/',
        color: '#7000ff',
        image: await uploaded('banner'),
        imageMobile: await uploaded('banner_mobile'),
      })
      .returning();
    const customer = await createCustomerSession(ctx.db);
    const card = await bindCard(ctx.app, customer.customer.id);
    const { order } = await createInstallmentOrder(ctx.db, {
      customerId: customer.customer.id,
      cardId: card.id,
    });
    const ordered = await uploaded();
    await ctx.db.update(orderItems).set({ image: ordered }).where(eq(orderItems.orderId, order.id));
    const shown = [
      category.image!,
      product.images[1]!,
      brand.logo!,
      collection.image!,
      banner!.image,
      banner!.imageMobile!,
      ordered,
    ];
    const loose = await uploaded();
    expect(await releasePictures(deps(), [...shown, loose, loose])).toEqual([loose]);
    for (const path of shown) expect(filesOf(path).length, path).toBeGreaterThan(0);
    expect(filesOf(loose)).toEqual([]);
  });

  it("leaves the demo catalogue's drawings and other addresses alone", async () => {
    expect(
      await releasePictures(deps(), ['/media/products/smartphone/0.svg', '/media/u/../../x', '']),
    ).toEqual([]);
  });
});

describe('sweepPictures', () => {
  const ctx = useTestApp({ storage: new LocalStorage(mediaDir) });
  const deps = () => ({ db: ctx.db, storage: ctx.app.storage });
  let owner: StaffBrowser;
  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
  });
  const uploaded = async () =>
    (await upload(ctx.app, owner, await photo({ width: 400, height: 400 }), 'product')).json().data
      .path as string;

  it('deletes what nothing shows once its grace has passed, keeping what a product shows and a fresh upload', async () => {
    const shown = await uploaded();
    const dropped = await uploaded();
    const category = await createCategory(ctx.db);
    await createProduct(ctx.db, { categoryId: category.id, images: [shown] });
    // within the grace, an upload nobody saved yet stays
    expect(await sweepPictures(deps(), new Date())).not.toContain(dropped);
    expect(filesOf(dropped).length).toBeGreaterThan(0);
    // a day later it goes; the product's picture stays
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const deleted = await sweepPictures(deps(), later);
    expect(deleted).toContain(dropped);
    expect(deleted).not.toContain(shown);
    expect(filesOf(dropped)).toEqual([]);
    expect(filesOf(shown).length).toBeGreaterThan(0);
  });
});
