// The powerpoint-merge page's text below the tool: how-to steps, its own FAQ, related tools (lib/tools/content.ts).
import type { ToolContent } from '../../tool-def';

export const content: ToolContent = {
  steps: [
    'Choose the PowerPoint (.pptx) files with Upload PowerPoint Files, or drop them anywhere on the page.',
    'Drag the presentations into the order their slides should follow.',
    'Press Merge PowerPoint Files, then Download Merged PowerPoint to save one deck.',
  ],
  faq: [
    {
      q: 'Do the slides keep their design?',
      a: 'Yes. Each slide keeps its layout, theme, speaker notes, pictures and embedded media.',
    },
    {
      q: 'Which formats are supported?',
      a: 'PowerPoint presentations in the .pptx format. Older .ppt files need to be saved as .pptx first.',
    },
    {
      q: 'In which order are the slides?',
      a: 'In the order of the list: all slides of the first file, then all slides of the second, and so on.',
    },
  ],
  related: ['word-merge', 'pdf-merge', 'image-compress'],
};
