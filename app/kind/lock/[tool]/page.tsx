// PDF lock: see ../../tool-page.tsx.
import { LockTool } from '@/components/lock-tool/lock-tool';
import { kindPage } from '../../tool-page';

const page = kindPage('lock', (tool) => <LockTool tool={tool} />);
export const dynamicParams = false;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
