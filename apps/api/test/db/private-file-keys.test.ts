import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_COLUMNS } from '@bozor/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { importJobs, scoringProfiles } from '../../src/db/schema/index.ts';
import { checkImport } from '../../src/modules/catalogue/imports.ts';
import { LocalStorage } from '../../src/providers/storage/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCustomerSession } from '../helpers/auth.ts';
import { as, signedInStaff } from '../helpers/staff.ts';

const MIGRATION = fileURLToPath(
  new URL('../../src/db/migrations/0032_private_file_keys.sql', import.meta.url),
);

/** A JPEG as a phone's camera would send it: the magic bytes and a few kilobytes. */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4092, 0x42)]);

describe('migration 0032: private files named by key', () => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'bozor-test-0032-'));
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
  const ctx = useTestApp({ privateStorage: new LocalStorage(uploadDir, { private: true }) });

  it('cuts the full paths written before to keys, and the files in UPLOAD_DIR are read by them', async () => {
    // what a shop before 0032 wrote: files in UPLOAD_DIR, named by this machine's full path
    mkdirSync(join(uploadDir, 'faces'));
    writeFileSync(join(uploadDir, 'faces', '1-before.jpg'), PHOTO);
    mkdirSync(join(uploadDir, 'imports'));
    writeFileSync(
      join(uploadDir, 'imports', 'before.upload'),
      `${IMPORT_COLUMNS.join(',')}\nSKU-0032,Telefon,Телефон,,,1000000,,1,phones,,,,,,1,,\n`,
    );
    const customers: number[] = [];
    for (let i = 0; i < 4; i += 1)
      customers.push((await createCustomerSession(ctx.db)).customer.id);
    const written = [
      join(uploadDir, 'faces', '1-before.jpg'),
      // only the part after the last /faces/ is the file's name
      '/srv/faces/bozor/uploads/faces/2-twice.png',
      'faces/3-already-a-key.jpg',
      null,
    ];
    await ctx.db
      .insert(scoringProfiles)
      .values(customers.map((customerId, i) => ({ customerId, faceImagePath: written[i] })));
    const owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const [job] = await ctx.db
      .insert(importJobs)
      .values({
        staffId: owner.staffId,
        fileName: 'products.csv',
        filePath: join(uploadDir, 'imports', 'before.upload'),
      })
      .returning();

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await ctx.db.execute(sql.raw(statement));
    }

    const faces = await ctx.db
      .select({ key: scoringProfiles.faceImagePath })
      .from(scoringProfiles)
      .where(inArray(scoringProfiles.customerId, customers))
      .orderBy(asc(scoringProfiles.customerId));
    expect(faces.map((f) => f.key)).toEqual([
      'faces/1-before.jpg',
      'faces/2-twice.png',
      'faces/3-already-a-key.jpg',
      null,
    ]);
    const [upload] = await ctx.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(upload?.filePath).toBe('imports/before.upload');

    // the face uploaded before is served to a credit officer from its key
    const officer = as(await signedInStaff(ctx.app, ctx.db, 'credit_officer'));
    const face = await ctx.app.inject({
      url: `/api/admin/scoring/${customers[0]}/face`,
      headers: officer,
    });
    expect(face.statusCode, face.body).toBe(200);
    expect(face.rawPayload.equals(PHOTO)).toBe(true);

    // and an import uploaded before is read by its dry run
    await checkImport(
      {
        db: ctx.db,
        storage: ctx.app.privateStorage,
        imageHosts: [],
        savePicture: async () => {
          throw new Error('the file names no picture URLs');
        },
      },
      job!.id,
    );
    const [checked] = await ctx.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(checked).toMatchObject({ status: 'checked', totalRows: 1 });
  });
});
