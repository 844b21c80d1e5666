import { defineConfig } from 'vitest/config';

// Kept apart from web/vite.config.ts so the React Router plugin stays out of tests.
export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'web/app/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
