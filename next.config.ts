import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // API paths end in '/' (SPEC section 7) and page routes do not: answer both as written, never redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Helpers and CI may build side by side into separate folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['sharp', 'formidable', 'qrcode', 'pdf-lib'],
};

export default nextConfig;
