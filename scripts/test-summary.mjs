// Prints one line `N passed, N failed` from the Vitest and Playwright JSON reports written by `npm test`.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
if (existsSync('.vitest-results.json')) {
  const v = JSON.parse(readFileSync('.vitest-results.json', 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0) + (v.numTotalTestSuites && v.success === false && !v.numFailedTests ? 1 : 0);
} else {
  failed += 1;
}
if (existsSync('.playwright-results.json')) {
  const p = JSON.parse(readFileSync('.playwright-results.json', 'utf8'));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ? 0 : 0);
} else {
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
