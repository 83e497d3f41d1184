import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  banners,
  branches,
  contents,
  partnerApplications,
  questions,
} from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';

describe('content pages and home-page content', () => {
  const ctx = useTestApp();

  beforeAll(async () => {
    await ctx.db.insert(contents).values({
      slug: 'offer',
      titleUz: 'Ommaviy oferta',
      titleRu: 'Публичная оферта',
      bodyUz:
        '<h3>Shartlar</h3><p>Matn <a href="https://bozor.uz" onclick="x()">havola</a></p><script>alert(1)</script>',
      bodyRu:
        '<h3>Условия</h3><p>Текст <img src=x onerror="alert(1)"></p><a href="javascript:alert(1)">ссылка</a>',
    });
    await ctx.db.insert(banners).values([
      {
        titleUz: 'Ikkinchi',
        titleRu: 'Второй',
        image: '/media/banners/2.svg',
        link: '/b',
        color: '#000',
        position: 2,
      },
      {
        titleUz: 'Birinchi',
        titleRu: 'Первый',
        image: '/media/banners/1.svg',
        link: '/a',
        color: '#fff',
        position: 1,
      },
      {
        titleUz: 'Yashirin',
        titleRu: 'Скрытый',
        image: '/media/banners/3.svg',
        link: '/c',
        color: '#fff',
        isActive: false,
      },
    ]);
    await ctx.db.insert(questions).values({
      questionUz: 'Qanday?',
      questionRu: 'Как?',
      answerUz: 'Shunday',
      answerRu: 'Так',
    });
    await ctx.db.insert(branches).values({
      nameUz: 'Chilonzor filiali',
      nameRu: 'Филиал Чиланзар',
      addressUz: 'Toshkent, Chilonzor',
      addressRu: 'Ташкент, Чиланзар',
      phone: '+998 71 200 00 00',
      workingHours: '09:00–21:00',
    });
  });

  describe('GET /api/contents/:slug', () => {
    it('answers the page in the requested language as sanitised HTML', async () => {
      const res = await ctx.app.inject({ url: '/api/contents/offer' });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.title).toBe('Ommaviy oferta');
      expect(data.description).toContain('<h3>Shartlar</h3>');
      expect(data.description).toContain('<a href="https://bozor.uz">havola</a>');
      expect(data.description).not.toMatch(/script|onclick/);
    });

    it('drops images, event handlers and javascript: links', async () => {
      const res = await ctx.app.inject({ url: '/api/contents/offer', headers: { lang: 'ru' } });
      const { data } = res.json();
      expect(data.title).toBe('Публичная оферта');
      expect(data.description).not.toMatch(/img|onerror|javascript/);
    });

    it('is a JSON 404 for an unknown page', async () => {
      const res = await ctx.app.inject({ url: '/api/contents/nothing', headers: { lang: 'ru' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Страница не найдена', code: 'PAGE_NOT_FOUND' });
    });
  });

  it('GET /api/banners lists active banners in order', async () => {
    const res = await ctx.app.inject({ url: '/api/banners', headers: { lang: 'ru' } });
    expect(res.json().data.map((b: { title: string }) => b.title)).toEqual(['Первый', 'Второй']);
  });

  it('GET /api/questions answers in the requested language', async () => {
    const res = await ctx.app.inject({ url: '/api/questions', headers: { lang: 'ru' } });
    expect(res.json().data).toEqual([{ id: expect.any(Number), question: 'Как?', answer: 'Так' }]);
  });

  it('GET /api/branches lists the offices', async () => {
    const res = await ctx.app.inject({ url: '/api/branches' });
    expect(res.json().data[0]).toMatchObject({
      name: 'Chilonzor filiali',
      address: 'Toshkent, Chilonzor',
      working_hours: '09:00–21:00',
    });
  });
});

describe('POST /api/partners', () => {
  // As behind a proxy on this machine: X-Forwarded-For names each test's client address.
  const ctx = useTestApp({ trustProxy: ['127.0.0.1'] });
  let ip = 0;
  const post = (payload: object, lang = 'uz', from = `10.0.0.${++ip}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/partners',
      headers: { lang, 'x-forwarded-for': from },
      payload,
    });
  const valid = {
    full_name: 'Aziz Karimov',
    phone: '998901234567',
    store_name: 'Aziz Savdo',
    stir: '123456789',
  };

  it('stores the application and answers the success text', async () => {
    const res = await post(valid, 'ru');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Заявка успешно отправлена');
    const [row] = await ctx.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, body.data.id));
    expect(row).toMatchObject({ fullName: 'Aziz Karimov', storeName: 'Aziz Savdo', lang: 'ru' });
  });

  it('names every missing field', async () => {
    const res = await post({}, 'ru');
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['full_name', 'phone', 'stir', 'store_name']);
    expect(errors.full_name).toEqual(['Обязательное поле']);
  });

  it('rejects a stir that is too long or not digits, under the stir field', async () => {
    for (const stir of ['123456789012345', '12345abc9']) {
      const res = await post({ ...valid, stir });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['stir']);
    }
  });

  it('rejects a phone that is not 998 and nine digits', async () => {
    const res = await post({ ...valid, phone: '90123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toEqual([
      "Telefon raqami 998 va 9 ta raqamdan iborat bo'lishi kerak",
    ]);
  });

  it('rejects blank text that is only spaces', async () => {
    const res = await post({ ...valid, store_name: '   ' });
    expect(res.json().errors.store_name).toEqual(["To'ldirish shart"]);
  });

  it('limits applications from one address with a 429 and Retry-After', async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await post(valid, 'uz', from)).statusCode).toBe(201);
    const res = await post(valid, 'ru', from);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await post(valid, 'uz', '10.9.9.10')).statusCode).toBe(201);
  });
});
