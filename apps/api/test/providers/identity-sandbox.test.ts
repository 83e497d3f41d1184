import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  detectImageType,
  SANDBOX_MISMATCH_PINFL,
  SANDBOX_NOT_LIVE_PINFL,
  SandboxIdentityProvider,
} from '../../src/providers/identity/index.ts';

const PINFL = '31505901234567';
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG of noise (noise does not compress, so it stays over 2 KB). */
function noisePng(size: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = createHash('shake256', { outputLength: size * 3 })
      .update(`row ${y}`)
      .digest();
    rows.push(Buffer.concat([Buffer.from([0]), row]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegOf(bytes: number): Uint8Array {
  const image = new Uint8Array(bytes).fill(0x5a);
  image.set(JPEG_START);
  return image;
}

describe('detectImageType', () => {
  it('knows JPEG and PNG by their first bytes', () => {
    expect(detectImageType(jpegOf(10))).toBe('image/jpeg');
    expect(detectImageType(noisePng(4))).toBe('image/png');
  });

  it('answers null for anything else, however it is named', () => {
    expect(detectImageType(new Uint8Array())).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(noisePng(4).subarray(0, 7))).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('SandboxIdentityProvider', () => {
  const identity = new SandboxIdentityProvider();

  it('approves a real photo over 2 KB', async () => {
    const photo = noisePng(48);
    expect(photo.byteLength).toBeGreaterThan(2_048);
    expect(await identity.checkFace({ image: photo, mime: 'image/png', pinfl: PINFL })).toEqual({
      ok: true,
    });
    expect(
      await identity.checkFace({ image: jpegOf(300_000), mime: 'image/jpeg', pinfl: PINFL }),
    ).toEqual({ ok: true });
  });

  it('finds no face in an image under 2 KB', async () => {
    const check = (bytes: number) =>
      identity.checkFace({ image: jpegOf(bytes), mime: 'image/jpeg', pinfl: PINFL });
    expect(await check(2_047)).toEqual({ ok: false, reason: 'NO_FACE' });
    expect(await check(2_048)).toEqual({ ok: true });
  });

  it('finds no face in bytes that are not the image type they claim', async () => {
    const png = noisePng(48);
    expect(await identity.checkFace({ image: png, mime: 'image/jpeg', pinfl: PINFL })).toEqual({
      ok: false,
      reason: 'NO_FACE',
    });
    const text = new Uint8Array(10_000).fill(0x41);
    expect(await identity.checkFace({ image: text, mime: 'image/png', pinfl: PINFL })).toEqual({
      ok: false,
      reason: 'NO_FACE',
    });
  });

  it('refuses a real photo for the two sandbox PINFLs', async () => {
    const image = jpegOf(50_000);
    expect(
      await identity.checkFace({ image, mime: 'image/jpeg', pinfl: SANDBOX_NOT_LIVE_PINFL }),
    ).toEqual({ ok: false, reason: 'NOT_LIVE' });
    expect(
      await identity.checkFace({ image, mime: 'image/jpeg', pinfl: SANDBOX_MISMATCH_PINFL }),
    ).toEqual({ ok: false, reason: 'MISMATCH' });
  });
});
