import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { checkKey, type ListedFile, type Storage, StorageError, type StoredFile } from './types.ts';

export interface S3Options {
  /** The S3 API's origin, e.g. https://s3.eu-central-1.amazonaws.com or a MinIO server. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the bucket's files (a CDN or the bucket's public address); the API proxies them when absent. */
  publicUrl?: string | undefined;
  /** A folder of the bucket the keys live under (`private/`); the whole bucket when absent. */
  prefix?: string | undefined;
  timeoutMs?: number;
}

/**
 * An S3-compatible bucket (AWS, MinIO, Cloudflare R2, Yandex Object Storage), or a folder of one,
 * addressed path-style (`<endpoint>/<bucket>/<prefix><key>`), so any of them works without DNS
 * per bucket. Requests are signed with AWS Signature V4.
 */
export class S3Storage implements Storage {
  readonly name = 's3';
  readonly #client: AwsClient;
  readonly #base: string;
  readonly #publicUrl: string | undefined;
  readonly #prefix: string;
  readonly #timeoutMs: number;

  constructor(options: S3Options) {
    this.#client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: 2,
    });
    this.#base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
    this.#publicUrl = options.publicUrl?.replace(/\/+$/, '');
    this.#prefix = options.prefix ? `${checkKey(options.prefix.replace(/\/+$/, ''))}/` : '';
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const response = await this.#send('PUT', key, {
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) },
    });
    await response.body?.cancel();
    if (!response.ok) throw new StorageError(`S3 answered ${response.status} to writing ${key}`);
  }

  async get(key: string): Promise<StoredFile | null> {
    const response = await this.#send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new StorageError(`S3 answered ${response.status} to reading ${key}`);
    }
    const length = response.headers.get('content-length');
    return {
      body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      size: length === null ? undefined : Number(length),
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.#send('DELETE', key);
    await response.body?.cancel();
    // S3 answers 204 whether or not the key was there; some servers answer 404
    if (!response.ok && response.status !== 404) {
      throw new StorageError(`S3 answered ${response.status} to deleting ${key}`);
    }
  }

  url(key: string): string | null {
    return this.#publicUrl ? `${this.#publicUrl}/${this.#prefix}${checkKey(key)}` : null;
  }

  /** ListObjectsV2, a thousand keys a page, following the continuation token to the end. */
  async list(prefix: string): Promise<ListedFile[]> {
    const files: ListedFile[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({
        'list-type': '2',
        prefix: `${this.#prefix}${checkKey(prefix.replace(/\/+$/, ''))}/`,
      });
      if (token) query.set('continuation-token', token);
      let response: Response;
      try {
        response = await this.#client.fetch(`${this.#base}?${query}`, {
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
      } catch (err) {
        throw new StorageError(`S3 could not be reached: ${(err as Error).message}`, {
          cause: err,
        });
      }
      const xml = await response.text();
      if (!response.ok)
        throw new StorageError(`S3 answered ${response.status} to listing ${prefix}`);
      for (const [, body = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]*)<\/Key>/.exec(body)?.[1];
        const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(body)?.[1];
        if (key && modified) {
          const own = unescapeXml(key).slice(this.#prefix.length);
          files.push({ key: own, modifiedAt: new Date(modified) });
        }
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1]
        : undefined;
    } while (token);
    return files;
  }

  async #send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    try {
      return await this.#client.fetch(`${this.#base}/${this.#prefix}${checkKey(key)}`, {
        method,
        ...init,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (err) {
      throw new StorageError(`S3 could not be reached: ${(err as Error).message}`, { cause: err });
    }
  }
}

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
}
