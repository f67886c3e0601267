// The one test command: type-check, lint, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, then browser flows in Debian's chromium. Prints a summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = `${process.cwd()}/.test-reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, env = {}) {
  console.log(`\n=== ${title}\n$ ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    // A failing hook can fail a run without failing a test: the summary must not read as green.
    totals.failed = Math.max(totals.failed, 1);
    summarize();
    process.exit(result.status ?? 1);
  }
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function summarize() {
  const failedSteps = totals.failed;
  totals.failed = 0;
  for (const name of ['server-pglite', 'server-postgres', 'web']) countVitest(`${reports}/${name}.json`);
  countPlaywright(`${reports}/e2e.json`);
  totals.failed = Math.max(totals.failed, failedSteps);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

const vitestJson = (name) => `--reporter=default --reporter=json --outputFile.json=${reports}/${name}.json`;
const pgUrl = process.env.TEST_DATABASE_URL;

run('contract build', 'npm run build -w @cab/contract');
run('type-check', 'npm run typecheck');
run('lint', 'npm run lint');
run('server tests on PGlite', `npm exec -w @cab/server -- vitest run ${vitestJson('server-pglite')}`, { TEST_DATABASE_URL: '' });
if (pgUrl) run('server tests on PostgreSQL', `npm exec -w @cab/server -- vitest run ${vitestJson('server-postgres')}`);
else console.log('\n(TEST_DATABASE_URL not set: server tests ran on PGlite only)');
run('web unit tests', `npm exec -w @cab/web -- vitest run ${vitestJson('web')}`);
run('build', 'npm run build');
run('browser flows (Debian chromium)', 'npm exec -w @cab/e2e -- playwright test', {
  PLAYWRIGHT_JSON_OUTPUT_FILE: `${reports}/e2e.json`,
});
summarize();
