import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The test command runs these beside the browser flows on two cores: tests that take 15–25 s alone
    // (the capped count's filter matrix, a crash take-over, a database refusal) passed 60 s there.
    testTimeout: 120_000,
    // A file's app start waits for its database copy; at load 20 (three browser shards beside) 60 s
    // were passed and whole files skipped.
    hookTimeout: 120_000,
    fileParallelism: false,
    // One module graph per worker, not per file: importing the app afresh for each of ~110 files took
    // 264 of the suite's 660 CPU-seconds. What a file changes process-wide it puts back (a report
    // source it stands in, a spied resolver: registerReportSource's restore, vi.restoreAllMocks).
    isolate: false,
    // Migrates and seeds once per run; each file starts from a copy (test/support/database-snapshot.ts).
    globalSetup: ['test/support/database-snapshot.ts'],
    // On PostgreSQL, a database per worker (files may run side by side).
    setupFiles: ['test/support/worker-database.ts'],
  },
});
