// Watches an upload's body as it arrives: every chunk is paid for from the disk budget before it passes
// (a 507 stops the upload at the first byte over), and a body slower than the minimum rate is cut with a
// 408 so a trickling client cannot hold a connection and a staging file for minutes.
import 'server-only';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '@/lib/core/errors';
import type { Reservation } from './storage';

export interface MeterOptions {
  reservation: Reservation;
  /** bytes per second, averaged from the start; 0: no minimum */
  minBytesPerSecond: number;
  /** the rate is judged only after this long (a slow start or a small file is fine) */
  graceMs: number;
}

export const SLOW_UPLOAD = 'The upload was too slow and was stopped. Please check your connection and try again.';

export class UploadMeter extends Transform {
  /** Why the meter stopped the body (formidable reports only that the stream failed). */
  failure: AppError | null = null;
  private bytes = 0;
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout | null;

  constructor(private readonly opts: MeterOptions) {
    super();
    this.timer = opts.minBytesPerSecond > 0 ? setInterval(() => this.checkRate(), 500) : null;
    this.timer?.unref();
  }

  private checkRate(): void {
    const elapsed = Date.now() - this.started;
    if (elapsed < this.opts.graceMs) return;
    if (this.bytes < (this.opts.minBytesPerSecond * elapsed) / 1000) {
      this.fail(new AppError('REQUEST_TIMEOUT', SLOW_UPLOAD));
    }
  }

  private fail(err: AppError): void {
    if (this.failure) return;
    this.failure = err;
    this.stop();
    this.destroy(err);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.opts.reservation.grow(chunk.length);
    } catch (e) {
      this.fail(e as AppError);
      return done();
    }
    this.bytes += chunk.length;
    done(null, chunk);
  }

  _flush(done: TransformCallback): void {
    this.stop();
    done();
  }

  _destroy(err: Error | null, done: (error: Error | null) => void): void {
    this.stop();
    done(err);
  }
}
