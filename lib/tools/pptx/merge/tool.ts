// Merge PowerPoint: its entry in the tool list (lib/tools/list.ts). Browser-safe plain data: the sidebar, the pages,
// the API route wrapper and the tests read it.
import { defineFileTool, fallback, MIME } from '../../tool-def';

export const tool = defineFileTool({
  slug: 'powerpoint-merge',
  group: 'powerpoint',
  name: 'Merge',
  title: 'Merge PowerPoint',
  icon: 'file-powerpoint',
  listed: true,
  description:
    'Combine several PowerPoint (PPTX) presentations into one deck; every slide keeps its design, notes and media.',
  keywords: ['merge powerpoint', 'combine pptx', 'join presentations', 'pptx merger'],
  kind: 'merge',
  api: 'pptx/merge',
  accept: '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation',
  fileKinds: ['pptx'],
  expected: 'a PowerPoint (.pptx) file',
  labels: {
    upload: 'Upload PowerPoint Files',
    replace: 'Add PowerPoint Files',
    action: 'Merge PowerPoint Files',
    busy: 'Merging...',
    download: 'Download Merged PowerPoint',
  },
  minFiles: 2,
  output: { mime: MIME.pptx, fixedName: 'Merged_File.pptx' },
  errors: { default: 'Merge failed', fallback: fallback('Merge failed') },
});

/** The page's how-to, FAQ and related tools, loaded only where a page is rendered (not in the browser bundle). */
export const loadContent = () => import('./content').then((m) => m.content);
