import { createSessionId, SESSION_ID_PATTERN } from './session-id';

describe('createSessionId', () => {
  it('is the time in milliseconds followed by a base-36 fragment', () => {
    const before = Date.now();
    const id = createSessionId();
    const after = Date.now();
    expect(id).toMatch(SESSION_ID_PATTERN);
    const time = Number(id.slice(0, 13));
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });

  it('always has a full fragment and rarely repeats', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = createSessionId(1_700_000_000_000);
      expect(id).toMatch(SESSION_ID_PATTERN);
      ids.add(id);
    }
    expect(ids.size).toBe(5000);
  });

  it('uses every base-36 character', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) for (const c of createSessionId().slice(13)) seen.add(c);
    expect(seen.size).toBe(36);
  });
});
