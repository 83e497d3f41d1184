import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/app.ts';
import { createContacts } from '../../helpers/factories.ts';

describe('GET /api/contacts', () => {
  const ctx = useTestApp();
  beforeAll(() => createContacts(ctx.db));

  it('lists the contacts as key and value pairs in their order', async () => {
    const res = await ctx.app.inject({ url: '/api/contacts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { key: 'phone', value: '+998 71 200 00 00' },
        { key: 'telegram', value: 'https://t.me/bozor_support' },
      ],
    });
  });
});
