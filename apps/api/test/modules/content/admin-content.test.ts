import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contacts, contents } from '../../../src/db/schema/index.ts';
import { CACHED_ROUTES } from '../../../src/plugins/cached-routes.ts';
import { useTestApp } from '../../helpers/app.ts';
import { as, type StaffBrowser, signedInStaff } from '../../helpers/staff.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the shop content in the back office', () => {
  const ctx = useTestApp();
  const inject = (
    browser: StaffBrowser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
  const manager = () => signedInStaff(ctx.app, ctx.db, 'content_manager');
  const audited = (objectType: string, objectId: string | number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))));
  const storefrontTitles = async (url: string) => {
    const res = await ctx.app.inject({ url, headers: { lang: 'ru' } });
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .data.map(
        (item: { title?: string; question?: string; name?: string }) =>
          item.title ?? item.question ?? item.name,
      );
  };

  const banner = {
    title_uz: 'Chegirmalar',
    title_ru: 'Скидки',
    subtitle_uz: 'Hafta oxirigacha',
    subtitle_ru: 'До конца недели',
    image: '/media/banners/1.svg',
    image_mobile: '/media/banners/1-phone.svg',
    link: '/products/discount',
    color: '#1F6FEB',
  };

  describe('banners', () => {
    it('names each wrong field: a link outside the shop, a colour, a picture, dates in the wrong order', async () => {
      const me = await manager();
      const res = await inject(me, 'POST', '/banners', {
        ...banner,
        link: 'https://example.com',
        color: 'blue',
        image: 'banner.png',
        starts_at: '2030-01-02T00:00:00+05:00',
        ends_at: '2030-01-01T00:00:00+05:00',
      });
      expect(res.statusCode).toBe(400);
      const { errors } = res.json();
      expect(errors.link).toEqual([
        'Ссылка внутри магазина начинается с /, например /category/smartfonlar',
      ]);
      expect(errors.color).toEqual(['Укажите цвет в виде #RRGGBB, например #1F6FEB']);
      expect(errors.image).toEqual(['Адрес картинки должен начинаться с / или https://']);
      expect(errors.ends_at).toEqual(['Конец показа должен быть позже начала']);
      const missing = await inject(me, 'POST', '/banners', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.title_ru).toEqual(['Обязательное поле']);
    });

    it('refuses a link that a browser would follow off the shop, on creating and on changing', async () => {
      const me = await manager();
      for (const link of ['/\\evil.example', '//evil.example', '/\t/evil.example', '/a b']) {
        const res = await inject(me, 'POST', '/banners', { ...banner, link });
        expect(res.statusCode, link).toBe(400);
        expect(Object.keys(res.json().errors), link).toEqual(['link']);
      }
      const made = await inject(me, 'POST', '/banners', banner);
      const { id } = made.json().data;
      const moved = await inject(me, 'PATCH', `/banners/${id}`, { link: '/\\evil.example' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors.link).toEqual([
        'Ссылка внутри магазина начинается с /, например /category/smartfonlar',
      ]);
      await inject(me, 'DELETE', `/banners/${id}`);
    });

    it('adds, changes, hides and removes a banner, each change in the audit log', async () => {
      const me = await manager();
      const made = await inject(me, 'POST', '/banners', banner);
      expect(made.statusCode).toBe(200);
      const { id } = made.json().data;
      expect(made.json().data).toMatchObject({ ...banner, is_active: true, state: 'shown' });
      expect(await storefrontTitles('/api/banners')).toContain('Скидки');
      const shown = await ctx.app.inject({ url: '/api/banners' });
      expect(shown.json().data.find((b: { id: number }) => b.id === id)).toMatchObject({
        image: '/media/banners/1.svg',
        image_mobile: '/media/banners/1-phone.svg',
      });

      // an end before the stored start is refused with the stored dates in mind
      const started = await inject(me, 'PATCH', `/banners/${id}`, {
        starts_at: '2030-01-02T00:00:00+05:00',
      });
      expect(started.json().data.state).toBe('scheduled');
      const early = await inject(me, 'PATCH', `/banners/${id}`, {
        ends_at: '2030-01-01T00:00:00+05:00',
      });
      expect(early.statusCode).toBe(400);
      expect(early.json().errors.ends_at).toEqual(['Конец показа должен быть позже начала']);
      await inject(me, 'PATCH', `/banners/${id}`, { starts_at: null });

      const hidden = await inject(me, 'PATCH', `/banners/${id}`, { is_active: false });
      expect(hidden.json().data).toMatchObject({ is_active: false, state: 'hidden' });
      expect(await storefrontTitles('/api/banners')).not.toContain('Скидки');

      const gone = await inject(me, 'DELETE', `/banners/${id}`);
      expect(gone.statusCode).toBe(200);
      expect((await inject(me, 'DELETE', `/banners/${id}`)).json().code).toBe('BANNER_NOT_FOUND');
      const entries = await audited('banner', id);
      expect(entries.map((e) => e.action).sort()).toEqual([
        'banner.create',
        'banner.delete',
        'banner.update',
        'banner.update',
        'banner.update',
      ]);
      expect(entries.find((e) => e.action === 'banner.delete')).toMatchObject({
        staffId: me.staffId,
        before: expect.objectContaining({ title_ru: 'Скидки' }),
      });
    });

    it('puts banners in a new order, and refuses an order that misses one', async () => {
      const me = await manager();
      const a = (await inject(me, 'POST', '/banners', { ...banner, title_ru: 'А' })).json().data;
      const b = (await inject(me, 'POST', '/banners', { ...banner, title_ru: 'Б' })).json().data;
      const all = (await inject(me, 'GET', '/banners')).json().data as { id: number }[];
      const ids = all.map((x) => x.id).filter((x) => x !== a.id && x !== b.id);
      const res = await inject(me, 'POST', '/banners/order', { ids: [b.id, ...ids, a.id] });
      expect(res.statusCode).toBe(200);
      const titles = await storefrontTitles('/api/banners');
      expect(titles.indexOf('Б')).toBeLessThan(titles.indexOf('А'));
      const short = await inject(me, 'POST', '/banners/order', { ids: [a.id] });
      expect(short.statusCode).toBe(409);
      expect(short.json().code).toBe('REORDER_MISMATCH');
      expect(await audited('banner', 'order')).toHaveLength(1);
    });

    it('shows a banner by its dates on the moved clock, answered fresh each time', async () => {
      const me = await manager();
      const tomorrow = new Date(Date.now() + DAY).toISOString();
      const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await inject(me, 'POST', '/banners', { ...banner, title_ru: 'Завтра', starts_at: tomorrow });
      await inject(me, 'POST', '/banners', { ...banner, title_ru: 'Сегодня', ends_at: inAnHour });
      try {
        const now = await ctx.app.inject({ url: '/api/banners', headers: { lang: 'ru' } });
        expect(now.headers['cache-control']).toBe('no-cache');
        expect(CACHED_ROUTES['/api/banners']).toBeUndefined();
        expect(await storefrontTitles('/api/banners')).toEqual(expect.arrayContaining(['Сегодня']));
        expect(await storefrontTitles('/api/banners')).not.toContain('Завтра');

        const moved = await ctx.app.inject({
          method: 'POST',
          url: '/api/dev/clock',
          payload: { offset_ms: DAY + 60_000 },
        });
        expect(moved.statusCode).toBe(200);
        expect(moved.json().data.offset_ms).toBe(DAY + 60_000);
        const later = await storefrontTitles('/api/banners');
        expect(later).toContain('Завтра');
        expect(later).not.toContain('Сегодня');
        const states = (await inject(me, 'GET', '/banners')).json().data as {
          title_ru: string;
          state: string;
        }[];
        expect(states.find((s) => s.title_ru === 'Сегодня')?.state).toBe('ended');

        const reset = await ctx.app.inject({ method: 'DELETE', url: '/api/dev/clock' });
        expect(reset.json().data.offset_ms).toBe(0);
        expect(await storefrontTitles('/api/banners')).not.toContain('Завтра');
      } finally {
        ctx.app.clock.reset();
      }
    });
  });

  describe('text pages', () => {
    it('keeps a new page as a draft, hidden from the shop until published, its HTML sanitised', async () => {
      const me = await manager();
      const made = await inject(me, 'POST', '/pages', {
        slug: 'kafolat',
        title_uz: 'Kafolat',
        title_ru: 'Гарантия',
        body_uz: '<h2>Kafolat</h2><p onclick="steal()">Bir yil</p><script>alert(1)</script>',
        body_ru:
          '<p>Год <img src=x onerror="alert(1)"><a href="https://bozor.uz">подробнее</a></p>',
      });
      expect(made.statusCode).toBe(200);
      expect(made.json().data.is_published).toBe(false);
      const [row] = await ctx.db.select().from(contents).where(eq(contents.slug, 'kafolat'));
      expect(row!.bodyUz).toBe('<h2>Kafolat</h2><p>Bir yil</p>');
      expect(row!.bodyRu).toBe('<p>Год <a href="https://bozor.uz">подробнее</a></p>');
      expect(row!.bodyRu).not.toMatch(/onerror|img|script/);

      const draft = await ctx.app.inject({ url: '/api/contents/kafolat' });
      expect(draft.statusCode).toBe(404);
      expect(draft.json().code).toBe('PAGE_NOT_FOUND');
      // the back office reads the draft
      expect((await inject(me, 'GET', '/pages/kafolat')).json().data.title_ru).toBe('Гарантия');

      const published = await inject(me, 'PATCH', '/pages/kafolat', {
        is_published: true,
        body_ru: '<p>Два года<script>x()</script></p>',
      });
      expect(published.json().data.body_ru).toBe('<p>Два года</p>');
      const shown = await ctx.app.inject({ url: '/api/contents/kafolat', headers: { lang: 'ru' } });
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data).toMatchObject({
        title: 'Гарантия',
        description: '<p>Два года</p>',
      });
      const entries = await audited('page', 'kafolat');
      expect(entries.map((e) => e.action).sort()).toEqual(['page.create', 'page.update']);
    });

    it('keeps links to the shop, https, mail and phone, and drops the address of one that would leave the shop', async () => {
      const me = await manager();
      const made = await inject(me, 'POST', '/pages', {
        slug: 'havolalar',
        title_uz: 'Havolalar',
        title_ru: 'Ссылки',
        body_uz:
          '<p><a href="/offer">oferta</a> <a href="#shartlar">shartlar</a> <a href="tel:+998712000000">tel</a></p>',
        body_ru:
          '<p><a href="/\\evil.example">a</a> <a href="//evil.example">b</a> <a href="/&#92;evil.example">c</a> <a href="https://bozor.uz">d</a></p>',
      });
      expect(made.statusCode, made.body).toBe(200);
      const [row] = await ctx.db.select().from(contents).where(eq(contents.slug, 'havolalar'));
      expect(row!.bodyUz).toBe(
        '<p><a href="/offer">oferta</a> <a href="#shartlar">shartlar</a> <a href="tel:+998712000000">tel</a></p>',
      );
      expect(row!.bodyRu).toBe(
        '<p><a>a</a> <a>b</a> <a>c</a> <a href="https://bozor.uz">d</a></p>',
      );
    });

    it('refuses a taken slug, a malformed one, and a body with no text left', async () => {
      const me = await manager();
      const page = { title_uz: 'A', title_ru: 'А', body_uz: '<p>a</p>', body_ru: '<p>а</p>' };
      expect((await inject(me, 'POST', '/pages', { ...page, slug: 'yetkazish' })).statusCode).toBe(
        200,
      );
      const taken = await inject(me, 'POST', '/pages', { ...page, slug: 'yetkazish' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('PAGE_SLUG_TAKEN');
      const bad = await inject(me, 'POST', '/pages', { ...page, slug: 'Yetkazish Page' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.slug).toBeDefined();
      const empty = await inject(me, 'PATCH', '/pages/yetkazish', {
        body_ru: '<script>alert(1)</script>',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.body_ru).toEqual(['Обязательное поле']);
      const none = await inject(me, 'PATCH', '/pages/nothing-here', { title_ru: 'Б' });
      expect(none.statusCode).toBe(404);
    });
  });

  describe('questions', () => {
    it('shows only published questions on the shop, in the order staff put them', async () => {
      const me = await manager();
      const q = (text: string, extra: object = {}) =>
        inject(me, 'POST', '/questions', {
          question_uz: text,
          question_ru: text,
          answer_uz: 'Javob\nikki qator',
          answer_ru: 'Ответ\nв две строки',
          ...extra,
        });
      const one = (await q('Q1')).json().data;
      const two = (await q('Q2')).json().data;
      const draft = (await q('Q3', { is_published: false })).json().data;
      expect(await storefrontTitles('/api/questions')).toEqual(['Q1', 'Q2']);
      await inject(me, 'POST', '/questions/order', { ids: [two.id, draft.id, one.id] });
      expect(await storefrontTitles('/api/questions')).toEqual(['Q2', 'Q1']);
      await inject(me, 'PATCH', `/questions/${draft.id}`, { is_published: true });
      expect(await storefrontTitles('/api/questions')).toEqual(['Q2', 'Q3', 'Q1']);
      await inject(me, 'DELETE', `/questions/${one.id}`);
      expect(await storefrontTitles('/api/questions')).toEqual(['Q2', 'Q3']);
      const blank = await inject(me, 'POST', '/questions', { question_ru: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors.question_ru).toEqual(['Обязательное поле']);
      expect((await audited('question', draft.id)).map((e) => e.action).sort()).toEqual([
        'question.create',
        'question.update',
      ]);
    });
  });

  describe('branches', () => {
    const branch = {
      name_uz: 'Yunusobod filiali',
      name_ru: 'Филиал Юнусабад',
      address_uz: 'Toshkent, Yunusobod 4',
      address_ru: 'Ташкент, Юнусабад 4',
      phone: '+998 71 200-00-00',
      working_hours: '09:00–21:00',
      map_url: 'https://yandex.uz/maps/-/CDabc',
      latitude: '41.366',
      longitude: '69.284',
    };

    it('refuses a map link without https, a coordinate out of range and a wrong phone', async () => {
      const me = await manager();
      const res = await inject(me, 'POST', '/branches', {
        ...branch,
        map_url: 'http://maps.example.uz/x',
        latitude: '141.2',
        phone: '12345',
      });
      expect(res.statusCode).toBe(400);
      const { errors } = res.json();
      expect(errors.map_url).toEqual([
        'Ссылка должна начинаться с https://, например https://yandex.uz/maps/…',
      ]);
      expect(errors.latitude).toEqual(['Координата — число, например 41.311081']);
      expect(errors.phone).toEqual(['Номер телефона: 998 и 9 цифр']);
    });

    it('shows only published branches on the shop, with their map link', async () => {
      const me = await manager();
      const made = (
        await inject(me, 'POST', '/branches', { ...branch, is_published: false })
      ).json().data;
      expect(await storefrontTitles('/api/branches')).not.toContain('Филиал Юнусабад');
      const res = await inject(me, 'PATCH', `/branches/${made.id}`, {
        is_published: true,
        latitude: null,
      });
      expect(res.json().data).toMatchObject({ is_published: true, latitude: null });
      const shown = await ctx.app.inject({ url: '/api/branches', headers: { lang: 'ru' } });
      expect(shown.json().data).toContainEqual(
        expect.objectContaining({ name: 'Филиал Юнусабад', map_url: branch.map_url }),
      );
      expect((await audited('branch', made.id)).map((e) => e.action).sort()).toEqual([
        'branch.create',
        'branch.update',
      ]);
    });
  });

  describe('contacts', () => {
    it('checks each value by its key, and removes a contact set to empty', async () => {
      const me = await manager();
      const set = (key: string, value: string) =>
        inject(me, 'PATCH', `/contacts/${key}`, { value });
      expect((await set('phone', '71 200')).json().errors.value).toEqual([
        'Номер телефона: 998 и 9 цифр',
      ]);
      expect((await set('phone', '+998 71 200 00 01')).statusCode).toBe(200);
      expect((await set('telegram', 'https://example.com/bozor')).json().errors.value).toEqual([
        'Telegram: @имя или https://t.me/имя (5–32 латинские буквы, цифры и _)',
      ]);
      expect((await set('telegram', '@bozor_uz')).statusCode).toBe(200);
      expect((await set('telegram', 'https://t.me/bozor_uz')).statusCode).toBe(200);
      expect((await set('insurance', 'http://insurer.uz')).statusCode).toBe(400);
      expect((await set('insurance', '99871')).statusCode).toBe(400);
      expect((await set('insurance', '+998 71 123 45 67')).statusCode).toBe(200);
      expect((await set('insurance', 'Gross Insurance')).statusCode).toBe(200);
      expect((await set('insurance', 'https://gross.uz/ru')).statusCode).toBe(200);
      expect((await set('seller_name', 'Someone')).statusCode).toBe(400);

      const shop = await ctx.app.inject({ url: '/api/contacts' });
      const values = Object.fromEntries(
        shop.json().data.map((c: { key: string; value: string }) => [c.key, c.value]),
      );
      expect(values).toMatchObject({
        phone: '+998 71 200 00 01',
        telegram: 'https://t.me/bozor_uz',
        insurance: 'https://gross.uz/ru',
      });
      expect((await set('insurance', '')).statusCode).toBe(200);
      expect(await ctx.db.select().from(contacts).where(eq(contacts.key, 'insurance'))).toEqual([]);
      const list = (await inject(me, 'GET', '/contacts')).json().data;
      expect(list).toContainEqual({ key: 'insurance', value: '' });
      const entries = await audited('contact', 'insurance');
      expect(entries.at(-1)).toMatchObject({
        action: 'contact.update',
        before: { value: 'https://gross.uz/ru' },
        after: { value: '' },
      });
    });
  });

  describe('permissions', () => {
    it('lets a viewer read the content but not change it', async () => {
      const viewer = await signedInStaff(ctx.app, ctx.db, 'viewer');
      expect((await inject(viewer, 'GET', '/banners')).statusCode).toBe(200);
      expect((await inject(viewer, 'GET', '/pages')).statusCode).toBe(200);
      const write = await inject(viewer, 'POST', '/questions', {
        question_uz: 'a',
        question_ru: 'a',
        answer_uz: 'a',
        answer_ru: 'a',
      });
      expect(write.statusCode).toBe(403);
      const operator = await signedInStaff(ctx.app, ctx.db, 'operator');
      expect((await inject(operator, 'PATCH', '/contacts/phone', { value: '' })).statusCode).toBe(
        403,
      );
    });
  });
});

describe('the moved clock in production', () => {
  const ctx = useTestApp({ production: true });

  it('is not there', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { offset_ms: DAY },
    });
    expect(res.statusCode).toBe(404);
    expect(ctx.app.clock.offsetMs).toBe(0);
  });
});
