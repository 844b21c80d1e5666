import { defineConfig } from 'vitest/config';

// Kept apart from web/vite.config.ts so the React Router plugin stays out of tests.
export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'web/app/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time on a two-core machine (the default is one less than the cores): most wait on
    // PostgreSQL, a socket or a child process; each worker has its own PostgreSQL database.
    maxWorkers: 2,
    setupFiles: ['server/test/worker-database.ts'],
  },
});
