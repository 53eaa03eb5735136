// Two workers against one `next start`, each on a wpmock site of its own
// (wpmock/playwright's fixtures set the wpmock_site cookie; wpmock/next forwards it).
import { defineConfig } from '@playwright/test';
import { chromium } from '../dashboard/chromium.mjs';

export default defineConfig({
  testMatch: '*.spec.mjs',
  globalSetup: './global-setup.mjs',
  outputDir: '.out/test-results',
  fullyParallel: true,
  workers: Number(process.env.WORKERS || 2),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { ...chromium, baseURL: process.env.APP_URL },
});
