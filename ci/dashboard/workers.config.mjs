// Two workers against the frontend page, each in a named site of its own.
import { defineConfig } from '@playwright/test';
import { chromium } from './chromium.mjs';

export default defineConfig({
  testMatch: 'workers.spec.mjs',
  globalSetup: './global-setup.mjs',
  outputDir: '.out/test-results',
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { ...chromium },
});
