// Optional settings of a tool's process request, beyond the spec's {session_id, password}: one zod schema per
// tool that has any, keyed by its API path. Absent fields must mean the spec's behaviour, so a request without
// them is answered byte for byte as before. Browser-safe (plain zod), so a page can validate before sending.
import type { z } from 'zod';
import type { FileToolApi } from './registry';
import { imageCompressSettings } from './image/compress/options';
import { pngToJpgSettings } from './image/png-to-jpg/options';
import { pngToSvgSettings } from './image/png-to-svg/options';
import { pdfCompressSettings } from './pdf/compress/levels';
import { removeBackgroundSettings } from './image/remove-background/settings';

export type SettingsSchema = z.ZodType<Record<string, unknown>>;

/** Add one line per tool: 'image/compress': imageCompressSettings. Schemas must not be strict (the request
 * also carries session_id and password) and must give every field a default of "absent". */
export const toolSettings: Partial<Record<FileToolApi, SettingsSchema>> = {
  'image/compress': imageCompressSettings,
  'image/png_to_jpg': pngToJpgSettings,
  'image/png_to_svg': pngToSvgSettings,
  'pdf/compress': pdfCompressSettings,
  'image/remove_background': removeBackgroundSettings,
};
