import { type FiscalLine, vatOf } from '@bozor/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FiscalReceiptRequest,
  FiscalRefusal,
  OfdFiscalRegister,
  ofdReceipt,
  SandboxFiscalRegister,
} from '../../src/providers/fiscal/index.ts';
import { OFD_TERMINAL, OFD_TOKEN, type OfdDouble, startOfdDouble } from '../helpers/ofd-double.ts';

const line = (sum: number, overrides: Partial<FiscalLine> = {}): FiscalLine => ({
  title: 'Samsung Galaxy A55',
  ikpu: '08517001001000000',
  packageCode: '1500254',
  units: null,
  count: 1,
  unitPrice: sum,
  sum,
  vatPercent: 12,
  vat: vatOf(sum, 12),
  ...overrides,
});

let seq = 100;
const sale = (overrides: Partial<FiscalReceiptRequest> = {}): FiscalReceiptRequest => {
  seq += 1;
  return {
    id: seq,
    kind: 'sale',
    refund: false,
    lines: [
      line(2_400_000),
      line(99_000, { title: 'Kabel', count: 2, unitPrice: 49_500, vatPercent: 0, vat: 0 }),
    ],
    receivedCard: 2_499_000,
    receivedCash: 0,
    time: new Date('2026-11-29T09:30:00Z'),
    phone: '998901234567',
    refersTo: null,
    ...overrides,
  };
};

