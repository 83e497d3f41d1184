import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A virtual cash register's HTTP API in front of the tax committee's OFD, as Bozor's register
 * adapter speaks to it (`providers/fiscal/ofd.ts`): `POST /receipt` with the OFD's receipt JSON
 * (ReceiptSeq, IsRefund, ReceiptType 0 sale / 1 advance / 2 credit, Items with SPIC,
 * PackageCode, GoodPrice, Price, Amount in thousandths, VAT, VATPercent; ReceivedCard and
 * ReceivedCash in tiyin; RefundInfo or SaleReceiptInfo naming an earlier receipt by TerminalID,
 * ReceiptSeq, DateTime and FiscalSign) and a bearer token. It answers `Code` 0 with the
 * terminal, the receipt's number, its time (YYYYMMDDHHmmss), a 12-digit fiscal sign and the
 * OFD's check link, or another `Code` and a `Message`.
 *
 * What it refuses, as the OFD checks it: no items (1), an item whose SPIC is not 17 digits or is
 * not in its classifier (`unknownSpic`), without a package code, a price or VAT that does not
 * follow from the item (1); money received that does not add up to the items — exactly, except a
 * sale that leaves a part owed on credit, which may take less (2); a refund or a credit's receipt
 * that names no receipt it registered, or names one by a wrong fiscal sign (3); a receipt number
 * used before for a different receipt (11). The same receipt sent again under its number is
 * answered with its first registration. Codes are this double's; an operator's own list may
 * number them differently, which the adapter does not depend on (any code but 0 is a refusal).
 *
 * Tests can make it unreachable (503), lose the answer after registering (`dropNext`), answer
 * late, or refuse a receipt with a code, and read what it registered.
 */

export const OFD_TOKEN = 'ofd-test-token-0123456789';
export const OFD_TERMINAL = 'EZ000000000931';

interface OfdItem {
  Name?: unknown;
  SPIC?: unknown;
  PackageCode?: unknown;
  GoodPrice?: unknown;
  Price?: unknown;
  Amount?: unknown;
  VAT?: unknown;
  VATPercent?: unknown;
}

interface Reference {
  TerminalID?: unknown;
  ReceiptSeq?: unknown;
  DateTime?: unknown;
  FiscalSign?: unknown;
}

export interface OfdRegistration {
  body: Record<string, unknown>;
  answer: {
    Code: 0;
    TerminalID: string;
    ReceiptSeq: string;
    DateTime: string;
    FiscalSign: string;
    QRCodeURL: string;
  };
}

