// The one test command: type-check, lint, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, then browser flows in Debian's chromium. Prints a summary line.
// Each step starts as soon as the steps it needs have passed (the machine has two cores; CI is a
// budget of 20 minutes): the browser flows start right after the build, the server suites once the
// flows have ended (each group alone saturates both cores), and the steps nobody waits for and that
// wait for no clock (type-check, lint) run at a lower CPU priority, so they fill the time the flows and
// the tests leave idle instead of slowing them. Starved tests with clocks fail (measured: web component
// tests at nice 10 under the flows), so those keep theirs.
// Each step's output is kept in .test-reports/<name>.log and printed when it ends.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';

const reports = `${process.cwd()}/.test-reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
// The failed tests' names and first error lines: printed last, since a long run's log is read from its end.
const failures = [];
// Flows that failed once and passed on their retry: not failures, but named, so none goes unseen.
const flaky = [];
const firstLine = (text = '') => String(text).replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0].slice(0, 300);
/**
 * What a failure says, up to its call log: the assertion, its locator and the expected and received
 * values, with where in the spec it failed — a first line alone ("toContainText failed") told a
 * later session too little to find the cause of a failure it could not reproduce.
 */
function failureGist(error) {
  const text = String(error?.message ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  const end = text.indexOf('Call log:');
  const lines = (end < 0 ? text : text.slice(0, end)).split('\n').map((line) => line.trim()).filter(Boolean).slice(0, 6);
  const where = error?.location ? [`at ${error.location.file.replace(`${process.cwd()}/`, '')}:${error.location.line}`] : [];
  return [...lines, ...where].map((line) => line.slice(0, 300)).join('\n      ');
}

/** Runs one step to its end; resolves with its exit status and seconds, its output in a log file. */
function start({ name, title, command, env = {}, background = false }) {
  const log = `${reports}/${name}.log`;
  const started = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    // GNU time prints the step's CPU seconds (its children's included) at the end of its log: the
    // budget is the machine's two cores, so CPU, not only wall time, is what a step costs.
    const timed = existsSync('/usr/bin/time') ? `/usr/bin/time -f 'cpu: %U s user, %S s sys' sh -c ${JSON.stringify(command)}` : command;
    const line = background ? `nice -n 10 ${timed}` : timed;
    const child = spawn(line, { shell: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (status) => out.end(() => resolve({ title, command, log, status, seconds: Math.round((Date.now() - started) / 1000) })));
  });
}

/**
 * Runs every step, each once the steps named in its `after` have passed and those in its `afterEnd`
 * have ended (passed or not); prints each one's output and time as it ends. A failed step stops nothing already running, but no step after it starts.
 */
async function runPlan(steps) {
  const done = new Map();
  const failed = [];
  const run = (step) => {
    if (!done.has(step.name)) {
      done.set(
        step.name,
        Promise.all([...(step.after ?? []), ...(step.afterEnd ?? [])].map((name) => run(steps.find((other) => other.name === name)))).then(async (ended) => {
          // `after`: the step needs those to have passed; `afterEnd`: only waits for them to end.
          if (!ended.slice(0, (step.after ?? []).length).every(Boolean)) return false;
          const result = await start(step);
          console.log(`\n=== ${result.title}\n$ ${result.command}\n${readFileSync(result.log, 'utf8')}`);
          console.log(`=== ${result.title}: ${result.seconds} s${result.status === 0 ? '' : ` — failed (exit ${result.status})`}`);
          if (result.status !== 0) failed.push(result);
          return result.status === 0;
        }),
      );
    }
    return done.get(step.name);
  };
  await Promise.all(steps.map(run));
  if (failed.length === 0) return;
  // A failing hook can fail a run without failing a test: the summary must not read as green.
  totals.failed = Math.max(totals.failed, 1);
  summarize();
  process.exit(failed[0].status ?? 1);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults) {
    const file = result.name.replace(`${process.cwd()}/`, '');
    for (const test of result.assertionResults.filter((assertion) => assertion.status === 'failed')) failures.push(`${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (result.status === 'failed' && result.assertionResults.every((assertion) => assertion.status !== 'failed')) failures.push(`${file}: ${firstLine(result.message)}`);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + (stats.flaky ?? 0);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests.filter((run) => run.status === 'unexpected' || run.status === 'flaky')) {
        const error = test.results.find((result) => result.status !== 'passed')?.error;
        const name = `e2e/tests/${spec.file} › ${[...path, spec.title].join(' › ')}`;
        (test.status === 'flaky' ? flaky : failures).push(`${name}: ${failureGist(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

function summarize() {
  const failedSteps = totals.failed;
  totals.failed = 0;
  for (const name of ['server-pglite', 'server-postgres', 'web']) countVitest(`${reports}/${name}.json`);
  for (const file of readdirSync(reports).filter((name) => /^e2e-\d+\.json$/.test(name))) countPlaywright(`${reports}/${file}`);
  totals.failed = Math.max(totals.failed, failedSteps);
  if (flaky.length > 0) console.log(`\nPassed only on their retry:\n${flaky.map((line) => `  ${line}`).join('\n')}`);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

const vitestJson = (name) => `--reporter=default --reporter=json --outputFile.json=${reports}/${name}.json`;
const pgUrl = process.env.TEST_DATABASE_URL;

const plan = [
  { name: 'contract', title: 'contract build', command: 'npm run build -w @cab/contract' },
  { name: 'build', title: 'build', command: 'npm run build', after: ['contract'] },
  { name: 'typecheck', title: 'type-check', command: 'npm run typecheck', after: ['contract'], background: true },
  { name: 'lint', title: 'lint', command: 'npm run lint', after: ['contract'], background: true },
  // Component tests wait on clocks (testing-library's waitFor, vitest's 5 s): at the flows' priority.
  { name: 'web-run', title: 'web unit tests', command: `npm exec -w @cab/web -- vitest run ${vitestJson('web')}`, after: ['contract'] },
];
// The whole suite on PostgreSQL, two files at a time (a database per worker); the files that
// exercise the SQL itself again on PGlite, the embedded default (apps/server/test/data-layer.json).
// Without TEST_DATABASE_URL the whole suite runs on PGlite. They start once the browser flows have
// ended: the three shards alone hold both cores (load 17), and beside them the suites' clocks (a
// process start, a database outage's waits) and the flows' ran out at load 20–28 — each group alone
// keeps its clocks, and the run ends sooner than the thrashing one (45+ min).
const shards = Number(process.env.E2E_SHARDS ?? 3);
const E2E_STEPS = Array.from({ length: shards }, (_, index) => `e2e-run-${index + 1}`);
const dataLayer = JSON.parse(readFileSync('apps/server/test/data-layer.json', 'utf8')).files;
plan.push({
  name: 'server-pglite-run',
  title: pgUrl ? 'server tests of the data layer on PGlite' : 'server tests on PGlite',
  // Each file has an in-memory database of its own: files may run side by side.
  command: `npm exec -w @cab/server -- vitest run --fileParallelism --maxWorkers=${pgUrl ? 1 : 2} ${vitestJson('server-pglite')} ${pgUrl ? dataLayer.join(' ') : ''}`,
  env: { TEST_DATABASE_URL: '' },
  after: ['contract'],
  afterEnd: E2E_STEPS,
});
if (pgUrl) {
  plan.push({
    name: 'server-postgres-run',
    title: 'server tests on PostgreSQL',
    command: `npm exec -w @cab/server -- vitest run --fileParallelism --maxWorkers=2 ${vitestJson('server-postgres')}`,
    after: ['contract'],
    afterEnd: E2E_STEPS,
  });
} else console.log('\n(TEST_DATABASE_URL not set: server tests run on PGlite only)');
// The flows run in E2E_SHARDS shards side by side, each against its own app, embedded database and
// SMTP sink (E2E_PORT). Files are dealt to the shards by the seconds they took in a measured run
// (e2e/shard-weights.json; a file not listed there counts as the median), longest first, each to
// the shard with the least so far: the long sweeps (axe over every page) do not end up together.
const weights = JSON.parse(readFileSync('e2e/shard-weights.json', 'utf8')).seconds;
const specs = readdirSync('e2e/tests').filter((name) => name.endsWith('.spec.ts'));
const median = Object.values(weights).sort((a, b) => a - b)[Math.floor(Object.keys(weights).length / 2)] ?? 30;
const dealt = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
for (const file of specs.sort((a, b) => (weights[b] ?? median) - (weights[a] ?? median))) {
  const lightest = dealt.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
  lightest.seconds += weights[file] ?? median;
  lightest.files.push(`tests/${file}`);
}
plan.push(
  ...dealt.map((shard, index) => ({
    name: `e2e-run-${index + 1}`,
    title: `browser flows (Debian chromium), shard ${index + 1}/${shards} (${shard.files.length} files, ~${Math.round(shard.seconds / 60)} min measured)`,
    command: `npm exec -w @cab/e2e -- playwright test ${shard.files.join(' ')}`,
    env: { E2E_PORT: String(3100 + index * 100), E2E_RETRIES: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: `${reports}/e2e-${index + 1}.json` },
    after: ['build'],
  })),
);
await runPlan(plan);
summarize();
