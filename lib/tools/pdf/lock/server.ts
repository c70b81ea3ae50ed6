// PDF lock: AES-256 (security handler revision 6) with the visitor's password as the user (open) password,
// done by qpdf compiled to WebAssembly. qpdf rewrites every object, so outlines, links, form fields and values,
// page labels, document info and XMP metadata are kept and encrypted (strings included). The owner password is
// 32 random bytes nobody keeps; all permissions stay allowed (printing, copying, forms...), because the visitor
// asked for an open password, and restrictions guarded by an owner password they never saw could never be
// lifted by them.
import 'server-only';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError, displayName } from '@/lib/core/errors';
import { LIMITS } from '@/lib/core/limits';
import type { Processor } from '../../types';
import { pdfErrors, probePdf, repairedNotice, rewriteWithPdfLib } from '../common/load-pdf';
import { runQpdf } from '../common/qpdf';
import { saslprep } from './saslprep';
import { checkLockPassword, PASSWORD_MESSAGES, passwordLength } from '@/lib/core/password-rule';

export const PASSWORD_TOO_SHORT = PASSWORD_MESSAGES.tooShort;

/** The prepared password, or the AppError to show: the shared rule, then again after SASLprep. */
export function checkPassword(password: unknown): string {
  const prepared = saslprep(checkLockPassword(password));
  if (prepared === null) throw new AppError('BAD_REQUEST', 'Password must not contain control characters');
  if (passwordLength(prepared) < LIMITS.passwordMin) throw new AppError('BAD_REQUEST', PASSWORD_TOO_SHORT);
  return prepared;
}

export const run: Processor = async (inputs, options, ctx) => {
  const password = checkPassword(options.password);
  if (inputs.length !== 1) throw new AppError('BAD_REQUEST', 'Choose one PDF file to lock.');
  const input = inputs[0];

  // Quick check first (encryption, declared page count); the page tree is walked on the result below.
  const probe = await probePdf(input.path);
  if (probe.encryption !== 'none') {
    throw new AppError(
      'UNPROCESSABLE',
      `"${displayName(input.name)}" is already password-protected. Remove the protection and try again.`,
    );
  }
  if (probe.pages === 0) throw pdfErrors.noPages(input.name);
  // qpdf cannot open it (e.g. a broken cross-reference table): lock pdf-lib's consistent rewrite instead.
  let source = input.path;
  let pages = probe.pages;
  let repaired = probe.repaired;
  if (pages === null) {
    const copy = await rewriteWithPdfLib(input, ctx);
    source = copy.file;
    pages = copy.pages;
    repaired = true;
  }

  const out = path.join(ctx.workDir, 'locked.pdf');
  const owner = randomBytes(32).toString('base64url');
  // --decode-level=none: stream data is encrypted as it is, never decoded and re-encoded (faster, and a
  // corrupt ASCII85 stream a viewer skips cannot fail the whole lock).
  const r = await runQpdf((f) => [
    f(source),
    '--decode-level=none',
    '--encrypt',
    `--user-password=${password}`,
    `--owner-password=${owner}`,
    '--bits=256',
    '--',
    f(out),
  ]);
  if (r.code === 2) throw pdfErrors.damaged(input.name);

  // Prove the result before handing it over: it opens with the password and its page tree (walked, so a
  // looping or broken tree is caught) has every page the input declares.
  const check = await probePdf(out, { walk: true, password });
  if (check.pages === null) throw pdfErrors.damaged(input.name);
  // Fewer pages than declared: some were lost to damage. More: the file's own /Count was just wrong.
  if (check.pages < pages) throw pdfErrors.lostPages(input.name, check.pages, pages);
  // qpdf exit code 3: it repaired damage on the way (the page count was checked above).
  return { path: out, notice: r.code === 3 || repaired ? repairedNotice([input.name]) : undefined };
};
