import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export { LocalStorage } from './local.ts';
export { S3Storage } from './s3.ts';
export { type Storage, StorageError, type StoredFile } from './types.ts';

export function createStorage(config: Config['storage']): Storage {
  if (config.provider === 's3') return new S3Storage(config);
  return new LocalStorage(config.dir);
}

/**
 * The private store (face photos, spreadsheets being imported): UPLOAD_DIR, or a bucket or folder
 * of one that browsers cannot read. It names no public address: the API serves its files to staff.
 */
export function createPrivateStorage(config: Config['privateStorage']): Storage {
  if (config.provider === 's3') return new S3Storage({ ...config, publicUrl: undefined });
  return new LocalStorage(config.dir, { private: true });
}
