// Prints one line `N passed, N failed` from the Vitest and Playwright JSON reports written by `npm test` and, with
// --with-package-check (.ci/run), the package check's report (scripts/package-check.mjs, counted as one test), then
// names each test that failed once and passed on its one retry (a flake: a race in the test or in the product, to be
// fixed, never to be left to the retry).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const flaky = [];
if (existsSync('.vitest-results.json')) {
  const v = JSON.parse(readFileSync('.vitest-results.json', 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (v.numTotalTestSuites && v.success === false && !v.numFailedTests ? 1 : 0);
  for (const file of v.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' && test.failureMessages?.length) flaky.push(`${file.name}: ${test.fullName}`);
    }
  }
} else {
  failed += 1;
}
if (existsSync('.playwright-results.json')) {
  const p = JSON.parse(readFileSync('.playwright-results.json', 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'flaky'))
        flaky.push(`${spec.file}: ${[...path, spec.title].join(' > ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
} else {
  failed += 1;
}
if (process.argv.includes('--with-package-check')) {
  const report = existsSync('.package-check-results.json')
    ? JSON.parse(readFileSync('.package-check-results.json', 'utf8'))
    : { ok: false, steps: [{ name: 'package check: no report written', ok: false }] };
  if (report.ok === true) passed += 1;
  else {
    failed += 1;
    for (const step of report.steps ?? []) if (!step.ok) console.log(`package check failed: ${step.name}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
if (flaky.length)
  console.log(`${flaky.length} passed only on retry (flaky):\n${flaky.map((f) => `  ${f}`).join('\n')}`);
