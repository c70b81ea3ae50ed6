// The interface every file tool's server logic implements: files + options in, one result file out.
// Processors run inside a worker thread (lib/jobs/worker-pool.ts) and are unit-tested directly.
import type { FileKind } from './registry';

export interface JobInput {
  /** Absolute path of the uploaded file on disk (read it; never modify it). */
  path: string;
  /** The visitor's file name, already stripped of any path: use it in error messages. */
  name: string;
  size: number;
  /** The kind detected from the file's bytes. */
  kind: FileKind;
}

export interface JobOptions {
  /** PDF lock only. Kept in memory; never written to disk or logs. */
  password?: string;
  /** The tool's optional settings from the process request, already checked with its schema
   * (lib/tools/options.ts). Absent: the spec's behaviour. */
  settings?: Record<string, unknown>;
}

export interface JobContext {
  /** A private, empty directory for this job's scratch and output files; deleted after the job. */
  workDir: string;
}

export interface JobOutput {
  /** Absolute path of the result file, inside ctx.workDir. */
  path: string;
  /** Something the visitor should know, e.g. "already optimised: the original is returned". */
  notice?: string;
  /** When a setting changes the result's type (WebP instead of JPEG...): its MIME type and file extension
   * (without the dot). The download name's extension follows it. */
  type?: { mime: string; ext: string };
}

/**
 * Throw AppError (lib/core/errors.ts) for anything the visitor caused (bad, encrypted or damaged file):
 * its message is shown as is. Any other exception becomes the tool's default error.
 */
export type Processor = (inputs: JobInput[], options: JobOptions, ctx: JobContext) => Promise<JobOutput>;

export interface ProcessorModule {
  run: Processor;
}
