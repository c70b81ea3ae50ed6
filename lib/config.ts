// Server configuration from the environment, with defaults. Documented in README.md and .env.example.
import 'server-only';
import os from 'node:os';
import path from 'node:path';

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};
const MB = 1024 * 1024;

/** Read on each call so tests (and operators) can change the environment without a restart of the module. */
export function serverConfig() {
  return {
    // Runtime data, not part of the build: keep Next's file tracing out of it.
    dataDir: path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || path.join(os.tmpdir(), 'onedesk-data')),
    sessionTtlMs: num('SESSION_TTL_MINUTES', 60) * 60_000,
    sweepIntervalMs: num('SWEEP_INTERVAL_SECONDS', 300) * 1000,
    diskBudgetBytes: num('DISK_BUDGET_MB', 10_240) * MB,
    maxFileBytes: num('MAX_FILE_MB', 100) * MB,
    maxFiles: num('MAX_FILES', 20),
    maxJobBytes: num('MAX_JOB_MB', 200) * MB,
    // 5000 characters can be long in bytes (a family emoji is 25): room for that, not for megabytes.
    maxJsonBytes: num('MAX_JSON_KB', 256) * 1024,
    jobConcurrency: Math.max(1, num('JOB_CONCURRENCY', os.availableParallelism())),
    jobQueueMax: num('JOB_QUEUE_MAX', 50),
    // PDF to Word of a long photo book legitimately takes minutes (its pdf.js stage alone may use 240 s).
    jobTimeoutMs: num('JOB_TIMEOUT_SECONDS', 300) * 1000,
    // A job's whole resident memory (its runner process, native memory included): two slots plus the
    // server stay under 3 GB (docs/notes/jobs-limits.md).
    jobMemoryMb: num('JOB_MEMORY_MB', 1024),
    // The background-removal model peaks at 1.0-1.15 GB on 12-24 MP photos; it runs one at a time.
    removeBackgroundMemoryMb: num('REMOVE_BG_MEMORY_MB', 1536),
    // A runner still larger than this after its job is replaced, so the server goes back to its idle size.
    jobRecycleMb: num('JOB_RECYCLE_MB', 512),
    // A runner with the background-removal model loaded stays at ~550-700 MB after a removal (measured on
    // 0.3-12 MP photos): it is kept warm up to this size (else every removal reloads the model), and
    // replaced after REMOVE_BG_IDLE_SECONDS without work, so an idle server returns to its idle footprint.
    removeBackgroundRecycleMb: num('REMOVE_BG_RECYCLE_MB', 896),
    removeBackgroundIdleMs: num('REMOVE_BG_IDLE_SECONDS', 300) * 1000,
    rateLimitPerMinute: num('RATE_LIMIT_PER_MINUTE', 120),
    maxJobsPerClient: num('MAX_JOBS_PER_CLIENT', 2),
    // Remove Background's float32 conversion of its model (176 MB), written once, read by each new runner.
    modelCacheDir: path.resolve(
      /* turbopackIgnore: true */ process.env.MODEL_CACHE_DIR || path.join(os.tmpdir(), 'onedesk-models'),
    ),
    // The background-removal model already uses two threads: more at once only thrash the CPU.
    removeBackgroundConcurrency: Math.max(1, num('REMOVE_BG_CONCURRENCY', 1)),
    // pdf-lib's name and reference caches only grow: a worker is replaced after this many jobs.
    maxJobsPerWorker: num('MAX_JOBS_PER_WORKER', 100),
    // Uploads slower than this (bytes per second, averaged after a grace period) are cut; 0: no minimum.
    minUploadBytesPerSecond: num('MIN_UPLOAD_KBPS', 8) * 1024,
    uploadGraceMs: num('UPLOAD_GRACE_SECONDS', 10) * 1000,
    // One visitor (client address) may hold at most this share of the disk budget (percent).
    clientDiskSharePercent: Math.min(100, num('CLIENT_DISK_SHARE_PERCENT', 25)),
    // Proxies in front of the server whose X-Forwarded-For entries are trusted (server.mjs reads it too).
    trustProxyHops: num('TRUST_PROXY_HOPS', 0),
    // The bundled job worker; tests and side-by-side builds may point elsewhere.
    jobWorkerPath: process.env.JOB_WORKER_PATH || undefined,
    // Largest accepted image, width x height over all frames.
    imageMaxPixels: Math.floor(num('IMAGE_MAX_PIXELS', 0)) || 100_000_000,
    // Compress Image's SSIM target (0.8-1), or undefined for the calibrated default.
    imageCompressTarget: process.env.IMAGE_COMPRESS_TARGET ? Number(process.env.IMAGE_COMPRESS_TARGET) : undefined,
    // Office package limits (lib/office/package-reader.ts): entries, bytes per entry and in all, ratio.
    office: {
      maxEntries: Math.floor(num('OFFICE_MAX_ENTRIES', 0)) || 10_000,
      maxEntryBytes: Math.floor(num('OFFICE_MAX_ENTRY_BYTES', 0)) || 256 * MB,
      maxTotalBytes: Math.floor(num('OFFICE_MAX_TOTAL_BYTES', 0)) || 1024 * MB,
      maxRatio: Math.floor(num('OFFICE_MAX_RATIO', 0)) || 200,
    },
    translate: {
      providers: process.env.TRANSLATE_PROVIDERS || 'libretranslate,deepl,apertium',
      timeoutMs: num('TRANSLATE_TIMEOUT_MS', 0) || 20_000,
      libreTranslateUrl: process.env.LIBRETRANSLATE_URL || undefined,
      libreTranslateApiKey: process.env.LIBRETRANSLATE_API_KEY || undefined,
      deeplApiKey: process.env.DEEPL_API_KEY || undefined,
      deeplApiUrl: process.env.DEEPL_API_URL || undefined,
      apertiumBin: process.env.APERTIUM_BIN || 'apertium',
    },
    // Where file jobs run (issue 17, lib/jobs/queue/): 'local' = this process's pool (the default), 'redis' =
    // BullMQ queues in Redis consumed by `npm run worker` processes. Checked at start-up (checkQueueConfig).
    queue: {
      mode: (process.env.QUEUE || 'local').trim(),
      // AES-256 key for job options that are secrets (the lock password) while they sit in Redis.
      secretKey: process.env.QUEUE_SECRET_KEY || undefined,
      prefix: process.env.QUEUE_PREFIX || 'onedesk',
      // A worker that stops renewing its job's lock this long is presumed dead: another worker takes the job.
      lockMs: Math.max(1, num('QUEUE_LOCK_SECONDS', 30)) * 1000,
      // STORAGE=disk with QUEUE=redis: the operator declares DATA_DIR is one disk every process mounts.
      sharedDataDir: /^(1|true|yes)$/i.test(process.env.SHARED_DATA_DIR ?? ''),
      // Which queues a worker process consumes (document, model): scale the two apart.
      workerQueues: (process.env.WORKER_QUEUES || 'document,model').trim(),
    },
    // PDF to Word's text recognition: tesseract language codes joined by '+' (e.g. "eng+deu"); empty = every
    // language whose data is installed (Debian tesseract-ocr-*), English always available.
    ocrLangs: (process.env.OCR_LANGS ?? '').trim(),
    // A job runner keeps its tesseract threads (and the language data they loaded) this long after a scan,
    // for the next one: a new thread costs ~0.5 s of CPU (its language data; the runner compiles tesseract
    // once for all its threads). 0: stopped at each job's end.
    ocrWarmMs: num('OCR_WARM_SECONDS', 60) * 1000,
    // Where uploads and results live: 'disk' (DATA_DIR, one machine) or 's3' (object storage, with session
    // records, the file-id index, byte usage and leases in Redis). docs/notes/distributed.md.
    storage: (process.env.STORAGE || 'disk').trim().toLowerCase(),
    redisUrl: process.env.REDIS_URL?.trim() || undefined,
    s3: {
      endpoint: process.env.S3_ENDPOINT?.trim() || undefined,
      region: process.env.S3_REGION?.trim() || 'us-east-1',
      bucket: process.env.S3_BUCKET?.trim() || undefined,
      accessKeyId: process.env.S3_ACCESS_KEY_ID?.trim() || undefined,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
      // Self-hosted servers (Ceph, MinIO) usually want bucket-in-path URLs.
      forcePathStyle: /^(1|true|yes)$/i.test(process.env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
    },
  };
}

