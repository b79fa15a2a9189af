import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests (unit) plus the cross-service tests in test/
// (integration), which get real Postgres and NATS from test/support's global setup.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The benchmarks' own modules (their game, say) have unit tests beside them too.
          include: [
            'libs/**/src/**/*.test.ts',
            'services/**/src/**/*.test.ts',
            'test/bench/**/*.test.ts',
          ],
          setupFiles: ['test/setup/fast-check-seed.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', '**/node_modules/**'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/setup/fast-check-seed.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
