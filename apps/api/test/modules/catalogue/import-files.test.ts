import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from '../../../src/db/schema/index.ts';
import { createJobRunner, type JobRunner } from '../../../src/jobs/runner.ts';
import {
  saveImportFile,
  withLocalImportFile,
} from '../../../src/modules/catalogue/import-files.ts';
import {
  IMPORT_CHECK_JOB,
  importCheckHandler,
  startImport,
} from '../../../src/modules/catalogue/imports.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory } from '../../helpers/factories.ts';
import { signedInStaff } from '../../helpers/staff.ts';

describe('import files in the private store', () => {
  const ctx = useTestApp();
  const work = mkdtempSync(join(tmpdir(), 'bozor-import-files-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let staffId: number;
  let runner: JobRunner;

  beforeAll(async () => {
    staffId = (await signedInStaff(ctx.app, ctx.db, 'owner')).staffId;
    await createCategory(ctx.db, { slug: 'phones', nameUz: 'Telefonlar', nameRu: 'Телефоны' });
    const deps = {
      db: ctx.db,
      storage: ctx.app.privateStorage,
      imageHosts: [],
      savePicture: async () => {
        throw new Error('no picture URLs here');
      },
    };
    runner = createJobRunner({
      db: ctx.db,
      handlers: { [IMPORT_CHECK_JOB]: importCheckHandler(deps) },
    });
  });

  /** A local file with `text`, kept in the private store as an upload is. */
  const stored = async (text: string) => {
    const path = join(work, `${Math.random().toString(16).slice(2)}.csv`);
    writeFileSync(path, text);
    return saveImportFile(ctx.app.privateStorage, path);
  };

  it('keeps an upload under imports/ and reads it through a copy removed afterwards', async () => {
    const key = await stored('sku,name_uz\n');
    expect(key).toMatch(/^imports\/[0-9a-f-]{36}\.upload$/);
    let copy = '';
    const text = await withLocalImportFile(ctx.app.privateStorage, key, async (path) => {
      copy = path;
      return readFileSync(path, 'utf8');
    });
    expect(text).toBe('sku,name_uz\n');
    expect(existsSync(copy)).toBe(false);

    await expect(
      withLocalImportFile(ctx.app.privateStorage, key, async (path) => {
        copy = path;
        throw new Error('the reader failed');
      }),
    ).rejects.toThrow('the reader failed');
    expect(existsSync(copy)).toBe(false);
  });

  it('gives a path where no file is for a key that is not there', async () => {
    const there = await withLocalImportFile(
      ctx.app.privateStorage,
      'imports/never-written.upload',
      async (path) => existsSync(path),
    );
    expect(there).toBe(false);
  });

  it('deletes the file of an import whose dry run failed, and keeps that of one checked', async () => {
    const start = async (text: string) => {
      const key = await stored(text);
      return { key, id: await startImport(ctx.db, { fileName: 'products.csv', key, staffId }) };
    };
    const good = await start(
      'sku,name_uz,name_ru,price,stock,category\nFILES-1,Telefon,Телефон,1500000,3,phones\n',
    );
    const bad = await start('not,a,header,we,know\n1,2,3,4,5\n');
    while ((await runner.runDue()) > 0) {
      // both dry runs
    }
    const statusOf = async (id: number) =>
      (await ctx.db.select().from(importJobs).where(eq(importJobs.id, id)))[0]?.status;
    expect(await statusOf(good.id)).toBe('checked');
    expect(await statusOf(bad.id)).toBe('failed');
    expect(await ctx.app.privateStorage.get(good.key)).not.toBeNull();
    expect(await ctx.app.privateStorage.get(bad.key)).toBeNull();
  });
});
