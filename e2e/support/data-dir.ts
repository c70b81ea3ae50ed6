import path from 'node:path';

/** The data directory of the server Playwright starts (set in playwright.config.ts). */
export const E2E_DATA_DIR = path.resolve(__dirname, '../../test-results/e2e-data', process.env.E2E_PORT ?? '3100');