export interface OfdDouble {
  url: string;
  registered: Map<string, OfdRegistration>;
  control: {
    mode: 'ok' | 'down';
    /** Registers the next receipt and drops the connection without an answer. */
    dropNext: boolean;
    /** Refuses the next receipt with this code and message. */
    refuseNext: { code: number; message: string } | null;
    /** SPICs its classifier does not have. */
    unknownSpic: Set<string>;
    lateMs: number;
  };
  close(): Promise<void>;
}

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export async function startOfdDouble(): Promise<OfdDouble> {
  const registered = new Map<string, OfdRegistration>();
  const control: OfdDouble['control'] = {
    mode: 'ok',
    dropNext: false,
    refuseNext: null,
    unknownSpic: new Set(),
    lateMs: 0,
  };

  const refusal = (code: number, message: string) => ({ Code: code, Message: message });

  const check = (body: Record<string, unknown>) => {
    const items = body.Items as OfdItem[] | undefined;
    if (!Array.isArray(items) || items.length === 0) return refusal(1, 'Items: empty');
    let total = 0;
    for (const [i, item] of items.entries()) {
      if (typeof item.SPIC !== 'string' || !/^\d{17}$/.test(item.SPIC)) {
        return refusal(1, `Items[${i}].SPIC: not 17 digits`);
      }
      if (control.unknownSpic.has(item.SPIC)) return refusal(1, `Items[${i}].SPIC: not found`);
      if (typeof item.PackageCode !== 'string' || !/^\d{1,20}$/.test(item.PackageCode)) {
        return refusal(1, `Items[${i}].PackageCode: required`);
      }
      if (typeof item.Name !== 'string' || item.Name.length === 0) {
        return refusal(1, `Items[${i}].Name: required`);
      }
      if (!isWhole(item.Price) || item.Price <= 0 || !isWhole(item.GoodPrice)) {
        return refusal(1, `Items[${i}].Price: invalid`);
      }
      if (!isWhole(item.Amount) || item.Amount <= 0 || item.Amount % 1000 !== 0) {
        return refusal(1, `Items[${i}].Amount: invalid`);
      }
      if (!isWhole(item.VATPercent) || ![0, 12].includes(item.VATPercent)) {
        return refusal(1, `Items[${i}].VATPercent: invalid`);
      }
      const vat = Math.round((item.Price * item.VATPercent) / (100 + item.VATPercent));
      if (item.VAT !== vat) return refusal(1, `Items[${i}].VAT: ${String(item.VAT)} is not ${vat}`);
      total += item.Price;
    }
    const received = Number(body.ReceivedCard ?? 0) + Number(body.ReceivedCash ?? 0);
    const refund = body.IsRefund === 1;
    const creditSale = body.ReceiptType === 0 && !refund && received < total;
    if (!isWhole(body.ReceivedCard) || !isWhole(body.ReceivedCash)) {
      return refusal(2, 'ReceivedCard, ReceivedCash: required');
    }
    if (creditSale ? received > total : received !== total) {
      return refusal(2, `received ${received} for items of ${total}`);
    }
    const total_vat = items.reduce((sum, item) => sum + Number(item.VAT), 0);
    if (body.TotalVAT !== total_vat) return refusal(2, 'TotalVAT: does not add up');
    const named = (ref: Reference | undefined) =>
      ref !== undefined &&
      [...registered.values()].some(
        (r) =>
          r.answer.TerminalID === ref.TerminalID &&
          r.answer.ReceiptSeq === String(ref.ReceiptSeq) &&
          r.answer.FiscalSign === ref.FiscalSign,
      );
    if (refund && !named(body.RefundInfo as Reference | undefined)) {
      return refusal(3, 'RefundInfo: no such receipt');
    }
    if (body.ReceiptType === 2 && !named(body.SaleReceiptInfo as Reference | undefined)) {
      return refusal(3, 'SaleReceiptInfo: no such receipt');
    }
    return null;
  };

  const stamp = (at: Date) =>
    new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        const reply = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (control.lateMs > 0) setTimeout(reply, control.lateMs);
        else reply();
      };
      if (control.mode === 'down') return send(503, { error: 'unavailable' });
      if (req.method !== 'POST' || req.url !== '/receipt') return send(404, { error: 'not found' });
      if (req.headers.authorization !== `Bearer ${OFD_TOKEN}`) {
        return send(401, { error: 'unauthorized' });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(400, refusal(9, 'not JSON'));
      }
      if (control.refuseNext) {
        const { code, message } = control.refuseNext;
        control.refuseNext = null;
        return send(200, refusal(code, message));
      }
      const seq = String(body.ReceiptSeq ?? '');
      if (!/^\d{1,12}$/.test(seq)) return send(200, refusal(1, 'ReceiptSeq: invalid'));
      const earlier = registered.get(seq);
      if (earlier) {
        if (JSON.stringify(earlier.body) !== JSON.stringify(body)) {
          return send(200, refusal(11, `ReceiptSeq ${seq}: used by another receipt`));
        }
        return send(200, earlier.answer);
      }
      const refused = check(body);
      if (refused) return send(200, refused);
      const dateTime = stamp(new Date());
      const fiscalSign = String(
        createHash('sha256').update(`${seq}:${raw}`).digest().readUIntBE(0, 6) % 1_000_000_000_000,
      ).padStart(12, '0');
      const answer = {
        Code: 0 as const,
        TerminalID: OFD_TERMINAL,
        ReceiptSeq: seq,
        DateTime: dateTime,
        FiscalSign: fiscalSign,
        QRCodeURL: `https://ofd.soliq.uz/check?t=${OFD_TERMINAL}&r=${seq}&c=${dateTime}&s=${fiscalSign}`,
      };
      registered.set(seq, { body, answer });
      if (control.dropNext) {
        control.dropNext = false;
        res.destroy();
        return;
      }
      send(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    registered,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
