// ESLint: Next's own rules (core web vitals + TypeScript), run by `npm run lint` and `npm test`.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next*/**',
    'out/**',
    'build/**',
    '.workers/**',
    'test-results/**',
    'playwright-report/**',
    'coverage/**',
    'next-env.d.ts',
  ]),
  {
    // Tests and their helpers are not React: `useTestDataDir` only sounds like a hook.
    files: ['tests/**', '**/*.test.ts', 'e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // CommonJS by necessity (Jest environments and shims, loaded with require).
    files: ['**/*.cjs', 'tests/support/onnx-test-environment.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // Control characters in a pattern are a mistake unless marked (file-name and XML cleaning mark theirs).
      'no-control-regex': 'error',
      // Unused names are errors, except the conventional `_` prefix for deliberately ignored arguments.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
]);
