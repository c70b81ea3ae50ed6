// QR code generator: see ../../tool-page.tsx.
import { QrTool } from '@/components/qr-tool/qr-tool';
import { LIMITS } from '@/lib/tools/registry';
import { kindPage } from '../../tool-page';

const page = kindPage('qr', (tool) => <QrTool limit={LIMITS.qrChars} fallbackError={tool.errors.fallback} />);
export const dynamicParams = false;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
