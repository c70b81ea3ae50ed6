// Single-file tools (compress, convert, ...): see ../../tool-page.tsx.
import { SingleFileTool } from '@/components/file-tool/single-file-tool';
import { kindPage } from '../../tool-page';

const page = kindPage('single', (tool) => <SingleFileTool tool={tool} />);
export const dynamicParams = false;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
