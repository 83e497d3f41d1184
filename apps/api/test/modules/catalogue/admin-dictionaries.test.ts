import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productTags } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { assignValues, createCategory, createProduct } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

describe('brands, tags, colours and attributes in the back office', () => {
  const ctx = useTestApp();
  let manager: StaffBrowser;
  let viewer: StaffBrowser;
  let categoryId: number;

  beforeAll(async () => {
    manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
    categoryId = (await createCategory(ctx.db, { slug: 'dict-category' })).id;
  });

  const call = (
    browser: StaffBrowser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(browser), lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const audited = (action: string, id: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.objectId, String(id))));

  it('creates, edits and deletes a brand; one in use is refused with how many products use it', async () => {
    const made = await call(manager, 'POST', '/brands', { name: 'Artel', slug: 'artel' });
    expect(made.statusCode).toBe(201);
    const brand = made.json().data;
    expect(brand).toMatchObject({ name: 'Artel', slug: 'artel', logo: null, product_count: 0 });

    const taken = await call(manager, 'POST', '/brands', { name: 'Artel 2', slug: 'artel' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug).toBeDefined();

    const edited = await call(manager, 'PATCH', `/brands/${brand.id}`, {
      name: 'Artel Electronics',
      slug: 'artel',
      logo: '/media/brands/artel.svg',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Artel Electronics',
      logo: '/media/brands/artel.svg',
    });
    const [entry] = await audited('brand.update', brand.id);
    expect(entry?.before).toMatchObject({ name: 'Artel' });
    expect(entry?.after).toMatchObject({ name: 'Artel Electronics' });

    await createProduct(ctx.db, { categoryId, brandId: brand.id });
    await createProduct(ctx.db, { categoryId, brandId: brand.id, isActive: false });
    const listed = (await call(viewer, 'GET', '/brands')).json().data;
    expect(listed.find((b: { id: number }) => b.id === brand.id)?.product_count).toBe(2);
    const refused = await call(manager, 'DELETE', `/brands/${brand.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BRAND_IN_USE', data: { products: 2 } });
    expect(refused.json().message).toContain('2');

    const spare = (await call(manager, 'POST', '/brands', { name: 'Spare', slug: 'spare' })).json()
      .data;
    expect((await call(manager, 'DELETE', `/brands/${spare.id}`)).statusCode).toBe(204);
    expect(await audited('brand.delete', spare.id)).toHaveLength(1);
  });

  it('keeps a tag that products wear instead of taking it off them silently', async () => {
    const bad = await call(manager, 'POST', '/tags', {
      name_uz: 'Xit',
      name_ru: 'Хит',
      color: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.color[0]).toMatch(/шестнадцатеричных/);
    const made = await call(manager, 'POST', '/tags', {
      name_uz: 'Xit',
      name_ru: 'Хит',
      color: '#FF3B30',
    });
    expect(made.statusCode).toBe(201);
    const tag = made.json().data;
    expect(tag.color).toBe('#ff3b30');
    const product = await createProduct(ctx.db, { categoryId });
    await ctx.db.insert(productTags).values({ productId: product.id, tagId: tag.id });

    const refused = await call(manager, 'DELETE', `/tags/${tag.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TAG_IN_USE', data: { products: 1 } });
    expect(
      await ctx.db.select().from(productTags).where(eq(productTags.tagId, tag.id)),
    ).toHaveLength(1);

    await ctx.db.delete(productTags).where(eq(productTags.tagId, tag.id));
    expect((await call(manager, 'DELETE', `/tags/${tag.id}`)).statusCode).toBe(204);
    expect(
      (
        await call(manager, 'PATCH', `/tags/${tag.id}`, {
          name_uz: 'A',
          name_ru: 'Б',
          color: '#000000',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates a colour with its slug and hex, refused while a product is that colour', async () => {
    const made = await call(manager, 'POST', '/colors', {
      name_uz: 'Qora',
      name_ru: 'Чёрный',
      slug: 'qora',
      hex: '#111111',
    });
    expect(made.statusCode).toBe(201);
    const color = made.json().data;
    const noSlug = await call(manager, 'POST', '/colors', {
      name_uz: 'Oq',
      name_ru: 'Белый',
      slug: 'Oq rang',
      hex: '#ffffff',
    });
    expect(noSlug.statusCode).toBe(400);
    expect(Object.keys(noSlug.json().errors)).toEqual(['slug']);
    await createProduct(ctx.db, { categoryId, colorId: color.id });
    const refused = await call(manager, 'DELETE', `/colors/${color.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COLOR_IN_USE', data: { products: 1 } });
  });

  it('keeps an attribute and its values in order; a value in use is refused, a free one goes', async () => {
    const made = await call(manager, 'POST', '/attributes', {
      name_uz: 'Xotira',
      name_ru: 'Память',
      slug: 'xotira',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    const add = (value_uz: string, value_ru: string, position?: number) =>
      call(manager, 'POST', `/attributes/${id}/values`, { value_uz, value_ru, position });
    await add('128 GB', '128 ГБ');
    await add('256 GB', '256 ГБ');
    const first = await add('64 GB', '64 ГБ', 0);
    expect(first.statusCode).toBe(201);
    const values = first.json().data.values as { id: number; value_uz: string; position: number }[];
    expect(values.map((v) => v.value_uz)).toEqual(['64 GB', '128 GB', '256 GB']);

    const [small, middle] = values;
    const renamed = await call(manager, 'PATCH', `/attributes/${id}/values/${middle!.id}`, {
      value_uz: '128 Gb',
      value_ru: '128 Гб',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.values[1]).toMatchObject({
      value_uz: '128 Gb',
      position: middle!.position,
    });

    const product = await createProduct(ctx.db, { categoryId });
    await assignValues(ctx.db, product.id, [middle!.id]);
    const valueRefused = await call(manager, 'DELETE', `/attributes/${id}/values/${middle!.id}`);
    expect(valueRefused.statusCode).toBe(409);
    expect(valueRefused.json()).toMatchObject({
      code: 'ATTRIBUTE_VALUE_IN_USE',
      data: { products: 1 },
    });
    const attributeRefused = await call(manager, 'DELETE', `/attributes/${id}`);
    expect(attributeRefused.statusCode).toBe(409);
    expect(attributeRefused.json().code).toBe('ATTRIBUTE_IN_USE');

    const freed = await call(manager, 'DELETE', `/attributes/${id}/values/${small!.id}`);
    expect(freed.statusCode).toBe(200);
    expect(freed.json().data.values).toHaveLength(2);
    // a value of another attribute is not this one's
    const other = (
      await call(manager, 'POST', '/attributes', { name_uz: 'R', name_ru: 'Р', slug: 'r' })
    ).json().data;
    expect(
      (await call(manager, 'DELETE', `/attributes/${other.id}/values/${middle!.id}`)).statusCode,
    ).toBe(404);
    expect((await call(manager, 'DELETE', `/attributes/${other.id}`)).statusCode).toBe(204);

    const listed = (await call(viewer, 'GET', '/attributes')).json().data;
    expect(listed.find((a: { id: number }) => a.id === id)?.product_count).toBe(1);
  });

  it('lets a viewer read every list, and refuses its writes with 403', async () => {
    for (const path of ['/brands', '/tags', '/colors', '/attributes', '/product-collections']) {
      expect((await call(viewer, 'GET', path)).statusCode, path).toBe(200);
    }
    const refusals = await Promise.all([
      call(viewer, 'POST', '/brands', { name: 'V', slug: 'v' }),
      call(viewer, 'POST', '/tags', { name_uz: 'V', name_ru: 'В', color: '#000000' }),
      call(viewer, 'POST', '/colors', { name_uz: 'V', name_ru: 'В', slug: 'v', hex: '#000000' }),
      call(viewer, 'POST', '/attributes', { name_uz: 'V', name_ru: 'В', slug: 'v' }),
      call(viewer, 'DELETE', '/brands/1'),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
  });
});
