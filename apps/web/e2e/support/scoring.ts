import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect } from '@playwright/test';
import { SANDBOX_CARDS } from '../../../api/src/providers/payments/sandbox.ts';
import { countMessages, readCode, uniquePhone } from './auth.ts';

/** The sandbox card gateway's test cards (README, "Sandbox: sign-in, cards and scoring"). */
function sandboxCard(behaviour: (typeof SANDBOX_CARDS)[number]['behaviour']): string {
  const card = SANDBOX_CARDS.find((c) => c.behaviour === behaviour);
  if (!card) throw new Error(`the sandbox has no ${behaviour} card`);
  return card.number;
}
/** Binds, with 12–15 million sum a month of turnover: scoring approves. */
export const APPROVED_CARD = sandboxCard('approved');
/** Binds, with 50–90 thousand sum a month: scoring rejects for low income. */
export const LOW_TURNOVER_CARD = sandboxCard('low-turnover');
/** Any expiry in the future binds a sandbox card. */
export const CARD_EXPIRY = '12/30';

let pinflCounter = 0;

/**
 * A birth date and a PINFL agreeing with it that no other journey of this run uses (the API keeps
 * one customer per PINFL): 3 for the 1900s, the birth day as DDMMYY, seven digits of its own.
 */
export function uniquePerson(birth = { day: '12', month: '05', year: '1990' }) {
  pinflCounter += 1;
  const tail = String((Date.now() * 10 + pinflCounter) % 10_000_000).padStart(7, '0');
  return {
    pinfl: `3${birth.day}${birth.month}${birth.year.slice(2)}${tail}`,
    birthDate: `${birth.day}.${birth.month}.${birth.year}`,
    isoBirthDate: `${birth.year}-${birth.month}-${birth.day}`,
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of coloured noise, `size` pixels square: noise does not compress, so 64 px is well
 * over the 2 KB the sandbox face check asks of a photo.
 */
export function facePhoto(size = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((size * 3 + 1) * size);
  let seed = 7;
  for (let i = 0; i < rows.length; i += 1) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    rows[i] = i % (size * 3 + 1) === 0 ? 0 : seed >> 16;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The customer's session on the API, for the steps a journey does not walk through the pages. */
export function customerApi(request: APIRequestContext, token: string, phone: string) {
  const headers = { Authorization: `Bearer ${token}`, lang: 'uz' };
  const post = async (path: string, data?: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  return {
    givePersonalDetails: () => {
      const person = uniquePerson();
      return post('/clients/add-birthday', {
        surname: 'Karimov',
        given_name: 'Aziz',
        patronymic: 'Botir o‘g‘li',
        passport: 'AA1234567',
        pinfl: person.pinfl,
        birth_date: person.isoBirthDate,
        monthly_income: 12_000_000,
      });
    },
    giveFacePhoto: async () => {
      const response = await request.post('/api/clients/identified', {
        headers,
        multipart: { image: { name: 'face.png', mimeType: 'image/png', buffer: facePhoto() } },
      });
      expect(response.ok(), await response.text()).toBe(true);
    },
    /** Binds a sandbox card with the code the outbox shows; answers its id. */
    bindCard: async (number: string) => {
      const seen = await countMessages(request, phone);
      const added = await post('/cards/add', { card_number: number, expire_date: CARD_EXPIRY });
      const otp = await readCode(request, phone, seen);
      const card = await post('/cards/confirm', { card_id: added.card_id, otp });
      return card.id as number;
    },
    chooseScoringCard: (cardId: number) => post('/clients/scoring-card', { card_id: cardId }),
    addGuarantor: async () => {
      const types = await request.get('/api/clients/relative-types', { headers });
      const [first] = ((await types.json()) as { data: { id: number }[] }).data;
      return post('/clients/add-guarantor', {
        full_name: 'Karimova Dilnoza',
        phone: uniquePhone(),
        relative_type_id: first?.id,
      });
    },
  };
}
