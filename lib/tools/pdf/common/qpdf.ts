// qpdf 12 compiled to WebAssembly (@neslinesli93/qpdf-wasm, qpdf itself is Apache-2.0): a second, independent
// PDF reader and a proven AES-256 encrypter that ships inside the npm package (no system binary needed).
// Host folders are mounted with Emscripten's NODEFS, so qpdf reads and writes files directly on disk: a 100 MB
// input is streamed, never copied whole into the WebAssembly heap.
import 'server-only';
import path from 'node:path';
import { createRequire } from 'node:module';

export interface QpdfResult {
  /** qpdf's exit code: 0 ok, 2 error, 3 ok with warnings (damage repaired). */
  code: number;
  stdout: string;
  stderr: string;
}

interface EmscriptenFS {
  mkdir(p: string): void;
  mount(type: unknown, opts: { root: string }, mountPoint: string): void;
  writeFile(p: string, data: Uint8Array): void;
  unlink(p: string): void;
}

/** A file for qpdf: a host path (read from disk), or bytes already in memory (small files: faster). */
export type QpdfFile = string | Uint8Array;
interface QpdfInstance {
  callMain(args: string[]): number;
  FS: EmscriptenFS;
  NODEFS: unknown;
}
type QpdfFactory = (opts: { locateFile: (file: string) => string }) => Promise<QpdfInstance>;

const requireHere = createRequire(__filename);
let factory: QpdfFactory | undefined;
let wasmPath: string | undefined;

function load(): { factory: QpdfFactory; wasmPath: string } {
  if (!factory || !wasmPath) {
    const mod = requireHere('@neslinesli93/qpdf-wasm') as QpdfFactory | { default: QpdfFactory };
    factory = typeof mod === 'function' ? mod : mod.default;
    wasmPath = requireHere.resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');
  }
  return { factory, wasmPath };
}

/**
 * One qpdf WebAssembly instance for several commands of one job (each instance costs a 16 MB heap and ~5-80 ms
 * to start). Read-only commands (--show-*) may run many times on one instance; after any exception the
 * instance is dropped and the next command gets a fresh one.
 */
export class QpdfSession {
  private q: QpdfInstance | undefined;
  private mounts = new Map<string, string>();
  private out: string[] = [];
  private err: string[] = [];

  private async instance(): Promise<QpdfInstance> {
    if (this.q) return this.q;
    const { factory: create, wasmPath: wasm } = load();
    // This build ignores Module.print/printErr: it binds console.log/console.error when the factory is called
    // (synchronously, before the first await), so swap them for that call only to capture the output.
    const { log, error } = console;
    let pending: Promise<QpdfInstance>;
    try {
      console.log = (...a: unknown[]) => {
        this.out.push(a.join(' '));
      };
      console.error = (...a: unknown[]) => {
        this.err.push(a.join(' '));
      };
      pending = create({ locateFile: () => wasm });
    } finally {
      console.log = log;
      console.error = error;
    }
    this.q = await pending;
    this.mounts = new Map();
    return this.q;
  }

  /**
   * Runs one qpdf command. `build` receives `file(hostPath)`, which mounts the file's folder and returns the
   * path qpdf must use. Arguments stay in memory (a password passed here is never written anywhere). Use
   * `--opt=value` forms for visitor-supplied values: qpdf expands a bare argument starting with '@' as an
   * argument file.
   */
  async run(build: (file: (f: QpdfFile) => string) => string[]): Promise<QpdfResult> {
    const q = await this.instance();
    this.out = [];
    this.err = [];
    const inMemory: string[] = [];
    const file = (f: QpdfFile): string => {
      if (typeof f !== 'string') {
        const p = `/mem-${inMemory.length}.pdf`;
        q.FS.writeFile(p, f);
        inMemory.push(p);
        return p;
      }
      const hostPath = f;
      const dir = path.dirname(path.resolve(hostPath));
      let mp = this.mounts.get(dir);
      if (!mp) {
        mp = `/m${this.mounts.size}`;
        q.FS.mkdir(mp);
        q.FS.mount(q.NODEFS, { root: dir }, mp);
        this.mounts.set(dir, mp);
      }
      return `${mp}/${path.basename(hostPath)}`;
    };
    let code: number;
    try {
      code = q.callMain(build(file));
      for (const p of inMemory) q.FS.unlink(p);
    } catch (e) {
      this.q = undefined;
      // Emscripten reports exit() as an ExitStatus throw and aborts (e.g. out of memory) as RuntimeError.
      const status = (e as { status?: unknown }).status;
      if (typeof status === 'number') code = status;
      else throw e;
    }
    return { code, stdout: this.out.join('\n'), stderr: this.err.join('\n') };
  }
}

/** One qpdf command in a fresh instance (commands that write files, or a single check). */
export async function runQpdf(build: (file: (f: QpdfFile) => string) => string[]): Promise<QpdfResult> {
  return new QpdfSession().run(build);
}
