import { Readable, Writable } from 'node:stream';
import { MAX_FACE_IMAGE_BYTES } from '@bozor/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, scoringProfiles } from '../../../src/db/schema/index.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createCustomerSession } from '../../helpers/auth.ts';
import { dumpDatabase } from '../../helpers/database.ts';
import { createTariffs } from '../../helpers/factories.ts';

const APPROVED = '8600111111111110';
const LOW_TURNOVER = '8600222222222223';
let pinflCounter = 0;
/** A PINFL of someone born on 12 May 1990 that no other test uses. */
const nextPinfl = () => `3120590${String(1_000_000 + ++pinflCounter).slice(-7)}`;

const log: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    log.push(String(chunk));
    done();
  },
});

/** A JPEG as a phone's camera would send it: the magic bytes and a few kilobytes. */
function photo(bytes = 4096, head = [0xff, 0xd8, 0xff, 0xe0]): Buffer {
  const image = Buffer.alloc(bytes, 0x42);
  Buffer.from(head).copy(image);
  return image;
}

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----bozor-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Session = Awaited<ReturnType<typeof createCustomerSession>>;

describe('scoring', () => {
  const ctx = useTestApp({ logger: { level: 'trace', stream } });
  beforeAll(async () => {
    await createTariffs(ctx.db);
  });

  const call = (s: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...s.headers, lang: 'ru' },
      ...(payload ? { payload } : {}),
    });
  const state = async (s: Session) =>
    (await call(s, 'GET', '/api/clients/info')).json().data.scoring;
  const personal = (s: Session, pinfl = nextPinfl()) =>
    call(s, 'POST', '/api/clients/add-birthday', {
      surname: 'Aliyev',
      given_name: 'Karim',
      patronymic: 'Anvar o‘g‘li',
      passport: 'AA1234567',
      pinfl,
      birth_date: '1990-05-12',
      monthly_income: 8_000_000,
    });
  const upload = (s: Session, file = photo(), type = 'image/jpeg', name = 'face.jpg') => {
    const form = multipart('image', name, type, file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/clients/identified',
      headers: { ...s.headers, ...form.headers, lang: 'ru' },
      payload: form.payload,
    });
  };
  const bindCard = async (s: Session, number: string) => {
    const added = await call(s, 'POST', '/api/cards/add', {
      card_number: number,
      expire_date: '12/30',
    });
    const outbox = await ctx.app.inject({ url: `/api/dev/outbox?phone=${s.customer.phone}` });
    const otp = /(\d{6})/.exec(outbox.json().data[0].text)?.[1];
    const confirmed = await call(s, 'POST', '/api/cards/confirm', {
      card_id: added.json().data.card_id,
      otp,
    });
    expect(confirmed.statusCode).toBe(200);
    return confirmed.json().data.id as number;
  };
  const guarantor = (s: Session, phone = '998907776655') =>
    call(s, 'POST', '/api/clients/add-guarantor', {
      full_name: 'Karim Aliyev',
      phone,
      relative_type_id: 1,
    });
  /** Every step but the decision, with the given card. */
  const prepare = async (card: string) => {
    const s = await createCustomerSession(ctx.db);
    expect((await personal(s)).statusCode).toBe(200);
    expect((await upload(s)).statusCode).toBe(200);
    const cardId = await bindCard(s, card);
    expect(
      (await call(s, 'POST', '/api/clients/scoring-card', { card_id: cardId })).statusCode,
    ).toBe(200);
    expect((await guarantor(s)).statusCode).toBe(200);
    return s;
  };

  it('walks the steps one by one, kept on the server', async () => {
    const s = await createCustomerSession(ctx.db);
    expect(await state(s)).toMatchObject({ step: 'personal', personal: null });
    const saved = await personal(s);
    expect(saved.json()).toMatchObject({
      message: 'Данные сохранены',
      data: {
        step: 'face',
        personal: {
          passport: 'AA*****67',
          birth_date: '1990-05-12',
          surname: 'Aliyev',
          given_name: 'Karim',
          patronymic: 'Anvar o‘g‘li',
          monthly_income: 8_000_000,
        },
      },
    });
    expect(saved.json().data.personal.pinfl).toMatch(/^\d\*{10}\d{3}$/);
    expect((await upload(s)).json().data.step).toBe('card');
    const [me] = await ctx.db.select().from(customers).where(eq(customers.id, s.customer.id));
    expect(me?.isIdentified).toBe(true);
    const cardId = await bindCard(s, APPROVED);
    expect(
      (await call(s, 'POST', '/api/clients/scoring-card', { card_id: cardId })).json().data.step,
    ).toBe('guarantors');
    expect((await guarantor(s)).json().data).toMatchObject({
      full_name: 'Karim Aliyev',
      phone: '998907776655',
      relative_type: { id: 1, name: 'Отец или мать' },
    });
    expect(await state(s)).toMatchObject({ step: 'decision', guarantors: 1, card_id: cardId });
  });

  it('approves the high-turnover card with a limit in 100,000 steps', async () => {
    const s = await prepare(APPROVED);
    const res = await call(s, 'POST', '/api/clients/scoring');
    expect(res.statusCode).toBe(200);
    const decision = res.json().data;
    expect(decision).toMatchObject({
      status: 'approved',
      approved: true,
      reason: null,
      retry_at: null,
    });
    expect(decision.limit).toBeGreaterThanOrEqual(500_000);
    expect(decision.limit).toBeLessThanOrEqual(10_000_000);
    expect(decision.limit % 100_000).toBe(0);
    expect((await call(s, 'GET', '/api/clients/info')).json().data.user.is_scoring).toBe(true);
    expect((await call(s, 'GET', '/api/clients/limit')).json().data).toEqual({
      limit: decision.limit,
      used: 0,
      available: decision.limit,
    });
    expect((await call(s, 'POST', '/api/clients/scoring')).json().code).toBe('SCORING_DONE');
  });

  it('rejects the low-turnover card with a reason and a date for a new try', async () => {
    const s = await prepare(LOW_TURNOVER);
    const decision = (await call(s, 'POST', '/api/clients/scoring')).json().data;
    expect(decision).toMatchObject({ status: 'rejected', approved: false, limit: 0 });
    expect(decision.reason).toMatch(/карт/);
    const days = (Date.parse(decision.retry_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await state(s)).toMatchObject({ step: 'rejected', reason: 'LOW_INCOME' });
    expect((await call(s, 'GET', '/api/clients/limit')).json().data.available).toBe(0);
  });

  it('refuses to decide before every step is done', async () => {
    const s = await createCustomerSession(ctx.db);
    await personal(s);
    const res = await call(s, 'POST', '/api/clients/scoring');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('SCORING_STEP_MISSING');
  });

  describe('personal details', () => {
    it('puts each bad field under its name', async () => {
      const s = await createCustomerSession(ctx.db);
      const named = {
        surname: 'Алиев',
        given_name: 'Карим',
        patronymic: 'Анварович',
        monthly_income: 5_000_000,
      };
      const res = await call(s, 'POST', '/api/clients/add-birthday', {
        ...named,
        passport: 'A12',
        pinfl: '123',
        birth_date: '1990-02-30',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        passport: ['Паспорт: 2 латинские буквы и 7 цифр, например AA1234567'],
        pinfl: ['ПИНФЛ состоит из 14 цифр'],
        birth_date: ['Неверная дата рождения'],
      });
      const mismatch = await call(s, 'POST', '/api/clients/add-birthday', {
        ...named,
        passport: 'AA1234567',
        pinfl: '31205900123456',
        birth_date: '1991-05-12',
      });
      expect(mismatch.json().errors).toEqual({ pinfl: ['ПИНФЛ не совпадает с датой рождения'] });
      const young = await call(s, 'POST', '/api/clients/add-birthday', {
        ...named,
        passport: 'AA1234567',
        pinfl: '51205150123456',
        birth_date: '2015-05-12',
      });
      expect(young.json().errors).toEqual({ birth_date: ['Рассрочка доступна с 18 до 70 лет'] });
    });

    it('asks the name as in the passport and the monthly income, each checked', async () => {
      const s = await createCustomerSession(ctx.db);
      const details = { passport: 'AA1234567', pinfl: nextPinfl(), birth_date: '1990-05-12' };
      const missing = await call(s, 'POST', '/api/clients/add-birthday', details);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({
        surname: ['Обязательное поле'],
        given_name: ['Обязательное поле'],
        patronymic: ['Обязательное поле'],
        monthly_income: ['Обязательное поле'],
      });
      const bad = await call(s, 'POST', '/api/clients/add-birthday', {
        ...details,
        surname: 'Aliyev2',
        given_name: 'K',
        patronymic: 'x'.repeat(61),
        monthly_income: 99_999,
      });
      const nameRule =
        'Укажите как в паспорте: 2–60 латинских или кириллических букв, апостроф и дефис';
      expect(bad.json().errors).toEqual({
        surname: [nameRule],
        given_name: [nameRule],
        patronymic: ['Слишком длинно'],
        monthly_income: ['Ежемесячный доход — целое число от 100 000 до 1 000 000 000 сум'],
      });
      for (const monthly_income of [1_000_000_001, 150_000.5, '5000000']) {
        const res = await call(s, 'POST', '/api/clients/add-birthday', {
          ...details,
          surname: 'Aliyev',
          given_name: 'Karim',
          patronymic: 'Anvarovich',
          monthly_income,
        });
        expect(Object.keys(res.json().errors), String(monthly_income)).toEqual(['monthly_income']);
      }
      const kept = await call(s, 'POST', '/api/clients/add-birthday', {
        ...details,
        surname: '  Ahmedova-Karimova ',
        given_name: 'Gʻulomjon',
        patronymic: 'Akmal  qizi',
        monthly_income: 1_000_000_000,
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.personal).toMatchObject({
        surname: 'Ahmedova-Karimova',
        given_name: 'Gʻulomjon',
        patronymic: 'Akmal qizi',
        monthly_income: 1_000_000_000,
      });
    });

    it('asks a customer who gave the details before the name was asked for them again', async () => {
      const s = await createCustomerSession(ctx.db);
      await personal(s);
      await ctx.db
        .update(scoringProfiles)
        .set({ surname: null, givenName: null, patronymic: null, declaredIncome: null })
        .where(eq(scoringProfiles.customerId, s.customer.id));
      expect(await state(s)).toMatchObject({
        step: 'personal',
        personal: { passport: 'AA*****67', surname: null, monthly_income: null },
      });
    });

    it('refuses a PINFL another customer gave with a 409', async () => {
      const [alice, bob] = [
        await createCustomerSession(ctx.db),
        await createCustomerSession(ctx.db),
      ];
      expect((await personal(alice, '31205900999991')).statusCode).toBe(200);
      const res = await personal(bob, '31205900999991');
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.pinfl).toHaveLength(1);
      // The owner may give it again.
      expect((await personal(alice, '31205900999991')).statusCode).toBe(200);
    });

    it('takes a corrected PINFL until the decision, and asks for the face again only for another PINFL', async () => {
      const s = await createCustomerSession(ctx.db);
      const first = nextPinfl();
      expect((await personal(s, first)).statusCode).toBe(200);
      expect((await upload(s)).statusCode).toBe(200);
      expect(await state(s)).toMatchObject({ step: 'card' });
      // the same details again (a fixed typo in the name) keep the face check
      expect((await personal(s, first)).statusCode).toBe(200);
      expect(await state(s)).toMatchObject({ step: 'card' });
      // a mistyped PINFL corrected: the face is checked against the person it names
      const corrected = nextPinfl();
      const res = await personal(s, corrected);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        step: 'face',
        personal: { pinfl: `${corrected[0]}**********${corrected.slice(-3)}` },
      });
      expect((await upload(s)).statusCode).toBe(200);
      expect(await state(s)).toMatchObject({ step: 'card' });
    });
  });

  describe('the face image', () => {
    it('judges the file by its bytes, not its name', async () => {
      const s = await createCustomerSession(ctx.db);
      await personal(s);
      const res = await upload(
        s,
        Buffer.from('GIF89a'.padEnd(4000, 'x')),
        'image/jpeg',
        'face.jpg',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Снимок должен быть в формате JPEG или PNG');
      const png = photo(4096, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect((await upload(s, png, 'application/octet-stream', 'face.bin')).statusCode).toBe(200);
    });

    it('refuses an image over 5 MB with a 413 and a message', async () => {
      const s = await createCustomerSession(ctx.db);
      await personal(s);
      const res = await upload(s, photo(6 * 1024 * 1024));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: 'Снимок должен быть не больше 5 МБ',
        code: 'IMAGE_TOO_LARGE',
      });
    });

    it('refuses a face cut exactly at the limit, the rest arriving in a second piece', async () => {
      const s = await createCustomerSession(ctx.db);
      await personal(s);
      const form = multipart('image', 'face.jpg', 'image/jpeg', photo(MAX_FACE_IMAGE_BYTES + 4096));
      const cut =
        form.payload.indexOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0])) + MAX_FACE_IMAGE_BYTES;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/clients/identified',
        headers: {
          ...s.headers,
          ...form.headers,
          'content-length': String(form.payload.length),
          lang: 'ru',
        },
        payload: Readable.from([form.payload.subarray(0, cut), form.payload.subarray(cut)], {
          objectMode: false,
        }),
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().code).toBe('IMAGE_TOO_LARGE');
    });

    it('answers a face the check does not accept, and a request with no image', async () => {
      const s = await createCustomerSession(ctx.db);
      await personal(s);
      const tiny = await upload(s, photo(1000));
      expect(tiny.statusCode).toBe(422);
      expect(tiny.json().code).toBe('FACE_NOT_RECOGNISED');
      expect((await state(s)).step).toBe('face');
      const json = await call(s, 'POST', '/api/clients/identified', { image: 'x' });
      expect(json.statusCode).toBe(400);
      expect(json.json().code).toBe('IMAGE_MISSING');
    });

    it('needs the personal details first', async () => {
      const s = await createCustomerSession(ctx.db);
      expect((await upload(s)).json().code).toBe('SCORING_STEP_MISSING');
    });
  });

  describe('contact persons', () => {
    it('lists the relative types in the caller’s language', async () => {
      const s = await createCustomerSession(ctx.db);
      const res = await ctx.app.inject({
        url: '/api/clients/relative-types',
        headers: { ...s.headers, lang: 'uz' },
      });
      expect(res.json().data[0]).toEqual({ id: 1, name: 'Ota yoki ona' });
      expect(res.json().data).toHaveLength(6);
    });

    it('refuses the customer’s own phone, a phone twice, a fourth person and bad fields', async () => {
      const s = await createCustomerSession(ctx.db);
      const own = await guarantor(s, s.customer.phone);
      expect(own.statusCode).toBe(400);
      expect(own.json().errors.phone).toEqual(['Укажите номер другого человека, не свой']);
      expect((await guarantor(s, '998901110001')).statusCode).toBe(200);
      const twice = await guarantor(s, '998901110001');
      expect(twice.statusCode).toBe(409);
      expect((await guarantor(s, '998901110002')).statusCode).toBe(200);
      expect((await guarantor(s, '998901110003')).statusCode).toBe(200);
      const fourth = await guarantor(s, '998901110004');
      expect(fourth.statusCode).toBe(422);
      expect(fourth.json().code).toBe('GUARANTOR_LIMIT');
      const bad = await call(s, 'POST', '/api/clients/add-guarantor', {
        full_name: '',
        phone: '123',
        relative_type_id: 99,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['full_name', 'phone']);
      const unknownType = await call(s, 'POST', '/api/clients/add-guarantor', {
        full_name: 'Karim Aliyev',
        phone: '998901110009',
        relative_type_id: 99,
      });
      expect(unknownType.json().errors).toEqual({ relative_type_id: ['Выберите, кем приходится'] });
    });

    it('deletes the customer’s own person and answers 404 for another’s', async () => {
      const [alice, bob] = [
        await createCustomerSession(ctx.db),
        await createCustomerSession(ctx.db),
      ];
      const added = (await guarantor(alice)).json().data;
      expect((await call(bob, 'DELETE', `/api/clients/guarantor/${added.id}`)).statusCode).toBe(
        404,
      );
      expect((await call(alice, 'DELETE', `/api/clients/guarantor/${added.id}`)).statusCode).toBe(
        200,
      );
      expect((await call(alice, 'GET', '/api/clients/guarantors')).json().data).toEqual([]);
    });
  });

  it('chooses only the customer’s own confirmed card for scoring', async () => {
    const [alice, bob] = [await createCustomerSession(ctx.db), await createCustomerSession(ctx.db)];
    const cardId = await bindCard(alice, '9860111111111113');
    const res = await call(bob, 'POST', '/api/clients/scoring-card', { card_id: cardId });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the PINFL and passport out of the database and the log', async () => {
    const s = await createCustomerSession(ctx.db);
    expect((await personal(s, '41205900555551')).statusCode).toBe(200);
    await call(s, 'POST', '/api/clients/add-birthday', {
      passport: 'AB7654321',
      pinfl: '41205900555552',
      birth_date: '1990-05-13',
    });
    const dump = await dumpDatabase(ctx.db);
    for (const secret of ['41205900555551', '41205900555552', 'AB7654321', 'AA1234567']) {
      expect(dump).not.toContain(secret);
      expect(log.join('')).not.toContain(secret);
    }
  });
});
