// Merge tools (PDF, Word, PowerPoint): see ../../tool-page.tsx.
import { MergeTool } from '@/components/file-tool/merge-tool';
import { kindPage } from '../../tool-page';

const page = kindPage('merge', (tool) => <MergeTool tool={tool} />);
export const dynamicParams = false;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
