import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/lib/**/*.test.ts', '<rootDir>/tests/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next'],
  moduleNameMapper: {
    // 'server-only' throws outside React Server Components; tests call server code directly.
    '^server-only$': '<rootDir>/tests/support/empty-module.js',
    '^@/(.*)$': '<rootDir>/$1',
    // eld is ESM-only; Jest loads the real package through an esbuild shim.
    '^eld/medium$': '<rootDir>/tests/support/eld-jest-shim.cjs',
  },
  globalSetup: '<rootDir>/tests/support/global-setup.mjs',
  testTimeout: 60_000,
  maxWorkers: 2,
};

export default createJestConfig(config);
