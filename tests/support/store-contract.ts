// The SessionStore contract, run against each backend (lib/jobs/store/store.test.ts): the same calls must
// give the same answers whether sessions live on disk or in object storage + Redis.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SessionMeta, SessionStore } from '@/lib/jobs/store';
import { ownerHash, type Owner } from '@/lib/jobs/owner';
import { newSessionId } from './api';

const alice: Owner = { token: 'alice-token', fresh: false };
const bob: Owner = { token: 'bob-token', fresh: false };

async function bytesOf(s: Readable | null): Promise<Buffer | null> {
  if (!s) return null;
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

export interface ContractEnv {
  store: () => SessionStore;
  /** A fresh local dir for staged files and job scratch. */
  tmp: () => string;
  /** Whatever the backend still holds for a session after its deletion (object keys, record keys). */
  leftovers: (sessionId: string) => Promise<string[]>;
}

export function storeContract(env: ContractEnv): void {
  const stage = (name: string, data: string | Buffer) => {
    const f = path.join(env.tmp(), `${name}-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(f, data);
    return f;
  };

  async function newSession(owner = alice, inputs: [string, string][] = [['a.txt', 'hello']]): Promise<SessionMeta> {
    const store = env.store();
    const id = newSessionId();
    expect(await store.claimSession(id, owner)).toBe(true);
    const stored = inputs.map(([name, data], i) => ({
      file: String(i),
      name,
      size: data.length,
      kind: 'pdf' as const,
    }));
    await store.replaceInputs(
      id,
      stored,
      inputs.map(([n, d]) => stage(n, d)),
    );
    const meta: SessionMeta = {
      id,
      tool: 'pdf/merge',
      createdAt: Date.now(),
      owner: ownerHash(owner.token),
      inputs: stored,
      outputs: [],
    };
    await store.saveSession(meta);
    return meta;
  }

  it('claims a session for one visitor only and shows it to its owner only', async () => {
    const store = env.store();
    const meta = await newSession();
    expect(await store.claimSession(meta.id, alice)).toBe(true);
    expect(await store.claimSession(meta.id, bob)).toBe(false);
    expect((await store.requireSession(meta.id, alice)).inputs).toEqual(meta.inputs);
    await expect(store.requireSession(meta.id, bob)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await store.readSession(newSessionId())).toBeNull();
    await store.deleteSession(meta.id, alice);
  });

  it('stores inputs from staged files, replaces them, and materialises them for a job', async () => {
    const store = env.store();
    const meta = await newSession(alice, [
      ['a.pdf', 'first'],
      ['b.pdf', 'second'],
    ]);
    const dir = fs.mkdtempSync(path.join(env.tmp(), 'job-'));
    const inputs = await store.materializeInputs(meta, dir);
    expect(inputs.map((i) => [i.name, fs.readFileSync(i.path, 'utf8')])).toEqual([
      ['a.pdf', 'first'],
      ['b.pdf', 'second'],
    ]);
    const replaced = [{ file: '0', name: 'c.pdf', size: 5, kind: 'pdf' as const }];
    await store.replaceInputs(meta.id, replaced, [stage('c', 'third')]);
    const dir2 = fs.mkdtempSync(path.join(env.tmp(), 'job-'));
    const again = await store.materializeInputs({ ...meta, inputs: replaced }, dir2);
    expect(fs.readFileSync(again[0].path, 'utf8')).toBe('third');
    await store.deleteSession(meta.id, alice);
  });

  it('stores a result under a new file id, serves it to its owner and tool only, and keeps one result', async () => {
    const store = env.store();
    const meta = await newSession();
    const first = await store.storeOutput(meta, stage('r', 'result-1'), {
      tool: 'pdf/merge',
      name: 'merged.pdf',
      mime: 'application/pdf',
    });
    expect(first).toMatchObject({ size: 8, name: 'merged.pdf' });
    const found = await store.findOutput(first.fileId, 'pdf/merge', alice);
    expect((await bytesOf((await found!.open())!))!.toString()).toBe('result-1');
    expect(await store.findOutput(first.fileId, 'pdf/compress', alice)).toBeNull();
    expect(await store.findOutput(first.fileId, 'pdf/merge', bob)).toBeNull();
    expect(await store.findOutput('0'.repeat(32), 'pdf/merge', alice)).toBeNull();
    expect(await store.findOutput('../../etc/passwd', 'pdf/merge', alice)).toBeNull();

    const second = await store.storeOutput(meta, stage('r', 'result-two'), {
      tool: 'pdf/merge',
      name: 'merged.pdf',
      mime: 'application/pdf',
    });
    expect(await store.findOutput(first.fileId, 'pdf/merge', alice)).toBeNull();
    const f2 = await store.findOutput(second.fileId, 'pdf/merge', alice);
    expect((await bytesOf((await f2!.open())!))!.toString()).toBe('result-two');
    expect((await store.readSession(meta.id))!.outputs.map((o) => o.fileId)).toEqual([second.fileId]);
    await store.deleteSession(meta.id, alice);
  });

  it('deletes a session for its owner only, leaving nothing behind', async () => {
    const store = env.store();
    const meta = await newSession();
    const out = await store.storeOutput(meta, stage('r', 'x'), { tool: 'pdf/merge', name: 'm.pdf', mime: 'a/b' });
    expect(await store.deleteSession(meta.id, bob)).toBe(false);
    expect(await store.readSession(meta.id)).not.toBeNull();
    expect(await store.deleteSession(meta.id, alice)).toBe(true);
    expect(await store.deleteSession(meta.id, alice)).toBe(false);
    expect(await store.readSession(meta.id)).toBeNull();
    expect(await store.findOutput(out.fileId, 'pdf/merge', alice)).toBeNull();
    expect(await env.leftovers(meta.id)).toEqual([]);
  });

  it('sweeps idle sessions but not one a job holds a lease on, nor a fresh one', async () => {
    const store = env.store();
    const idle = await newSession();
    const leased = await newSession();
    const token = await store.acquireLease(leased.id, 2 * 60 * 60_000);
    const later = Date.now() + 61 * 60_000; // past SESSION_TTL_MINUTES=60
    const report = await store.sweepOnce(later);
    expect(report.sessions).toBeGreaterThanOrEqual(1);
    expect(await store.readSession(idle.id)).toBeNull();
    expect(await env.leftovers(idle.id)).toEqual([]);
    expect(await store.readSession(leased.id)).not.toBeNull();
    // The lease has run out by then, or was released: swept.
    await store.releaseLease(leased.id, token);
    await store.sweepOnce(later);
    expect(await store.readSession(leased.id)).toBeNull();
    const fresh = await newSession();
    await store.sweepOnce();
    expect(await store.readSession(fresh.id)).not.toBeNull();
    await store.deleteSession(fresh.id);
  });

  it('a lease that ran out no longer protects the session', async () => {
    const store = env.store();
    const meta = await newSession();
    await store.acquireLease(meta.id, 1000);
    await store.sweepOnce(Date.now() + 61 * 60_000);
    expect(await store.readSession(meta.id)).toBeNull();
  });
}
