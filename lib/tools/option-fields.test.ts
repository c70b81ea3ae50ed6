import { OPTION_FIELDS, cleanValues, settingsFrom } from './option-fields';
import { toolSettings } from './options';

const def = (api: keyof typeof OPTION_FIELDS) => OPTION_FIELDS[api]!;

describe('option fields', () => {
  it('sends nothing while every field is at its default (the spec request, byte for byte)', () => {
    for (const d of Object.values(OPTION_FIELDS)) expect(settingsFrom(d, {})).toEqual({});
    expect(settingsFrom(def('image/compress'), { format: 'jpeg' })).toEqual({});
    expect(settingsFrom(def('image/png_to_jpg'), { background: '#FFFFFF' })).toEqual({});
    expect(settingsFrom(def('pdf/compress'), { level: 'recommended' })).toEqual({});
  });

  it('sends the chosen values under the API names, and they pass the server schema', async () => {
    const cases: Array<[keyof typeof OPTION_FIELDS, Record<string, unknown>, Record<string, unknown>]> = [
      ['image/compress', { target_kb: '200', format: 'avif' }, { target_kb: 200, format: 'avif' }],
      ['image/png_to_svg', { preset: 'logo', colors: 6 }, { preset: 'logo', colors: 6 }],
      ['image/png_to_jpg', { background: '#FF8000' }, { background: '#ff8000' }],
      [
        'image/remove_background',
        { background: '#ffffff', format: 'jpeg', crop: true },
        { background: '#ffffff', format: 'jpeg', crop: true },
      ],
      ['pdf/compress', { level: 'strong' }, { level: 'strong' }],
    ];
    for (const [api, values, sent] of cases) {
      const out = settingsFrom(def(api), values as never);
      expect(out).toEqual(sent);
      const schema = await toolSettings(api);
      expect(schema?.safeParse(out).success).toBe(true);
    }
  });

  it('drops hidden and invalid values', () => {
    // JPEG only with an opaque background; colours mean nothing in black and white.
    expect(settingsFrom(def('image/remove_background'), { background: 'transparent', format: 'jpeg' })).toEqual({});
    expect(settingsFrom(def('image/png_to_svg'), { preset: 'bw', colors: 8 })).toEqual({ preset: 'bw' });
    expect(settingsFrom(def('image/compress'), { target_kb: 2.5, format: 'gif' })).toEqual({});
    expect(settingsFrom(def('image/png_to_jpg'), { background: 'transparent' })).toEqual({});
    expect(settingsFrom(def('image/png_to_svg'), { colors: 65 })).toEqual({});
  });

  it('keeps only valid fields from storage', () => {
    expect(cleanValues(def('image/compress'), { target_kb: 50, format: 'png', junk: 1 })).toEqual({ target_kb: 50 });
    expect(cleanValues(def('image/compress'), 'not an object')).toEqual({});
  });
});
