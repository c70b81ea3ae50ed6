// Character count: see ../../tool-page.tsx.
import { CountTool } from '@/components/count-tool/count-tool';
import { LIMITS } from '@/lib/tools/registry';
import { kindPage } from '../../tool-page';

const page = kindPage('count', () => <CountTool limit={LIMITS.countChars} />);
export const dynamicParams = false;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
