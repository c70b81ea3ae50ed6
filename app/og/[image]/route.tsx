// Per-tool Open Graph images (1200x630 PNG), drawn with next/og once at `next build` (force-static) and served
// as static files: /og/<slug>.png. Fonts come from installed packages (pdf.js's Liberation Sans, SIL OFL),
// never from the network.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { GROUPS, TOOLS, toolBySlug } from '@/lib/tools/registry';
import { siteConfig } from '@/lib/site-config';
import { OG_IMAGE } from '@/lib/seo';
import { Icon } from '@/components/icons';

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): Array<{ image: string }> {
  return TOOLS.map((t) => ({ image: `${t.slug}.png` }));
}

const fontFile = (name: string) =>
  fs.readFile(
    path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts', name),
  );

export async function GET(_req: Request, { params }: { params: Promise<{ image: string }> }) {
  const slug = (await params).image.replace(/\.png$/, '');
  const tool = toolBySlug(slug);
  if (!tool) return new Response('Not found', { status: 404 });
  const site = siteConfig();
  const group = GROUPS.find((g) => g.id === tool.group)?.name ?? '';
  const [regular, bold] = await Promise.all([
    fontFile('LiberationSans-Regular.ttf'),
    fontFile('LiberationSans-Bold.ttf'),
  ]);
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        background: 'linear-gradient(135deg, #eef2ff 0%, #ffffff 55%, #e0e7ff 100%)',
        color: '#1f2937',
        fontFamily: 'Liberation Sans',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20, fontSize: 34, fontWeight: 700, color: '#4f46e5' }}>
        <Icon name="logo" size={52} />
        {site.siteName}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 48 }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 180,
            height: 180,
            borderRadius: 40,
            background: '#4f46e5',
            color: '#ffffff',
            flexShrink: 0,
          }}
        >
          <Icon name={tool.icon} size={110} />
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <div
            style={{ fontSize: 28, fontWeight: 700, color: '#6b7280', textTransform: 'uppercase', letterSpacing: 3 }}
          >{`${group} tool`}</div>
          <div style={{ fontSize: 84, fontWeight: 700, lineHeight: 1.05, letterSpacing: -2 }}>{tool.title}</div>
        </div>
      </div>
      <div style={{ display: 'flex', fontSize: 32, lineHeight: 1.35, color: '#374151', maxWidth: 1040 }}>
        {tool.description}
      </div>
    </div>,
    {
      width: OG_IMAGE.width,
      height: OG_IMAGE.height,
      fonts: [
        { name: 'Liberation Sans', data: regular, weight: 400, style: 'normal' },
        { name: 'Liberation Sans', data: bold, weight: 700, style: 'normal' },
      ],
    },
  );
}
