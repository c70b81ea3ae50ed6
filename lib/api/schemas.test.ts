import { z } from 'zod';
import { parseSettings, settingsFrom } from './schemas';

describe('settings of a process request', () => {
  const schema = z.object({
    target_kb: z.number().int().min(1).optional(),
    format: z.enum(['jpeg', 'webp']).optional(),
  });

  it('passes the fields a tool declares and drops everything else', () => {
    expect(settingsFrom(schema, { session_id: 'x', target_kb: 200, junk: 1 })).toEqual({ target_kb: 200 });
  });

  it('is undefined without settings, or for a tool with no schema (the spec behaviour)', async () => {
    expect(settingsFrom(schema, { session_id: 'x' })).toBeUndefined();
    expect(await parseSettings('pdf/merge', { session_id: 'x', target_kb: 5 })).toBeUndefined();
  });

  it("loads the tool's own schema from its folder", async () => {
    expect(await parseSettings('image/compress', { session_id: 'x', target_kb: 200 })).toEqual({ target_kb: 200 });
  });

  it('refuses a bad value with a 400 naming the field', async () => {
    expect(() => settingsFrom(schema, { format: 'gif' })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: expect.stringContaining('"format"') }),
    );
    await expect(parseSettings('image/compress', { format: 'gif' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('"format"'),
    });
  });
});
