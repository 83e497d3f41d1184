import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

export const TEST_BUCKET = 'bozor-media';

/**
 * A local S3 server on a port of its own, with the bucket made, for the test file. It checks the
 * access key but not the signature.
 */
export function useS3rver() {
  const server = {
    endpoint: '',
    options() {
      return {
        endpoint: this.endpoint,
        bucket: TEST_BUCKET,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      };
    },
  };
  let s3rver: S3rver | undefined;
  let directory = '';
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'bozor-s3rver-'));
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    const address = (await s3rver.run()) as AddressInfo;
    server.endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3rver?.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return server;
}
