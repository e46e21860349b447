import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, findChromium } from './scripts/ensure-system.mjs';

// KEYTUNE_CHROMIUM when set, else /usr/bin/chromium, else chromium or chromium-browser on PATH (the lookup `npm test`
// runs first, in scripts/ensure-system.mjs, which installs Chromium when it is missing).
const chromium = findChromium() ?? DEBIAN_CHROMIUM;

// Another port and build folder (KEYTUNE_E2E_PORT, KEYTUNE_E2E_DIST) let a second run go on beside the first.
const port = Number(process.env.KEYTUNE_E2E_PORT ?? 4317);
const dist = process.env.KEYTUNE_E2E_DIST ?? 'dist';
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60000,
  workers: 2,
  // One retry, so that a test which loses a race with a busy machine does not hide every other result; the summary
  // (scripts/test-summary.mjs) names each test that needed it.
  retries: 1,
  reporter: [['list'], ['json', { outputFile: '.playwright-results.json' }]],
  // Screen comparisons (e2e/*-screens.spec.ts, screenshots.spec.ts): frozen animations and no caret; 0.2% of the
  // pixels may differ (about 2,500 on a 1366 x 900 screen), for font antialiasing. Repeated runs on this machine differ
  // by under 0.05%; a changed word, a moved or missing control or a colour changes far more.
  expect: {
    toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node_modules/.bin/vite preview --host 127.0.0.1 --strictPort --port ${port} --outDir ${dist}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60000,
  },
});
