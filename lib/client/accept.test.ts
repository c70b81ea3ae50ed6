import { toolBySlug, type FileToolDef } from '@/lib/tools/registry';
import { filterAccepted, matchesAccept, rejectedText } from './accept';

const accept = (slug: string) => (toolBySlug(slug) as FileToolDef).accept;

describe('matchesAccept', () => {
  it('matches by MIME type', () => {
    expect(matchesAccept({ name: 'a.bin', type: 'application/pdf' }, accept('pdf-merge'))).toBe(true);
    expect(matchesAccept({ name: 'a.pdf', type: 'image/png' }, accept('pdf-merge'))).toBe(false);
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(matchesAccept({ name: 'Report.PDF', type: '' }, accept('pdf-compress'))).toBe(true);
    expect(matchesAccept({ name: 'photo.JPEG', type: '' }, accept('image-compress'))).toBe(true);
    expect(matchesAccept({ name: 'photo.png', type: '' }, accept('image-compress'))).toBe(false);
    expect(matchesAccept({ name: 'deck.pptx', type: '' }, accept('powerpoint-merge'))).toBe(true);
    expect(matchesAccept({ name: 'letter.docx', type: 'application/octet-stream' }, accept('word-merge'))).toBe(true);
  });

  it('follows each tool filter of SPEC section 2', () => {
    const bmp = { name: 'x.bmp', type: 'image/bmp' };
    const gif = { name: 'x.gif', type: 'image/gif' };
    const png = { name: 'x.png', type: 'image/png' };
    expect(matchesAccept(bmp, accept('image-remove-background'))).toBe(true);
    expect(matchesAccept(gif, accept('image-remove-background'))).toBe(true);
    expect(matchesAccept(png, accept('image-png-to-svg'))).toBe(true);
    expect(matchesAccept(png, accept('image-jpg-to-png'))).toBe(false);
  });
});

describe('filterAccepted', () => {
  it('splits a drop into accepted and rejected files, keeping their order', () => {
    const files = [
      { name: 'b.pdf', type: 'application/pdf' },
      { name: 'notes.txt', type: 'text/plain' },
      { name: 'a.pdf', type: '' },
    ];
    const r = filterAccepted(files, accept('pdf-merge'));
    expect(r.accepted.map((f) => f.name)).toEqual(['b.pdf', 'a.pdf']);
    expect(r.rejected.map((f) => f.name)).toEqual(['notes.txt']);
  });
});

describe('rejectedText', () => {
  it('names the refused files and what the tool takes', () => {
    expect(rejectedText('a PDF file', ['notes.txt'])).toBe('"notes.txt" is not a PDF file.');
    expect(rejectedText('a JPEG image', ['a.png', 'b.gif'])).toBe('"a.png", "b.gif" are not JPEG images.');
    expect(rejectedText('a Word (.docx) file', ['x.doc', 'y.odt'])).toBe(
      '"x.doc", "y.odt" are not Word (.docx) files.',
    );
  });
});
