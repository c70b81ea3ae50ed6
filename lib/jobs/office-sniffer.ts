// Tells a Word package from a PowerPoint one by its main part, through the guarded package reader.
import 'server-only';
import { sniffOfficeKind } from '@/lib/office/package-reader';
import type { OfficeSniffer } from './sniff';

export const officeSniffer: OfficeSniffer = (filePath) => sniffOfficeKind(filePath);
