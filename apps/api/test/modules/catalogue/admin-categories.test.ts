import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory, createProduct } from '../../helpers/factories.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

type Row = {
  id: number;
  parent_id: number | null;
  slug: string;
  depth: number;
  position: number;
  product_count: number;
  child_count: number;
};

describe('categories in the back office', () => {
  const ctx = useTestApp();
  let manager: StaffBrowser;
  let viewer: StaffBrowser;

  beforeAll(async () => {
    manager = await signedInStaff(ctx.app, ctx.db, 'content_manager');
    viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
  });

  const call = (
    browser: StaffBrowser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang = 'ru',
  ) =>
    ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...as(browser), lang },
      ...(payload ? { payload } : {}),
    });
  const create = (payload: object) => call(manager, 'POST', '/categories', payload);
  const tree = async () => (await call(viewer, 'GET', '/categories')).json().data as Row[];

  it('creates a tree, lists it in order with depths, hidden ones included', async () => {
    const root = await create({ name_uz: 'Elektronika', name_ru: 'Электроника', slug: 'el' });
    expect(root.statusCode).toBe(201);
    const rootId = root.json().data.id;
    const child = await create({
      name_uz: 'Telefonlar',
      name_ru: 'Телефоны',
      slug: 'el-phones',
      parent_id: rootId,
      is_active: false,
    });
    expect(child.statusCode).toBe(201);
    expect(child.json().data).toMatchObject({ depth: 1, is_active: false, parent_id: rootId });
    const rows = await tree();
    const mine = rows.filter((r) => r.slug.startsWith('el'));
    expect(mine.map((r) => [r.slug, r.depth])).toEqual([
      ['el', 0],
      ['el-phones', 1],
    ]);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.create'), eq(auditLog.objectId, String(rootId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staffId).toBe(manager.staffId);
  });

  it('refuses a bad slug, a taken slug and a missing name on their fields', async () => {
    const bad = await create({ name_uz: 'A', name_ru: 'А', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.slug[0]).toMatch(/латинские/);
    await create({ name_uz: 'B', name_ru: 'Б', slug: 'taken-slug' });
    const taken = await create({ name_uz: 'C', name_ru: 'В', slug: 'taken-slug' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.slug[0]).toMatch(/занят/);
    const empty = await create({ name_uz: ' ', name_ru: 'Д', slug: 'empty-name' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['name_uz']);
  });

  it('moves a category under another, but never under itself or its own, nor past 3 levels', async () => {
    const a = await createCategory(ctx.db, { slug: 'move-a' });
    const b = await createCategory(ctx.db, { slug: 'move-b', parentId: a.id });
    const c = await createCategory(ctx.db, { slug: 'move-c', parentId: b.id });
    const other = await createCategory(ctx.db, { slug: 'move-other' });

    const cycle = await call(manager, 'PATCH', `/categories/${a.id}`, { parent_id: c.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors.parent_id[0]).toMatch(/внутрь/);
    const self = await call(manager, 'PATCH', `/categories/${a.id}`, { parent_id: a.id });
    expect(self.statusCode).toBe(400);

    // a (with b and c under it) under `other` would make 4 levels
    const deep = await call(manager, 'PATCH', `/categories/${a.id}`, { parent_id: other.id });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors.parent_id[0]).toMatch(/3 уровней/);
    const tooDeepNew = await create({
      name_uz: 'D',
      name_ru: 'Д',
      slug: 'move-d',
      parent_id: c.id,
    });
    expect(tooDeepNew.statusCode).toBe(400);

    // b (with c) under `other`: 3 levels, allowed; it goes last among its new siblings
    const moved = await call(manager, 'PATCH', `/categories/${b.id}`, { parent_id: other.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ parent_id: other.id, depth: 1 });
    const rows = await tree();
    expect(rows.find((r) => r.id === c.id)?.depth).toBe(2);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.move'), eq(auditLog.objectId, String(b.id))));
    expect(entry?.before).toMatchObject({ parent_id: a.id });
    expect(entry?.after).toMatchObject({ parent_id: other.id });
  });

  it('reorders siblings when the list names each of them once', async () => {
    const parent = await createCategory(ctx.db, { slug: 'order-parent' });
    const x = await createCategory(ctx.db, { slug: 'order-x', parentId: parent.id });
    const y = await createCategory(ctx.db, { slug: 'order-y', parentId: parent.id });
    const z = await createCategory(ctx.db, { slug: 'order-z', parentId: parent.id });
    const partial = await call(manager, 'POST', '/categories/order', {
      parent_id: parent.id,
      ids: [z.id, x.id],
    });
    expect(partial.statusCode).toBe(400);
    const ok = await call(manager, 'POST', '/categories/order', {
      parent_id: parent.id,
      ids: [z.id, x.id, y.id],
    });
    expect(ok.statusCode).toBe(200);
    const under = (await tree()).filter((r) => r.parent_id === parent.id);
    expect(under.map((r) => r.slug)).toEqual(['order-z', 'order-x', 'order-y']);
  });

  it('deletes only an empty category: with children or products it is a 409 saying how many', async () => {
    const parent = await createCategory(ctx.db, { slug: 'del-parent' });
    const leaf = await createCategory(ctx.db, { slug: 'del-leaf', parentId: parent.id });
    await createProduct(ctx.db, { categoryId: leaf.id });
    await createProduct(ctx.db, { categoryId: leaf.id, isActive: false });

    const listed = await tree();
    expect(listed.find((r) => r.id === leaf.id)).toMatchObject({
      product_count: 2,
      child_count: 0,
    });
    expect(listed.find((r) => r.id === parent.id)).toMatchObject({
      product_count: 0,
      child_count: 1,
    });

    const withChildren = await call(manager, 'DELETE', `/categories/${parent.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({ code: 'CATEGORY_HAS_CHILDREN' });
    expect(withChildren.json().message).toContain('1');
    const withProducts = await call(manager, 'DELETE', `/categories/${leaf.id}`, undefined, 'uz');
    expect(withProducts.statusCode).toBe(409);
    expect(withProducts.json()).toMatchObject({
      code: 'CATEGORY_HAS_PRODUCTS',
      data: { products: 2 },
    });
    expect(withProducts.json().message).toContain('2 ta mahsulot');

    const empty = await createCategory(ctx.db, { slug: 'del-empty', parentId: parent.id });
    expect((await call(manager, 'DELETE', `/categories/${empty.id}`)).statusCode).toBe(204);
    expect((await tree()).some((r) => r.id === empty.id)).toBe(false);
    expect((await call(manager, 'DELETE', `/categories/${empty.id}`)).statusCode).toBe(404);
  });

  it('lets a viewer read the tree but not change it', async () => {
    expect((await call(viewer, 'GET', '/categories')).statusCode).toBe(200);
    const refused = await call(viewer, 'POST', '/categories', {
      name_uz: 'V',
      name_ru: 'В',
      slug: 'viewer-made',
    });
    expect(refused.statusCode).toBe(403);
    const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
    expect((await call(operator, 'DELETE', '/categories/1')).statusCode).toBe(403);
  });
});
