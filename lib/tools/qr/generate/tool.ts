// QR Code Generator: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineTextTool, fallback } from '../../tool-def';

export const tool = defineTextTool({
  slug: 'qr-generate',
  group: 'qr',
  name: 'Generate',
  title: 'QR Code Generator',
  icon: 'qr',
  listed: true,
  description: 'Make a QR code image from any text or URL and download it as a PNG. Free, no sign-up.',
  keywords: ['qr code generator', 'make qr code', 'qr code png', 'url to qr'],
  kind: 'qr',
  api: 'qr/generate',
  errors: { default: 'QR generation failed', fallback: fallback('QR generation failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
