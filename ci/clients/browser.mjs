// browser.mjs runs the scenario in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core): it serves page.html and scenario.mjs from an origin of its own
// (127.0.0.1 on a free port, never the site's), opens the page against CLIENTS_SITE as
// CLIENTS_USER with the application password CLIENTS_PASSWORD, prints the page's steps
// and keeps a screenshot in CLIENTS_OUT (default ci/clients/.out).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { report } from './scenario.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const here = path.dirname(fileURLToPath(import.meta.url));
const { CLIENTS_SITE: site, CLIENTS_USER: user, CLIENTS_PASSWORD: password } = process.env;
const label = process.env.CLIENTS_LABEL || site;
const out = process.env.CLIENTS_OUT || path.join(here, '.out');
if (!site || !user || !password) {
  console.error('browser.mjs: set CLIENTS_SITE, CLIENTS_USER and CLIENTS_PASSWORD');
  process.exit(2);
}

const files = { '/': ['page.html', 'text/html'], '/scenario.mjs': ['scenario.mjs', 'text/javascript'] };
const server = http.createServer((req, res) => {
  const f = files[new URL(req.url, 'http://x').pathname];
  if (!f) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': `${f[1]}; charset=utf-8` }).end(fs.readFileSync(path.join(here, f[0])));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// the flags this machine's closed network needs (no background connections to Google)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
let ok = false;
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const consoleErrors = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  const q = new URLSearchParams({ site, user, password });
  await page.goto(`${origin}/?${q}`);
  await page.waitForFunction(() => window.wpmockSteps !== undefined, null, { timeout: 60000 }).catch(() => {});
  const steps = (await page.evaluate(() => window.wpmockSteps)) ||
    [{ step: 'page', ok: false, detail: `the page did not finish: ${consoleErrors.join('; ') || 'no error logged'}` }];
  fs.mkdirSync(out, { recursive: true });
  const shot = path.join(out, `browser-${label.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: shot, fullPage: true });
  ok = report('chromium fetch (other origin)', label, steps);
  console.log(`clients: screenshot ${path.relative(process.cwd(), shot)}`);
} finally {
  await browser.close();
  server.close();
}
process.exit(ok ? 0 : 1);
