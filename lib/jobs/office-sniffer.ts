// Tells a Word package from a PowerPoint one by its main part, through the guarded package reader, and says
// precisely what is wrong with a ZIP that is not the package a tool expects.
import 'server-only';
import { AppError, isAppError } from '@/lib/core/errors';
import { damagedError, openPackage, sniffOfficeKind } from '@/lib/office/package-reader';
import type { OfficeSniffer } from './sniff';

export const officeSniffer: OfficeSniffer = {
  kind: (filePath) => sniffOfficeKind(filePath),

  async explain(filePath, name, expected, expectedText) {
    try {
      const pkg = await openPackage(filePath, name);
      await pkg.close();
    } catch (e) {
      // Damaged, truncated, a bomb, encrypted: the reader's own words, naming the file.
      return isAppError(e) ? e : damagedError(name, expected);
    }
    // A sound package of another kind (a .pptx sent to Word merge, a spreadsheet, a plain ZIP).
    return new AppError('UNSUPPORTED_TYPE', `"${name}" is not ${expectedText}.`);
  },
};
