// The bucket side of the s3 session store: an S3 client from config (@aws-sdk/client-s3, path-style for
// self-hosted servers), the bucket made on first use with a lifecycle rule as the sweeper's backstop, and
// the few object operations the store needs.
import 'server-only';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutBucketLifecycleConfigurationCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { serverConfig } from '@/lib/config';

const DAY_MS = 86_400_000;
/** Every object this store writes lives under this prefix (the lifecycle rule covers only it). */
export const OBJECT_PREFIX = 'sessions/';

export class S3Objects {
  readonly client: S3Client;
  readonly bucket: string;
  private ready: Promise<void> | null = null;

  constructor() {
    const { s3 } = serverConfig();
    this.bucket = s3.bucket!;
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
      // Self-hosted S3 servers differ in which of the newer checksum headers they accept: only when the
      // API requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Makes the bucket if it is missing and sets the backstop lifecycle rule, once per process. */
  ensureBucket(): Promise<void> {
    this.ready ??= this.prepare().catch((e) => {
      this.ready = null;
      throw e;
    });
    return this.ready;
  }

  private async prepare(): Promise<void> {
    const exists = await this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).then(
      () => true,
      (e) => {
        if (statusOf(e) === 404) return false;
        throw e;
      },
    );
    if (!exists) {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket })).catch((e) => {
        if (!/BucketAlreadyOwnedByYou|BucketAlreadyExists/.test((e as Error).name)) throw e;
      });
    }
    // The sweeper deletes sessions after SESSION_TTL_MINUTES idle; whatever it misses (every instance down,
    // Redis lost) expires here a day after that.
    const cfg = serverConfig();
    const days = 1 + Math.ceil(cfg.sessionTtlMs / DAY_MS);
    await this.client
      .send(
        new PutBucketLifecycleConfigurationCommand({
          Bucket: this.bucket,
          LifecycleConfiguration: {
            Rules: [
              {
                ID: 'onedesk-sessions-backstop',
                Status: 'Enabled',
                Filter: { Prefix: OBJECT_PREFIX },
                Expiration: { Days: days },
                AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
              },
            ],
          },
        }),
      )
      .catch((e) => console.warn(`[store] could not set the bucket lifecycle rule: ${(e as Error).message}`));
  }

  async putFile(key: string, file: string, contentType = 'application/octet-stream'): Promise<void> {
    await this.ensureBucket();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    await upload.done();
  }

  /** The object's bytes as a stream, or null when it does not exist. */
  async open(key: string): Promise<Readable | null> {
    await this.ensureBucket();
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body as never);
    } catch (e) {
      if (statusOf(e) === 404) return null;
      throw e;
    }
  }

  /** Downloads the object into a local file; false when it does not exist. */
  async download(key: string, file: string): Promise<boolean> {
    const body = await this.open(key);
    if (!body) return false;
    await pipeline(body, createWriteStream(file, { flags: 'wx' }));
    return true;
  }

  async list(prefix: string): Promise<string[]> {
    await this.ensureBucket();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async delete(keys: string[]): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (res.Errors?.length) throw new Error(`S3 delete failed: ${res.Errors[0].Code} ${res.Errors[0].Message}`);
      deleted += batch.length;
    }
    return deleted;
  }

  /** Deletes every object under the prefix; the number deleted. */
  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    return keys.length ? this.delete(keys) : 0;
  }
}

function statusOf(e: unknown): number | undefined {
  if (e instanceof S3ServiceException) return e.$metadata.httpStatusCode;
  return (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
