// Root layout: sidebar + main area (SPEC section 2). A server component; the sidebar is the only interactive
// part of the frame, and the inline chunk-recovery script runs before any chunk loads.
import type { Metadata, Viewport } from 'next';
import { Sidebar } from '@/components/sidebar/sidebar';
import { buildMenu } from '@/components/sidebar/menu';
import { ChunkErrorRecovery } from '@/components/chunk-error-recovery';
import { siteConfig } from '@/lib/site-config';
import { HOME_DESCRIPTION } from '@/lib/seo';
import './globals.css';

// Defaults for pages without their own metadata (each page sets title, description and canonical).
export function generateMetadata(): Metadata {
  const config = siteConfig();
  return {
    title: config.siteName,
    description: HOME_DESCRIPTION,
    metadataBase: new URL(`${config.siteUrl}/`),
    applicationName: config.siteName,
    icons: {
      icon: [
        { url: '/favicon.svg', type: 'image/svg+xml' },
        { url: '/favicon.ico', sizes: '32x32' },
      ],
      apple: '/apple-touch-icon.png',
    },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#4f46e5',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  const config = siteConfig();
  const { groups, groupOfRoute } = buildMenu();
  return (
    <html lang="en">
      <head>
        <ChunkErrorRecovery />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <div className="app">
          <Sidebar
            groups={groups}
            groupOfRoute={groupOfRoute}
            siteName={config.siteName}
            supportEmail={config.supportEmail}
            sourceUrl={config.sourceUrl}
          />
          <main id="main" className="main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </body>
    </html>
  );
}
