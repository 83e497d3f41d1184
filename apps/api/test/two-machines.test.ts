import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { products } from '../src/db/schema/index.ts';
import { createJobRunner, type JobRunner } from '../src/jobs/runner.ts';
import {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  importCheckHandler,
  importRunHandler,
} from '../src/modules/catalogue/imports.ts';
import { createPrivateStorage, createStorage } from '../src/providers/storage/index.ts';
import { createCustomerSession } from './helpers/auth.ts';
import { connectAgain, openTestDatabase } from './helpers/database.ts';
import { createCategory } from './helpers/factories.ts';
import { TEST_BUCKET, useS3rver } from './helpers/s3rver.ts';
import { as, signedInStaff } from './helpers/staff.ts';

/** A JPEG as a phone's camera would send it: the magic bytes and a few kilobytes. */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4092, 0x42)]);

function multipart(field: string, filename: string, content: Buffer) {
  const boundary = '----bozor-two-machines';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Machine {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Its own UPLOAD_DIR and MEDIA_DIR live under this folder: nothing may land there. */
  disk: string;
  jobs: JobRunner;
}

/**
 * Two API machines as docs/deploy.md's "More than one machine" has them: one database, one S3
 * server (s3rver) for the pictures and the private files, and a disk each that the other never
 * sees. What one machine receives, the other serves.
 */
describe('two machines sharing a database and an S3 server', () => {
  const s3 = useS3rver();
  const machines: Machine[] = [];
  let a: Machine;
  let b: Machine;

  async function machine(database: DatabaseHandle): Promise<Machine> {
    const disk = mkdtempSync(join(tmpdir(), 'bozor-machine-'));
    // configured as serve.ts is, from the environment
    const config = loadConfig({
      NODE_ENV: 'test',
      UPLOAD_DIR: join(disk, 'uploads'),
      MEDIA_DIR: join(disk, 'media'),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const app = await buildApp({
      database,
      storage: createStorage(config.storage),
      privateStorage: createPrivateStorage(config.privateStorage),
    });
    await app.ready();
    const deps = {
      db: database.db,
      storage: app.privateStorage,
      imageHosts: config.importImageHosts,
      savePicture: async () => {
        throw new Error('the spreadsheet names no picture URLs');
      },
    };
    const jobs = createJobRunner({
      db: database.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps),
      },
    });
    const made = { app, database, disk, jobs };
    machines.push(made);
    return made;
  }

  /** Neither machine kept anything on its own disk: its UPLOAD_DIR and MEDIA_DIR stay empty. */
  const expectNothingOnDisks = () => {
    for (const { disk } of machines) expect(readdirSync(disk, { recursive: true })).toEqual([]);
  };

  const runJobs = async (at: Machine) => {
    while ((await at.jobs.runDue()) > 0) {
      // a job may schedule the next
    }
  };

  beforeAll(async () => {
    const database = await openTestDatabase();
    a = await machine(database);
    b = await machine(connectAgain(database));
  });
  afterAll(async () => {
    for (const { app, database, disk } of machines.reverse()) {
      await app.close();
      await database.close();
      rmSync(disk, { recursive: true, force: true });
    }
  });

  it('shows a face photo uploaded at one machine to a credit officer at the other', async () => {
    const customer = await createCustomerSession(a.database.db);
    const details = await a.app.inject({
      method: 'POST',
      url: '/api/clients/add-birthday',
      headers: customer.headers,
      payload: {
        surname: 'Aliyev',
        given_name: 'Karim',
        patronymic: 'Anvar o‘g‘li',
        passport: 'AA1234567',
        pinfl: '41205909000032',
        birth_date: '1990-05-12',
        monthly_income: 1_000_000,
      },
    });
    expect(details.statusCode, details.body).toBe(200);
    const form = multipart('image', 'face.jpg', PHOTO);
    const face = await a.app.inject({
      method: 'POST',
      url: '/api/clients/identified',
      headers: { ...customer.headers, ...form.headers },
      payload: form.payload,
    });
    expect(face.statusCode, face.body).toBe(200);

    const officer = as(await signedInStaff(b.app, b.database.db, 'credit_officer'));
    const shown = await b.app.inject({
      url: `/api/admin/scoring/${customer.customer.id}/face`,
      headers: officer,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.equals(PHOTO)).toBe(true);
    expectNothingOnDisks();
  });

  it('serves a picture uploaded at one machine from the other', async () => {
    const owner = as(await signedInStaff(a.app, a.database.db, 'owner'));
    const picture = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 160, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const form = multipart('file', 'photo.jpg', picture);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/admin/pictures?kind=product',
      headers: { ...owner, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await b.app.inject({ url: `${uploaded.json().data.path}/320.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
    expectNothingOnDisks();
  });

  it('checks and imports a spreadsheet uploaded at one machine from the other', async () => {
    await createCategory(a.database.db, {
      slug: 'phones',
      nameUz: 'Telefonlar',
      nameRu: 'Телефоны',
    });
    const csv =
      'sku,name_uz,name_ru,price,stock,category\nTWO-MACHINES-1,Telefon,Телефон,1500000,3,phones\n';
    const form = multipart('file', 'products.csv', Buffer.from(csv));
    const ownerAtA = as(await signedInStaff(a.app, a.database.db, 'owner'));
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...ownerAtA, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id: number = uploaded.json().data.id;

    // the dry run runs at the other machine
    await runJobs(b);
    const ownerAtB = as(await signedInStaff(b.app, b.database.db, 'owner'));
    const checked = await b.app.inject({ url: `/api/admin/imports/${id}`, headers: ownerAtB });
    expect(checked.json().data).toMatchObject({
      status: 'checked',
      total_rows: 1,
      planned: { create: 1, update: 0, unchanged: 0, error: 0 },
    });

    // started at the other machine, run back at the first
    const started = await b.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${id}/run`,
      headers: ownerAtB,
    });
    expect(started.statusCode, started.body).toBe(200);
    await runJobs(a);
    const done = await a.app.inject({ url: `/api/admin/imports/${id}`, headers: ownerAtA });
    expect(done.json().data).toMatchObject({ status: 'done', created: 1 });
    const [product] = await a.database.db
      .select()
      .from(products)
      .where(eq(products.code, 'TWO-MACHINES-1'));
    expect(product?.nameRu).toBe('Телефон');
    // an import that has ended keeps no file
    expect(await a.app.privateStorage.list('imports/')).toEqual([]);
    expectNothingOnDisks();
  });
});
