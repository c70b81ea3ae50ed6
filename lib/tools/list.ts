// The one list of tools, in the order the sidebar and home page show them. Each tool is one folder,
// lib/tools/<family>/<tool>/ (its API path, '-' for '_'), holding:
//   tool.ts     its entry (slug, names, API path, accepted files, labels), option fields, and loaders of
//               its page content and settings schema; browser-safe, so nothing heavy is imported statically
//   content.ts  the page's how-to steps, FAQ and related tools
//   options.ts  the zod schema of its optional process settings (if any), loaded on the server only
//   server.ts   file tools: `run: Processor`, found by its path (./processors.ts), run in the job worker
//   *.test.ts and fixture.ts (the generic API suite and Playwright flow use the fixture)
// Adding a tool: a new folder and one import plus one entry here (CONTRIBUTING.md).
import * as pdfMerge from './pdf/merge/tool';
import * as pdfCompress from './pdf/compress/tool';
import * as pdfToWord from './pdf/to-docx/tool';
import * as pdfLock from './pdf/lock/tool';
import * as wordMerge from './docx/merge/tool';
import * as powerpointMerge from './pptx/merge/tool';
import * as imageRemoveBackground from './image/remove-background/tool';
import * as imageCompress from './image/compress/tool';
import * as imageJpgToPng from './image/jpg-to-png/tool';
import * as imagePngToJpg from './image/png-to-jpg/tool';
import * as imagePngToSvg from './image/png-to-svg/tool';
import * as textTranslate from './text/translate/tool';
import * as textCount from './text/count/tool';
import * as qrGenerate from './qr/generate/tool';

export const TOOL_LIST = [
  pdfMerge,
  pdfCompress,
  pdfToWord,
  pdfLock,
  wordMerge,
  powerpointMerge,
  imageRemoveBackground,
  imageCompress,
  imageJpgToPng,
  imagePngToJpg,
  imagePngToSvg,
  textTranslate,
  textCount,
  qrGenerate,
] as const;
