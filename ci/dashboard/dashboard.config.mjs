// The dashboard clicked through in headless Chromium: one test, in steps, on one page.
import { defineConfig } from '@playwright/test';
import { chromium } from './chromium.mjs';

export default defineConfig({
  testMatch: 'dashboard.spec.mjs',
  globalSetup: './global-setup.mjs',
  outputDir: '.out/test-results',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { ...chromium, viewport: { width: 1400, height: 1100 } },
});
