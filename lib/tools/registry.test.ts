import fs from 'node:fs';
import path from 'node:path';
import { processors } from './processors';
import { FILE_TOOLS, GROUPS, TOOLS, downloadName, fileToolByApi, toolFolder, toolsInGroup } from './registry';

describe('tool registry', () => {
  it('declares every route of SPEC section 2 once', () => {
    const routes = TOOLS.map((t) => `/${t.slug}`).sort();
    expect(routes).toEqual([
      '/image-compress',
      '/image-jpg-to-png',
      '/image-png-to-jpg',
      '/image-png-to-svg',
      '/image-remove-background',
      '/pdf-compress',
      '/pdf-lock',
      '/pdf-merge',
      '/pdf-to-word',
      '/powerpoint-merge',
      '/qr-generate',
      '/text-count',
      '/text-translate',
      '/word-merge',
    ]);
  });

  it('lists the sidebar groups and entries of SPEC section 2, without PDF to Word', () => {
    const menu = GROUPS.map((g) => [g.name, toolsInGroup(g.id).map((t) => t.name)]);
    expect(menu).toEqual([
      ['PDF', ['Merge', 'Compress', 'Lock']],
      ['Word', ['Merge']],
      ['PowerPoint', ['Merge']],
      ['Image', ['Remove Background', 'Compress', 'JPG to PNG', 'PNG to JPG', 'PNG to SVG']],
      ['Text', ['Translate', 'Count']],
      ['QR', ['Generate']],
    ]);
  });

  it('puts the New badge exactly where SPEC section 2 says', () => {
    expect(GROUPS.filter((g) => g.isNew).map((g) => g.name)).toEqual(['PDF', 'Text']);
    expect(TOOLS.filter((t) => t.isNew).map((t) => t.slug)).toEqual(['pdf-lock', 'text-count']);
  });

  it('covers the eleven file-tool APIs of SPEC section 7', () => {
    expect(FILE_TOOLS.map((t) => t.api).sort()).toEqual([
      'docx/merge',
      'image/compress',
      'image/jpg_to_png',
      'image/png_to_jpg',
      'image/png_to_svg',
      'image/remove_background',
      'pdf/compress',
      'pdf/lock',
      'pdf/merge',
      'pdf/to_docx',
      'pptx/merge',
    ]);
  });

  it('names downloads as SPEC section 7 says', () => {
    const name = (api: string, file: string) => downloadName(fileToolByApi(api)!, file);
    expect(name('pdf/merge', 'a.pdf')).toBe('Merged_File.pdf');
    // A format setting changes only the extension.
    expect(downloadName(fileToolByApi('image/compress')!, 'cat.jpeg', 'webp')).toBe('cat_compressed.webp');
    expect(downloadName(fileToolByApi('pdf/merge')!, 'a.pdf', 'pdf')).toBe('Merged_File.pdf');
    expect(name('docx/merge', 'a.docx')).toBe('Merged_File.docx');
    expect(name('pptx/merge', 'a.pptx')).toBe('Merged_File.pptx');
    expect(name('pdf/compress', 'report.final.pdf')).toBe('report.final_compressed.pdf');
    expect(name('pdf/to_docx', 'a.pdf')).toBe('a_converted.docx');
    expect(name('pdf/lock', 'a.pdf')).toBe('a_locked.pdf');
    expect(name('image/remove_background', 'cat.jpeg')).toBe('cat_removed_background.png');
    expect(name('image/compress', 'cat.JPG')).toBe('cat_compressed.jpg');
    expect(name('image/jpg_to_png', 'cat.jpg')).toBe('cat_converted.png');
    expect(name('image/png_to_jpg', 'logo.png')).toBe('logo_converted.jpg');
    expect(name('image/png_to_svg', 'logo.png')).toBe('logo_converted.svg');
    expect(name('image/png_to_svg', '사진.png')).toBe('사진_converted.svg');
  });

  it('merge thresholds follow SPEC section 5', () => {
    expect(fileToolByApi('pdf/merge')!.minFiles).toBe(2);
    expect(fileToolByApi('pptx/merge')!.minFiles).toBe(2);
    expect(fileToolByApi('docx/merge')!.minFiles).toBe(1);
  });
});

describe('one folder per tool', () => {
  const folders = fs
    .readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === 'tool.ts')
    .map((f) => path.dirname(f).split(path.sep).join('/'))
    .sort();

  it('lists every folder that has a tool.ts, and each entry lives in the folder its API path names', () => {
    expect(TOOLS.map((t) => toolFolder(t.api)).sort()).toEqual(folders);
  });

  it.each(FILE_TOOLS.map((t) => [t.api] as const))(
    '%s: its server.ts exports run, found by processors',
    async (api) => {
      expect(fs.existsSync(path.join(__dirname, toolFolder(api), 'server.ts'))).toBe(true);
      expect(typeof (await processors[api]()).run).toBe('function');
    },
  );
});
