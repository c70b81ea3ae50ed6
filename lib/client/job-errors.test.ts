import { toolBySlug, type FileToolDef } from '@/lib/tools/registry';
import { alertText, mergeAlertText, raiseFromResponse, ServerError, stepDefault } from './job-errors';

const tool = (slug: string) => toolBySlug(slug) as FileToolDef;
const compress = tool('pdf-compress');
const merge = tool('pdf-merge');

const caught = (fn: () => void): unknown => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
};

describe('raiseFromResponse', () => {
  it('raises the server error text', () => {
    const e = caught(() =>
      raiseFromResponse(compress, 'process', 415, { success: false, error: '"a.png" is not a PDF file.' }),
    );
    expect(e).toBeInstanceOf(ServerError);
    expect((e as ServerError).message).toBe('"a.png" is not a PDF file.');
    expect((e as ServerError).status).toBe(415);
  });

  it('raises the step default when the error text is absent (SPEC section 8)', () => {
    expect((caught(() => raiseFromResponse(compress, 'upload', 200, { success: false })) as Error).message).toBe(
      'Upload failed',
    );
    expect(
      (caught(() => raiseFromResponse(compress, 'process', 200, { success: false, error: '' })) as Error).message,
    ).toBe('Compress failed');
    expect((caught(() => raiseFromResponse(tool('pdf-lock'), 'process', 500, '<html>')) as Error).message).toBe(
      'Lock failed',
    );
    expect((caught(() => raiseFromResponse(merge, 'process', 502, undefined)) as Error).message).toBe('Merge failed');
    expect(caught(() => raiseFromResponse(merge, 'process', 502, undefined))).not.toBeInstanceOf(ServerError);
  });

  it('has a default per tool step', () => {
    expect(stepDefault(tool('image-jpg-to-png'), 'process')).toBe('JPG to PNG conversion failed');
    expect(stepDefault(tool('pdf-to-word'), 'process')).toBe('Convert failed');
    expect(stepDefault(tool('image-remove-background'), 'upload')).toBe('Upload failed');
  });
});

describe('alertText (single-file and lock pages)', () => {
  it('prefers the server error field', () => {
    expect(alertText(compress, new ServerError('The file is damaged.', 422))).toBe('The file is damaged.');
  });

  it('else the exception message', () => {
    expect(alertText(compress, new Error('Could not reach the server.'))).toBe('Could not reach the server.');
  });

  it('else the tool fallback', () => {
    expect(alertText(compress, new Error(''))).toBe('Compress failed. Please try again.');
    expect(alertText(compress, undefined)).toBe('Compress failed. Please try again.');
    expect(alertText(tool('pdf-to-word'), {})).toBe('PDF to DOCX conversion failed. Please try again.');
    expect(alertText(tool('pdf-lock'), null)).toBe('Lock failed. Please try again.');
  });
});

describe('mergeAlertText', () => {
  it('shows the exception message, which carries the server text for server errors', () => {
    expect(mergeAlertText(merge, new ServerError('"b.pdf" is password-protected.', 422))).toBe(
      '"b.pdf" is password-protected.',
    );
    expect(mergeAlertText(merge, new Error('Merge failed'))).toBe('Merge failed');
  });

  it('never shows an empty alert', () => {
    expect(mergeAlertText(merge, new Error(''))).toBe('Merge failed. Please try again.');
    expect(mergeAlertText(merge, 'x')).toBe('Merge failed. Please try again.');
  });
});
