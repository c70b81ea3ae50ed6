// Translate: see ../../tool-page.tsx.
import { TranslateTool } from '@/components/translate-tool/translate-tool';
import { kindPage } from '../../tool-page';

const page = kindPage('translate', (tool) => <TranslateTool tool={tool} />);
export const dynamicParams = false;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