/** The storage settings' mistakes, in words an operator can act on (empty when consistent). Checked at
 * start-up (instrumentation.ts, the worker) so a bad setting fails at once instead of on the first upload. */
export function storageConfigErrors(config: ServerConfig = serverConfig()): string[] {
  const errors: string[] = [];
  if (config.storage !== 'disk' && config.storage !== 's3')
    errors.push(`STORAGE must be "disk" or "s3" (got "${config.storage}").`);
  if (config.storage === 's3') {
    if (!config.redisUrl) errors.push('STORAGE=s3 needs REDIS_URL (session records and byte usage live in Redis).');
    if (!config.s3.bucket) errors.push('STORAGE=s3 needs S3_BUCKET.');
    if (!config.s3.accessKeyId !== !config.s3.secretAccessKey)
      errors.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither.');
    if (config.s3.endpoint && !/^https?:\/\/[^/]/.test(config.s3.endpoint))
      errors.push(`S3_ENDPOINT must be an http(s) URL (got "${config.s3.endpoint}").`);
  }
  if (config.redisUrl && !/^rediss?:\/\/[^/]/.test(config.redisUrl))
    errors.push(`REDIS_URL must be a redis:// or rediss:// URL (got "${config.redisUrl}").`);
  return errors;
}

export type ServerConfig = ReturnType<typeof serverConfig>;
