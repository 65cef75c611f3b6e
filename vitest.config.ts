import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests beside the code, and integration tests that talk to a real
// PostgreSQL (tests/integration/global-setup.ts prepares the database once per run).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // The tests are the local runtime (issue 26): a test of production passes its environment in.
          env: { PHANTASTIKA_RUNTIME: 'local' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env: { PHANTASTIKA_RUNTIME: 'local' },
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup-env.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
