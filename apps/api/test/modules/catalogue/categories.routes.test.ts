import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import { createCategory } from '../../helpers/factories.ts';

describe('category routes', () => {
  const ctx = useTestApp();
  let phones: { id: number; slug: string };
  let smartphones: { id: number; slug: string };
  let android: { id: number; slug: string };

  beforeAll(async () => {
    phones = await createCategory(ctx.db, {
      slug: 'phones',
      nameUz: 'Telefonlar',
      nameRu: 'Телефоны',
      isTop: true,
      position: 1,
    });
    smartphones = await createCategory(ctx.db, {
      slug: 'smartphones',
      nameUz: 'Smartfonlar',
      nameRu: 'Смартфоны',
      parentId: phones.id,
    });
    android = await createCategory(ctx.db, {
      slug: 'android',
      nameUz: 'Android smartfonlar',
      nameRu: 'Смартфоны на Android',
      parentId: smartphones.id,
    });
    await createCategory(ctx.db, {
      slug: 'furniture',
      nameUz: 'Mebel',
      nameRu: 'Мебель',
      position: 2,
    });
  });

  describe('GET /api/categories/top', () => {
    it('lists only the top root categories, in Uzbek by default', async () => {
      const res = await ctx.app.inject({ url: '/api/categories/top' });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.map((c: { slug: string }) => c.slug)).toEqual(['phones']);
      expect(data[0].name).toBe('Telefonlar');
      expect(data[0].children[0].slug).toBe('smartphones');
    });

    it('names categories in Russian when the lang header asks for it', async () => {
      const res = await ctx.app.inject({ url: '/api/categories/top', headers: { lang: 'ru' } });
      expect(res.json().data[0].name).toBe('Телефоны');
    });

    it('falls back to Accept-Language, then to Uzbek for an unknown language', async () => {
      const ru = await ctx.app.inject({
        url: '/api/categories/top',
        headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
      });
      expect(ru.json().data[0].name).toBe('Телефоны');
      const unknown = await ctx.app.inject({ url: '/api/categories/top', headers: { lang: 'fr' } });
      expect(unknown.json().data[0].name).toBe('Telefonlar');
    });
  });

  describe('GET /api/categories/all', () => {
    it('returns the whole tree three levels deep', async () => {
      const res = await ctx.app.inject({ url: '/api/categories/all' });
      const { data } = res.json();
      expect(data.map((c: { slug: string }) => c.slug)).toEqual(['phones', 'furniture']);
      expect(data[0].children[0].children[0]).toMatchObject({
        slug: 'android',
        parent_id: smartphones.id,
        children: [],
      });
    });
  });

  describe('GET /api/categories/:id', () => {
    it('finds a category by slug with its ancestors for breadcrumbs', async () => {
      const res = await ctx.app.inject({ url: '/api/categories/android', headers: { lang: 'ru' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: android.id,
        name: 'Смартфоны на Android',
        ancestors: [
          { slug: 'phones', name: 'Телефоны' },
          { slug: 'smartphones', name: 'Смартфоны' },
        ],
      });
    });

    it('finds a category by numeric id', async () => {
      const res = await ctx.app.inject({ url: `/api/categories/${phones.id}` });
      expect(res.json().data.slug).toBe('phones');
    });

    it('answers an unknown category with a JSON 404 in the caller language', async () => {
      const res = await ctx.app.inject({
        url: '/api/categories/no-such-thing',
        headers: { lang: 'ru' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Категория не найдена', code: 'CATEGORY_NOT_FOUND' });
    });

    it('rejects a malformed id with a 400 and field errors', async () => {
      const res = await ctx.app.inject({ url: '/api/categories/bad%20slug!' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors.id).toHaveLength(1);
    });
  });
});
