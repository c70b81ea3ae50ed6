import { z } from 'zod';
import { toolSettings } from '@/lib/tools/options';
import { parseSettings } from './schemas';

describe('parseSettings', () => {
  const api = 'image/compress' as const;
  const saved = toolSettings[api];
  beforeAll(() => {
    toolSettings[api] = z.object({
      target_kb: z.number().int().min(1).optional(),
      format: z.enum(['jpeg', 'webp']).optional(),
    });
  });
  afterAll(() => {
    toolSettings[api] = saved;
  });

  it('passes the fields a tool declares and drops everything else', () => {
    expect(parseSettings(api, { session_id: 'x', target_kb: 200, junk: 1 })).toEqual({ target_kb: 200 });
  });

  it('is undefined without settings, or for a tool with no schema (the spec behaviour)', () => {
    expect(parseSettings(api, { session_id: 'x' })).toBeUndefined();
    expect(parseSettings('pdf/merge', { session_id: 'x', target_kb: 5 })).toBeUndefined();
  });

  it('refuses a bad value with a 400 naming the field', () => {
    expect(() => parseSettings(api, { format: 'gif' })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: expect.stringContaining('"format"') }),
    );
  });
});
