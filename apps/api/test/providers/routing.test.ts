import { describe, expect, it } from 'vitest';
import {
  CardDecline,
  type CardGateway,
  gatewayOfReceipt,
  gatewayOfToken,
  type ReceiptState,
  RoutingCardGateway,
} from '../../src/providers/payments/index.ts';

type Call = [string, ...unknown[]];

/** A gateway that answers every call at once and writes down what it was asked. */
function stub(name: 'payme' | 'click' | 'sandbox', token: string, receipt: string) {
  const calls: Call[] = [];
  let down = false;
  const maybeDown = () => {
    if (down) throw new CardDecline('GATEWAY_UNAVAILABLE', `${name} is down`);
  };
  const gateway: CardGateway = {
    name,
    async createCard(input) {
      calls.push(['createCard', input.number]);
      maybeDown();
      return { token, masked: '8600********1110', type: 'uzcard', expire: '03/39' };
    },
    async sendVerifyCode(t) {
      calls.push(['sendVerifyCode', t]);
      return { phone: '99890***1234', wait: 60 };
    },
    async verifyCard(t, code) {
      calls.push(['verifyCard', t, code]);
    },
    async monthlyTurnover() {
      throw new CardDecline('GATEWAY_UNAVAILABLE', 'no turnover');
    },
    async createReceipt(input) {
      calls.push(['createReceipt', input.token]);
      maybeDown();
      return { receiptId: receipt };
    },
    async payReceipt(input) {
      calls.push(['payReceipt', input.receiptId, input.token]);
      maybeDown();
      return 'paid';
    },
    async checkReceipt(id) {
      calls.push(['checkReceipt', id]);
      return 'paid' as ReceiptState;
    },
    async cancelReceipt(id) {
      calls.push(['cancelReceipt', id]);
      return 'cancelled';
    },
    async listReceipts() {
      maybeDown();
      return [
        {
          id: receipt,
          state: 'paid',
          amount: 1,
          reference: 'r',
          createdAt: new Date(0),
          paidAt: new Date(0),
          cancelledAt: null,
        },
      ];
    },
    async removeCard(t) {
      calls.push(['removeCard', t]);
    },
  };
  return {
    gateway,
    calls,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

const bind = { number: '8600111111111110', expire: '03/39', holderPhone: '998901234567' } as const;

describe('routing card gateway', () => {
  it('names the gateway of a token and a receipt: click by its prefix, the sandbox by sbx_, Payme the rest', () => {
    expect(gatewayOfToken('click:3B1DF3F1-7358')).toBe('click');
    expect(gatewayOfToken('sbx_abc.0123')).toBe('sandbox');
    expect(gatewayOfToken('6110a4d5e1f')).toBe('payme');
    expect(gatewayOfReceipt('click:ck_00ff')).toBe('click');
    expect(gatewayOfReceipt('sbx_rcpt_00ff')).toBe('sandbox');
    expect(gatewayOfReceipt('5e730e8e0b852a417aa49ceb')).toBe('payme');
  });

  it('binds through the first gateway, and through the next while the first is down', async () => {
    const payme = stub('payme', 'payme-token', 'payme-receipt');
    const click = stub('click', 'CLICK-TOKEN', 'ck_1');
    const router = new RoutingCardGateway([payme.gateway, click.gateway]);
    expect(router.name).toBe('payme+click');
    expect((await router.createCard({ ...bind, lang: 'uz' })).token).toBe('payme-token');
    payme.setDown(true);
    expect((await router.createCard({ ...bind, lang: 'uz' })).token).toBe('click:CLICK-TOKEN');
    click.setDown(true);
    const refusal = await router.createCard({ ...bind, lang: 'uz' }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'GATEWAY_UNAVAILABLE' });
  });

  it("pays, checks and cancels through the card's own gateway, each seeing its own ids", async () => {
    const payme = stub('payme', 'payme-token', 'payme-receipt');
    const click = stub('click', 'CLICK-TOKEN', 'ck_1');
    const router = new RoutingCardGateway([payme.gateway, click.gateway]);
    const { receiptId } = await router.createReceipt({
      amount: 100,
      reference: 'k',
      description: 'x',
      token: 'click:CLICK-TOKEN',
    });
    expect(receiptId).toBe('click:ck_1');
    expect(await router.payReceipt({ receiptId, token: 'click:CLICK-TOKEN' })).toBe('paid');
    await router.checkReceipt(receiptId);
    await router.cancelReceipt(receiptId);
    await router.verifyCard('click:CLICK-TOKEN', '666666');
    expect(click.calls).toEqual([
      ['createReceipt', 'CLICK-TOKEN'],
      ['payReceipt', 'ck_1', 'CLICK-TOKEN'],
      ['checkReceipt', 'ck_1'],
      ['cancelReceipt', 'ck_1'],
      ['verifyCard', 'CLICK-TOKEN', '666666'],
    ]);
    const old = await router.createReceipt({
      amount: 100,
      reference: 'k',
      description: 'x',
      token: 'payme-token',
    });
    expect(old.receiptId).toBe('payme-receipt');
    await router.checkReceipt('payme-receipt');
    expect(payme.calls).toEqual([
      ['createReceipt', 'payme-token'],
      ['checkReceipt', 'payme-receipt'],
    ]);
    // a receipt is never paid with a card of another gateway
    const mixed = await router
      .payReceipt({ receiptId, token: 'payme-token' })
      .catch((e: unknown) => e);
    expect(mixed).toMatchObject({ code: 'RECEIPT_REFUSED' });
  });

  it('tells the customer to pay with a card of the other gateway while one is down', async () => {
    const payme = stub('payme', 'payme-token', 'payme-receipt');
    const click = stub('click', 'CLICK-TOKEN', 'ck_1');
    const router = new RoutingCardGateway([payme.gateway, click.gateway]);
    payme.setDown(true);
    const down = (await router
      .createReceipt({ amount: 100, reference: 'k', description: 'x', token: 'payme-token' })
      .catch((e: unknown) => e)) as CardDecline;
    expect(down).toBeInstanceOf(CardDecline);
    expect(down).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', status: 503, gateway: 'payme' });
    expect(down.customerMessage('uz')).toBe(
      "Payme orqali to'lov vaqtincha ishlamayapti. Click orqali qo'shilgan kartangiz bo'lsa, u bilan to'lang yoki birozdan keyin urinib ko'ring",
    );
    expect(down.customerMessage('ru')).toBe(
      'Оплата через Payme временно недоступна. Если у вас есть карта, добавленная через Click, оплатите ею или попробуйте позже',
    );
    // the Click card still pays
    const { receiptId } = await router.createReceipt({
      amount: 100,
      reference: 'k2',
      description: 'x',
      token: 'click:CLICK-TOKEN',
    });
    expect(await router.payReceipt({ receiptId, token: 'click:CLICK-TOKEN' })).toBe('paid');
    // one gateway alone has no other to name
    const alone = new RoutingCardGateway([payme.gateway]);
    const only = (await alone
      .createReceipt({ amount: 100, reference: 'k', description: 'x', token: 'payme-token' })
      .catch((e: unknown) => e)) as CardDecline;
    expect(only.customerMessage('ru')).toBe(
      'Платёжный сервис временно недоступен. Попробуйте позже',
    );
  });

  it("lists every gateway's receipts, told apart by their ids, and fails when one cannot list", async () => {
    const payme = stub('payme', 'payme-token', 'payme-receipt');
    const click = stub('click', 'CLICK-TOKEN', 'ck_1');
    const router = new RoutingCardGateway([payme.gateway, click.gateway]);
    const listed = await router.listReceipts(new Date(0), new Date(1));
    expect(listed.map((r) => r.id)).toEqual(['payme-receipt', 'click:ck_1']);
    click.setDown(true);
    await expect(router.listReceipts(new Date(0), new Date(1))).rejects.toMatchObject({
      code: 'GATEWAY_UNAVAILABLE',
    });
  });

  it('refuses a card of a gateway the shop no longer speaks to as unavailable', async () => {
    const payme = stub('payme', 'payme-token', 'payme-receipt');
    const router = new RoutingCardGateway([payme.gateway]);
    const gone = await router.checkReceipt('click:ck_9').catch((e: unknown) => e);
    expect(gone).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', gateway: 'click' });
  });
});