describe('the OFD register adapter on its double', () => {
  let ofd: OfdDouble;
  let register: OfdFiscalRegister;
  beforeAll(async () => {
    ofd = await startOfdDouble();
    register = new OfdFiscalRegister({ baseUrl: ofd.url, token: OFD_TOKEN, timeoutMs: 2_000 });
  });
  afterAll(() => ofd.close());
  beforeEach(() => {
    ofd.control.mode = 'ok';
    ofd.control.lateMs = 0;
    ofd.control.unknownSpic.clear();
  });

  it('sends the OFD receipt: tiyin, pieces in thousandths, VAT per item, the phone', async () => {
    const receipt = sale();
    const done = await register.register(receipt);
    expect(done).toMatchObject({ terminalId: OFD_TERMINAL, receiptSeq: String(receipt.id) });
    expect(done.fiscalSign).toMatch(/^\d{12}$/);
    expect(done.qrUrl).toBe(
      `https://ofd.soliq.uz/check?t=${OFD_TERMINAL}&r=${receipt.id}&c=${ofdStamp(done.dateTime)}&s=${done.fiscalSign}`,
    );
    const sent = ofd.registered.get(String(receipt.id))?.body;
    expect(sent).toEqual({
      ReceiptSeq: String(receipt.id),
      IsRefund: 0,
      ReceiptType: 0,
      Items: [
        {
          Name: 'Samsung Galaxy A55',
          SPIC: '08517001001000000',
          PackageCode: '1500254',
          GoodPrice: 240_000_000,
          Price: 240_000_000,
          Amount: 1000,
          VAT: vatOf(2_400_000, 12),
          VATPercent: 12,
          Discount: 0,
          Other: 0,
        },
        expect.objectContaining({
          Name: 'Kabel',
          GoodPrice: 4_950_000,
          Price: 9_900_000,
          Amount: 2000,
          VAT: 0,
          VATPercent: 0,
        }),
      ],
      ReceivedCash: 0,
      ReceivedCard: 249_900_000,
      TotalVAT: vatOf(2_400_000, 12),
      Time: '2026-11-29 14:30:00',
      ExtraInfo: { PhoneNumber: '998901234567' },
    });
  });

  it('answers a receipt sent again after a lost answer with its first registration', async () => {
    const receipt = sale();
    ofd.control.dropNext = true;
    const lost = await register.register(receipt).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(FiscalRefusal);
    expect(lost).toMatchObject({ code: 'UNAVAILABLE', retry: true });
    const again = await register.register(receipt);
    expect(again.fiscalSign).toBe(ofd.registered.get(String(receipt.id))?.answer.FiscalSign);
    // another receipt under a used number is refused, not registered over the first
    const clash = await register
      .register({ ...receipt, receivedCard: 2_400_000, lines: [line(2_400_000)] })
      .catch((e: unknown) => e);
    expect(clash).toMatchObject({ code: 'OFD_11', retry: false });
  });

  it('refuses what the OFD refuses, and tries a register that is down or slow again later', async () => {
    ofd.control.unknownSpic.add('08517001001000000');
    await expect(register.register(sale())).rejects.toMatchObject({ code: 'OFD_1', retry: false });
    ofd.control.unknownSpic.clear();
    // an advance takes exactly its items; a sale may leave a part owed on credit, never take more
    await expect(
      register.register(sale({ kind: 'advance', receivedCard: 2_000_000 })),
    ).rejects.toMatchObject({ code: 'OFD_2', retry: false });
    await expect(register.register(sale({ receivedCard: 3_000_000 }))).rejects.toMatchObject({
      code: 'OFD_2',
      retry: false,
    });
    ofd.control.mode = 'down';
    await expect(register.register(sale())).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      retry: true,
    });
    ofd.control.mode = 'ok';
    ofd.control.lateMs = 3_000;
    await expect(register.register(sale())).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      retry: true,
    });
    ofd.control.lateMs = 0;
    const wrongToken = new OfdFiscalRegister({ baseUrl: ofd.url, token: 'wrong' });
    await expect(wrongToken.register(sale())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      retry: true,
    });
  });

  it('names the receipt a refund returns and the sale a repayment repays', async () => {
    const first = sale();
    const registered = await register.register(first);
    const refund = await register.register({
      ...sale(),
      kind: 'refund',
      refund: true,
      lines: first.lines,
      refersTo: registered,
    });
    expect(ofd.registered.get(refund.receiptSeq)?.body).toMatchObject({
      IsRefund: 1,
      RefundInfo: {
        TerminalID: OFD_TERMINAL,
        ReceiptSeq: registered.receiptSeq,
        FiscalSign: registered.fiscalSign,
        DateTime: ofdStamp(registered.dateTime),
      },
    });
    const handover = await register.register(
      sale({ kind: 'credit_sale', lines: [line(7_000_000)], receivedCard: 1_000_000 }),
    );
    const repayment = await register.register(
      sale({
        kind: 'credit',
        lines: [line(1_100_000)],
        receivedCard: 0,
        receivedCash: 1_100_000,
        refersTo: handover,
      }),
    );
    expect(ofd.registered.get(repayment.receiptSeq)?.body).toMatchObject({
      ReceiptType: 2,
      ReceivedCash: 110_000_000,
      SaleReceiptInfo: { ReceiptSeq: handover.receiptSeq, FiscalSign: handover.fiscalSign },
    });
    // a repayment that names a receipt the OFD never registered is refused
    await expect(
      register.register(
        sale({
          kind: 'credit',
          lines: [line(100)],
          receivedCard: 100,
          refersTo: { ...handover, fiscalSign: '000000000000' },
        }),
      ),
    ).rejects.toMatchObject({ code: 'OFD_3' });
  });

  it('is no more forgiving in the sandbox: the same checks refuse the same receipts', async () => {
    const sandbox = new SandboxFiscalRegister({ publicUrl: 'https://bozor.test' });
    await expect(sandbox.register(sale({ receivedCard: 2_000_000 }))).rejects.toMatchObject({
      code: 'BAD_TOTAL',
    });
    await expect(
      sandbox.register(sale({ lines: [line(2_499_000, { ikpu: '123' })] })),
    ).rejects.toMatchObject({ code: 'BAD_SPIC' });
    await expect(
      sandbox.register(sale({ lines: [line(2_499_000, { vat: 1 })] })),
    ).rejects.toMatchObject({ code: 'BAD_VAT' });
    await expect(sandbox.register(sale({ kind: 'credit', refersTo: null }))).rejects.toMatchObject({
      code: 'NO_REFERENCE',
    });
    const receipt = sale();
    const once = await sandbox.register(receipt);
    expect(await sandbox.register(receipt)).toEqual(once);
    // and what the sandbox takes, the OFD takes
    expect(ofdReceipt(receipt).Items).toHaveLength(2);
    await expect(register.register(receipt)).resolves.toMatchObject({
      receiptSeq: String(receipt.id),
    });
  });
});

function ofdStamp(at: Date) {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
