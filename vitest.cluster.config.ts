import { defineConfig } from 'vitest/config';

// npm run test:cluster: two built instances on PostgreSQL, Redis and S3 (see server/cluster/).
export default defineConfig({
  test: {
    include: ['server/cluster/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
