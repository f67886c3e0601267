import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The test command runs these beside the browser flows on two cores: tests that take 15 s there
    // (the capped count's filter matrix, a crash take-over) keep twice that in hand.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Migrates and seeds once per run; each file starts from a copy (test/support/database-snapshot.ts).
    globalSetup: ['test/support/database-snapshot.ts'],
    // On PostgreSQL, a database per worker (files may run side by side).
    setupFiles: ['test/support/worker-database.ts'],
  },
});
