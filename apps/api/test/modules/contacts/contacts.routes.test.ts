import { beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../../src/db/schema/index.ts';
import type { Seller } from '../../../src/modules/contracts/seller.ts';
import { useTestApp } from '../../helpers/app.ts';
import { createContacts } from '../../helpers/factories.ts';

const SELLER: Seller = {
  name: '«Bozor Savdo» MChJ',
  tin: '305123456',
  address: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108",
  bank: '«Kapitalbank» ATB',
  account: '20208000500123456001',
  mfo: '01018',
};

describe('GET /api/contacts', () => {
  const ctx = useTestApp({ seller: SELLER });
  beforeAll(() => createContacts(ctx.db));

  it('lists the contacts as key and value pairs in their order, then the seller’s legal line', async () => {
    const res = await ctx.app.inject({ url: '/api/contacts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { key: 'phone', value: '+998 71 200 00 00' },
        { key: 'telegram', value: 'https://t.me/bozor_support' },
        { key: 'seller_name', value: '«Bozor Savdo» MChJ' },
        { key: 'seller_tin', value: '305123456' },
        {
          key: 'seller_address',
          value: "Toshkent sh., Yunusobod tumani, Amir Temur ko'chasi, 108",
        },
      ],
    });
  });

  it('shows no bank details, and names the seller the contracts name whatever a row says', async () => {
    await ctx.db.insert(contacts).values({ key: 'seller_name', value: 'Boshqa MChJ', position: 3 });
    const body = (await ctx.app.inject({ url: '/api/contacts' })).body;
    expect(body).not.toContain(SELLER.account);
    expect(body).not.toContain(SELLER.mfo);
    expect(body).not.toContain(SELLER.bank);
    expect(body).not.toContain('Boshqa MChJ');
    expect(body.match(/seller_name/g)).toHaveLength(1);
  });
});
