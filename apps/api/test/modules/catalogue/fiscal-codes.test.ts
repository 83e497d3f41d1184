import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../../src/db/schema/index.ts';
import { createJobRunner, type JobRunner } from '../../../src/jobs/runner.ts';
import {
  IMPORT_CHECK_JOB,
  IMPORT_RUN_JOB,
  importCheckHandler,
  importRunHandler,
} from '../../../src/modules/catalogue/imports.ts';
import { type TestContext, useTestApp } from '../../helpers/app.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

const PHONE_IKPU = '08517001001000000';
const TV_IKPU = '08528001001000000';
const PIECE = '1505727';

/** A product as the form sends it, filed under `categoryId`. */
const productBody = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  name_uz: 'Redmi Note 13',
  name_ru: 'Redmi Note 13',
  description_uz: '',
  description_ru: '',
  code: `RN-${Math.random().toString(36).slice(2, 10)}`,
  slug: '',
  price: 3_200_000,
  old_price: null,
  stock: 5,
  category_id: categoryId,
  brand_id: null,
  color_id: null,
  tag_ids: [],
  attribute_value_ids: [],
  collection_ids: [],
  is_active: true,
  images: [],
  ...overrides,
});

/** A multipart body with one file in the field `file`. */
function multipart(name: string, text: string) {
  const boundary = `----bozor${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Requests of one staff member in one language. */
function caller(ctx: TestContext, who: () => StaffBrowser) {
  return (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    lang: 'uz' | 'ru' = 'ru',
  ) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(who()), lang },
      ...(payload ? { payload } : {}),
    });
}

describe('fiscal codes in the catalogue, fiscalisation on', () => {
  const ctx = useTestApp();
  let owner: StaffBrowser;
  let runner: JobRunner;
  let phones: { id: number };
  let android: { id: number };
  let misc: { id: number };
  const call = caller(ctx, () => owner);

  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    phones = await createCategory(ctx.db, { slug: 'phones' });
    android = await createCategory(ctx.db, { slug: 'android', parentId: phones.id });
    misc = await createCategory(ctx.db, { slug: 'misc' });
    const deps = {
      db: ctx.db,
      storage: ctx.app.privateStorage,
      imageHosts: [],
      savePicture: async () => '/media/u/00000000000000000000000000000000',
      requireFiscalCode: true,
    };
    runner = createJobRunner({
      db: ctx.db,
      handlers: {
        [IMPORT_CHECK_JOB]: importCheckHandler(deps),
        [IMPORT_RUN_JOB]: importRunHandler(deps),
      },
    });
  });

  it('keeps a category’s code, shows what its subcategory inherits and from where, audited', async () => {
    const res = await call('PATCH', `/categories/${phones.id}`, {
      ikpu: ` ${PHONE_IKPU.slice(0, 8)} ${PHONE_IKPU.slice(8)}`,
      package_code: PIECE,
      units: 1,
      vat_percent: 12,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ikpu: PHONE_IKPU,
      package_code: PIECE,
      units: 1,
      vat_percent: 12,
    });
    const tree = (await call('GET', '/categories')).json().data as {
      id: number;
      ikpu: string | null;
      inherited: { ikpu: string | null; code_from: number | null; vat_from: number | null };
    }[];
    const child = tree.find((c) => c.id === android.id);
    expect(child).toMatchObject({
      ikpu: null,
      inherited: { ikpu: PHONE_IKPU, package_code: PIECE, units: 1, code_from: phones.id },
    });
    expect(child?.inherited).toMatchObject({ vat_percent: 12, vat_from: phones.id });
    expect(tree.find((c) => c.id === misc.id)?.inherited.code_from).toBeNull();

    const options = (await call('GET', '/products/form-options')).json().data.categories as {
      id: number;
      fiscal: { ikpu: string | null; code_from: number | null };
    }[];
    expect(options.find((c) => c.id === android.id)?.fiscal).toMatchObject({
      ikpu: PHONE_IKPU,
      code_from: phones.id,
    });

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.update'), eq(auditLog.objectId, String(phones.id))))
      .orderBy(desc(auditLog.id));
    expect(entry?.staffId).toBe(owner.staffId);
    expect(entry?.before).toMatchObject({ ikpu: null, package_code: null, vat_percent: null });
    expect(entry?.after).toMatchObject({ ikpu: PHONE_IKPU, package_code: PIECE, vat_percent: 12 });
  });

  it('refuses a broken code on its field, in Uzbek and in Russian', async () => {
    const bad = { ikpu: '123', package_code: 'abc', units: 0, vat_percent: 15 };
    const ru = await call('PATCH', `/categories/${misc.id}`, bad, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().errors).toEqual({
      ikpu: ['ИКПУ (MXIK) — 17 цифр, как в tasnif.soliq.uz'],
      package_code: ['Код упаковки — от 1 до 20 цифр'],
      units: ['Код единицы измерения — целое число от 1 до 999 999'],
      vat_percent: ['Ставка НДС — 0 % или 12 %'],
    });
    const uz = await call('PATCH', `/categories/${misc.id}`, bad, 'uz');
    expect(uz.json().errors.ikpu).toEqual(['IKPU (MXIK) — 17 ta raqam, tasnif.soliq.uz dagidek']);
    expect(uz.json().errors.vat_percent).toEqual(["QQS stavkasi 0 % yoki 12 % bo'lishi kerak"]);

    // an IKPU goes with its package code, on a category and on a product alike
    const alone = await call('PATCH', `/categories/${misc.id}`, { ikpu: TV_IKPU });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({ package_code: ['Вместе с ИКПУ укажите код упаковки'] });
    const product = await call(
      'POST',
      '/products',
      productBody(android.id, { package_code: PIECE, units: 3 }),
      'uz',
    );
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toEqual({
      ikpu: ['Qadoq kodi IKPU bilan birga kiritiladi'],
      units: ["O'lchov birligi IKPU bilan birga kiritiladi"],
    });
  });

  it('publishes a product only with an IKPU and package code, its own or its category’s', async () => {
    // under a category without a code: a draft is kept, a product on sale is refused
    const refused = await call('POST', '/products', productBody(misc.id), 'ru');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message:
        'Чтобы выставить товар в продажу, нужны ИКПУ и код упаковки: укажите их у товара или его категории, либо скройте товар',
      errors: {
        ikpu: ['Для продажи нужен ИКПУ: его нет ни у товара, ни у его категорий'],
        package_code: ['Для продажи нужен код упаковки: его нет ни у товара, ни у его категорий'],
      },
    });
    const uz = await call('POST', '/products', productBody(misc.id), 'uz');
    expect(uz.json().errors.ikpu).toEqual([
      "Sotuvga chiqarish uchun IKPU kerak: mahsulotda ham, kategoriyalarida ham yo'q",
    ]);
    const draft = await call('POST', '/products', productBody(misc.id, { is_active: false }));
    expect(draft.statusCode, draft.body).toBe(200);
    const draftId = draft.json().data.id as number;
    const publish = await call(
      'PATCH',
      `/products/${draftId}`,
      productBody(misc.id, { code: draft.json().data.code, is_active: true }),
    );
    expect(publish.statusCode).toBe(422);

    // its own code publishes it, kept and audited
    const own = await call(
      'PATCH',
      `/products/${draftId}`,
      productBody(misc.id, {
        code: draft.json().data.code,
        ikpu: TV_IKPU,
        package_code: PIECE,
        units: 1,
        vat_percent: 0,
      }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({
      is_active: true,
      ikpu: TV_IKPU,
      package_code: PIECE,
      units: 1,
      vat_percent: 0,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.objectId, String(draftId))))
      .orderBy(desc(auditLog.id));
    expect(entry?.before).toMatchObject({ ikpu: null, is_active: false });
    expect(entry?.after).toMatchObject({ ikpu: TV_IKPU, package_code: PIECE, is_active: true });

    // under a category with a code (inherited from its parent) it needs none of its own
    const inherited = await call('POST', '/products', productBody(android.id));
    expect(inherited.statusCode, inherited.body).toBe(200);
    expect(inherited.json().data).toMatchObject({ is_active: true, ikpu: null });
  });

  it('refuses to show by bulk, or move on sale to a category, products without a code', async () => {
    const draft = await createProduct(ctx.db, { categoryId: misc.id, isActive: false });
    const coded = await createProduct(ctx.db, { categoryId: android.id, isActive: false });
    const shown = await call('POST', '/products/bulk', {
      ids: [draft.id, coded.id],
      change: { type: 'show' },
    });
    expect(shown.statusCode).toBe(422);
    expect(shown.json()).toMatchObject({
      errors: {
        ids: [
          'У части выбранных товаров нет ИКПУ или кода упаковки: их нельзя выставить в продажу',
        ],
      },
      data: { ids: [draft.id] },
    });
    const [still] = await ctx.db
      .select({ isActive: products.isActive })
      .from(products)
      .where(eq(products.id, coded.id));
    expect(still?.isActive).toBe(false);

    const ok = await call('POST', '/products/bulk', { ids: [coded.id], change: { type: 'show' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const moved = await call('POST', '/products/bulk', {
      ids: [coded.id],
      change: { type: 'move', category_id: misc.id },
    });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['change.category_id']);
    // a draft moves anywhere
    const draftMoved = await call('POST', '/products/bulk', {
      ids: [draft.id],
      change: { type: 'move', category_id: android.id },
    });
    expect(draftMoved.statusCode, draftMoved.body).toBe(200);
  });

  it('refuses to take a category’s code away from the products on sale under it', async () => {
    const cleared = await call('PATCH', `/categories/${phones.id}`, {
      ikpu: null,
      package_code: null,
      units: null,
    });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors.ikpu).toEqual([
      'Товары в продаже в этой категории останутся без ИКПУ: сначала дайте им код или скройте их',
    ]);
    const kept = (await call('GET', '/categories'))
      .json()
      .data.find((c: { id: number }) => c.id === phones.id);
    expect(kept.ikpu).toBe(PHONE_IKPU);
    // moving the subcategory out from under its code is refused alike
    const moved = await call('PATCH', `/categories/${android.id}`, { parent_id: null });
    expect(moved.statusCode).toBe(422);
  });

  it('imports and exports the product’s own code; a bad cell or a product on sale without one is a row error', async () => {
    const header =
      'sku,name_uz,name_ru,price,stock,category,active,ikpu,package_code,units,vat_percent';
    const csv = [
      header,
      `IMP-1,Telefon,Телефон,1000000,1,misc,1,${TV_IKPU},${PIECE},1,12%`,
      'IMP-2,Telefon 2,Телефон 2,1000000,1,android,1,,,,',
      'IMP-3,Telefon 3,Телефон 3,1000000,1,misc,1,,,,',
      'IMP-4,Telefon 4,Телефон 4,1000000,1,misc,0,,,,',
      `IMP-5,Telefon 5,Телефон 5,1000000,1,misc,0,12345,${PIECE},1,7`,
    ].join('\n');
    const body = multipart('codes.csv', csv);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...as(owner), 'content-type': body.contentType, lang: 'ru' },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().data.id as number;
    while ((await runner.runDue()) > 0) {
      // the dry run
    }
    const checked = (await call('GET', `/imports/${id}`)).json().data;
    expect(checked.planned).toEqual({ create: 3, update: 0, unchanged: 0, error: 2 });
    const errors = (checked.errors as { row: number; column: string; value: string | null }[]).map(
      (e) => [e.row, e.column, e.value],
    );
    expect(errors).toEqual([
      [4, 'ikpu', null],
      [4, 'package_code', null],
      [6, 'ikpu', '12345'],
      [6, 'vat_percent', '7'],
    ]);
    expect(checked.errors[0].message).toBe(
      'Для продажи нужен ИКПУ: его нет ни у товара, ни у его категорий',
    );

    const run = await call('POST', `/imports/${id}/run`);
    expect(run.statusCode, run.body).toBe(200);
    while ((await runner.runDue()) > 0) {
      // the import
    }
    const [made] = await ctx.db.select().from(products).where(eq(products.code, 'IMP-1'));
    expect(made).toMatchObject({
      ikpu: TV_IKPU,
      packageCode: PIECE,
      units: 1,
      vatPercent: 12,
      isActive: true,
    });

    const exported = await call('GET', '/products/export?format=csv');
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columns = lines[0]!.split(',');
    const fiscal = columns.indexOf('ikpu');
    expect(columns.slice(fiscal, fiscal + 4)).toEqual([
      'ikpu',
      'package_code',
      'units',
      'vat_percent',
    ]);
    const fiscalCells = (code: string) =>
      lines
        .find((line) => line.startsWith(`${code},`))!
        .split(',')
        .slice(fiscal, fiscal + 4);
    expect(fiscalCells('IMP-1')).toEqual([TV_IKPU, PIECE, '1', '12']);
    expect(fiscalCells('IMP-2'), 'inherited from the category').toEqual(['', '', '', '']);
  });
});

describe('fiscal codes in the catalogue, fiscalisation off', () => {
  const ctx = useTestApp({ fiscalRegister: null });
  let owner: StaffBrowser;
  let plain: { id: number };
  const call = caller(ctx, () => owner);

  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, ctx.db, 'owner');
    plain = await createCategory(ctx.db, { slug: 'plain' });
  });

  it('publishes by the form and by bulk without any code', async () => {
    const made = await call('POST', '/products', productBody(plain.id));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ is_active: true, ikpu: null });
    const draft = await createProduct(ctx.db, { categoryId: plain.id, isActive: false });
    const shown = await call('POST', '/products/bulk', {
      ids: [draft.id],
      change: { type: 'show' },
    });
    expect(shown.statusCode, shown.body).toBe(200);
  });

  it('still checks the codes given', async () => {
    const bad = await call(
      'POST',
      '/products',
      productBody(plain.id, { ikpu: '1'.repeat(18), package_code: PIECE }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ ikpu: ['ИКПУ (MXIK) — 17 цифр, как в tasnif.soliq.uz'] });
  });
});
