// Writes e2e/shard-weights.json from the Playwright JSON reports of a test run (the test command
// keeps them in .test-reports/e2e-<n>.json): the seconds each spec file's tests took. The test
// command deals files to its browser shards by these figures. Usage: node scripts/shard-weights.mjs .test-reports
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-reports';
const seconds = {};
function walk(suite, file) {
  const name = path.basename(suite.file ?? file ?? '');
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) for (const result of test.results) seconds[name] = (seconds[name] ?? 0) + result.duration / 1000;
  }
  for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
}
for (const report of readdirSync(dir).filter((name) => /^e2e-\d+\.json$/.test(name))) {
  for (const suite of JSON.parse(readFileSync(path.join(dir, report), 'utf8')).suites) walk(suite);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a).map(([name, value]) => [name, Math.round(value)]));
const why =
  'Seconds each spec file took in one measured run of the test command (three shards side by side on the 2-core CI machine); scripts/test.mjs deals files to shards by them. Re-measure when a file grows: node scripts/shard-weights.mjs .test-reports';
writeFileSync('e2e/shard-weights.json', `${JSON.stringify({ why, seconds: sorted }, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0)} s`);
