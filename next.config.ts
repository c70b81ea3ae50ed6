import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { securityHeaders } from './lib/security-headers.mjs';
import { siteUrlBuildProblem } from './lib/build-checks.mjs';
import { kindRedirects, kindRewrites } from './lib/tools/kind-routes';

const nextConfig: NextConfig = {
  // API paths end in '/' (SPEC section 7) and page routes do not: answer both as written, never redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Helpers and CI may build side by side into separate folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The S3 client, Redis and the job queue load from node_modules as they are (BullMQ reads its Lua scripts).
  serverExternalPackages: [
    'sharp',
    'formidable',
    'qrcode',
    'pdf-lib',
    '@aws-sdk/client-s3',
    '@aws-sdk/lib-storage',
    'ioredis',
    'bullmq',
    'rate-limiter-flexible',
  ],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
  // Each tool page lives in its page kind's route (a smaller first load); the public path is /<slug>.
  async rewrites() {
    return kindRewrites();
  },
  async redirects() {
    return kindRedirects();
  },
};

export default function config(phase: string): NextConfig {
  // Only `next build` bakes SITE_URL into the static pages; `next start` and `next dev` are not checked.
  if (phase === PHASE_PRODUCTION_BUILD) {
    const problem = siteUrlBuildProblem({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' });
    if (problem) {
      console.error(`\n> Build stopped: ${problem}\n`);
      process.exit(1);
    }
  }
  return nextConfig;
}
