import { randomBytes } from 'node:crypto';
import { seal, sealOptions, unseal, unsealOptions } from './secrets';

const key = randomBytes(32);

describe('job secrets', () => {
  it('seals the password out of the options and opens it again with the same key and session', () => {
    const q = sealOptions({ password: 'hunter2 lock', settings: { level: 'high' } }, key, 'sess-1');
    expect(q.plain).toEqual({ settings: { level: 'high' } });
    expect(q.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(q)).not.toContain('hunter2');
    expect(unsealOptions(q, key, 'sess-1')).toEqual({ password: 'hunter2 lock', settings: { level: 'high' } });
  });

  it('leaves options without secrets as they are', () => {
    expect(sealOptions({ settings: { a: 1 } }, key, 's')).toEqual({ plain: { settings: { a: 1 } } });
  });

  it('refuses another key, another session, or an altered value', () => {
    const s = seal('secret', key, 'sess-1');
    expect(() => unseal(s, randomBytes(32), 'sess-1')).toThrow();
    expect(() => unseal(s, key, 'sess-2')).toThrow();
    const parts = s.split('.');
    parts[3] = Buffer.from('sEcret').toString('base64');
    expect(() => unseal(parts.join('.'), key, 'sess-1')).toThrow();
    expect(() => unseal('plain text', key, 'sess-1')).toThrow('not a sealed job secret');
  });

  it('uses a fresh IV each time', () => {
    expect(seal('x', key, 'c')).not.toBe(seal('x', key, 'c'));
  });
});
