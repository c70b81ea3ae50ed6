// A new runner's model load, shortened: onnxruntime's graph optimisations (constant folding, fusions, the
// blocked NCHWc layout of the convolutions) cost ~0.2 s of CPU on every session creation. The optimised graph
// is saved once beside the float32 model and later sessions load it with the optimisations off: the same
// graph, so the same masks (measured: 0 values differ), ~3x less load time. The NCHWc layout is specific to
// the CPU's vector width (8 floats with AVX2, 16 with AVX-512), so the saved file is keyed by the CPU's
// model and feature flags and by the onnxruntime version; where these cannot be read nothing is saved.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { InferenceSession } from 'onnxruntime-node';

type Ort = typeof import('onnxruntime-node');

/** The CPU's model name and feature flags (Linux), hashed; null where /proc/cpuinfo cannot be read. */
export function cpuSignature(): string | null {
  try {
    const info = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n');
    const field = (name: string) =>
      info
        .find((l) => l.startsWith(name))
        ?.split(':')[1]
        ?.trim();
    const flags = field('flags');
    if (!flags) return null;
    return crypto
      .createHash('sha256')
      .update(`${process.arch}\n${field('model name') ?? ''}\n${flags}`)
      .digest('hex')
      .slice(0, 12);
  } catch {
    return null;
  }
}

/** Where the optimised graph of `modelPath` is kept for this onnxruntime and CPU. */
export function optimisedPath(ort: Ort, modelPath: string, cpu: string): string {
  return `${modelPath.replace(/\.onnx$/, '')}.ort-${ort.env.versions.common}-${cpu}.onnx`;
}

/**
 * A session on the model file `modelPath` with `options` (graph optimisations on): from its saved optimised
 * graph when there is one for this CPU, else optimised now and saved (atomically) for the next runner.
 * A damaged or unreadable saved graph is removed and made again; an unwritable folder only skips the saving.
 */
export async function optimisedSession(
  ort: Ort,
  modelPath: string,
  options: InferenceSession.SessionOptions,
  cpu: string | null = cpuSignature(),
): Promise<InferenceSession> {
  if (!cpu) return ort.InferenceSession.create(modelPath, options);
  const saved = optimisedPath(ort, modelPath, cpu);
  if (fs.existsSync(saved)) {
    try {
      return await ort.InferenceSession.create(saved, { ...options, graphOptimizationLevel: 'disabled' });
    } catch {
      await fsp.rm(saved, { force: true });
    }
  }
  const tmp = `${saved}.${process.pid}.${Date.now()}.tmp`;
  try {
    // Severity 3: onnxruntime warns, rightly, that the saved graph is hardware specific (hence the key).
    const session = await ort.InferenceSession.create(modelPath, {
      ...options,
      optimizedModelFilePath: tmp,
      logSeverityLevel: 3,
    });
    await fsp.rename(tmp, saved).catch(() => fsp.rm(tmp, { force: true }));
    return session;
  } catch {
    // Not writable or disk full (the model itself is checked by the caller's plain load).
    await fsp.rm(tmp, { force: true });
    return ort.InferenceSession.create(modelPath, options);
  }
}
