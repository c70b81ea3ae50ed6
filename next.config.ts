import type { NextConfig } from 'next';
import { securityHeaders } from './lib/security-headers.mjs';

const nextConfig: NextConfig = {
  // API paths end in '/' (SPEC section 7) and page routes do not: answer both as written, never redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Helpers and CI may build side by side into separate folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['sharp', 'formidable', 'qrcode', 'pdf-lib'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
};

export default nextConfig;
