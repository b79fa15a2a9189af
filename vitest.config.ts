import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests (unit) plus the cross-service tests in test/
// (integration and game-nodes), which get real Postgres and NATS from test/support's global
// setup: each of those two projects gets its own servers.

/** What every project that talks to the real servers (test/support) shares. */
const INTEGRATION = {
  globalSetup: ['test/support/global-setup.ts'],
  setupFiles: ['test/setup/fast-check-seed.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
};

/**
 * Files that run game nodes on the shared NATS server. Every game node joins the same queue
 * groups (`veil.rooms.create`, `veil.rooms.place`), so two such files at once would have their
 * rooms created by, and their commands answered by, each other's nodes — on another file's
 * database ("room_not_found"). They run one at a time; a new file that starts game nodes on
 * `services().natsUrl` belongs here.
 */
const GAME_NODE_FILES = [
  'test/integration/game-node-*.test.ts',
  'test/integration/gateway-nats.test.ts',
];

/**
 * The benchmarks' own tests that need the real servers (their game node, its stand-in, their
 * wire client): a project of their own, with its own servers, one file at a time.
 */
const BENCH_SERVICE_FILES = ['test/bench/**/*.services.test.ts'];

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
          exclude: ['**/node_modules/**', ...BENCH_SERVICE_FILES],
          setupFiles: ['test/setup/fast-check-seed.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', '**/node_modules/**', ...GAME_NODE_FILES],
          ...INTEGRATION,
        },
      },
      {
        test: {
          name: 'bench',
          include: [...BENCH_SERVICE_FILES],
          fileParallelism: false,
          ...INTEGRATION,
        },
      },
      {
        test: {
          name: 'game-nodes',
          include: [...GAME_NODE_FILES],
          // One file at a time (see GAME_NODE_FILES); the other projects still run beside it.
          fileParallelism: false,
          ...INTEGRATION,
        },
      },
    ],
  },
});
