// The dashboard clicked through in headless Chromium, as a developer uses it: a refused
// and an accepted sign-in, a request seen in the live log, counts after a write and a
// reset, a snapshot saved and restored, latency set and felt, a password copied, the
// webhook deliveries, a named site, the API document with an operation opened. Each
// step leaves a screenshot in .out/. Then the link start() gives (the banner's), which
// opens the page signed in, rendered before its script runs.
import { test, expect } from '@playwright/test';
import path from 'node:path';

const out = path.join(path.dirname(new URL(import.meta.url).pathname), '.out');
const { WP_URL: url, WP_AUTHORIZATION: authorization, WP_PASSWORD: password, WP_DASHBOARD: link, FRONTEND_URL: frontend } = process.env;
const json = { Authorization: authorization, 'Content-Type': 'application/json' };

// wp calls the mock from the test, as the frontend under test would
async function wp(method, route, body) {
  const res = await fetch(`${url}/wp-json/${route}`, { method, headers: json, body: body && JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

test('the dashboard, clicked through', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const shot = (name) => page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
  const postCount = page.locator('#count-rows tr[data-type="post"] td.num');

  await test.step('a wrong password is refused, in WordPress\'s words', async () => {
    await page.goto(`${url}/wpmock/`);
    await expect(page.locator('#login')).toBeVisible();
    await page.fill('#login-form input[name="password"]', 'not the password');
    await page.click('#login-form button[type="submit"]');
    await expect(page.locator('#login-error')).toContainText('401 rest_forbidden');
    await shot('01-sign-in-refused');
  });

  await test.step('the admin\'s application password signs in', async () => {
    await page.fill('#login-form input[name="password"]', password);
    await page.click('#login-form button[type="submit"]');
    await expect(page.locator('#overview')).toBeVisible();
    await expect(page.locator('#log-state')).toHaveText('live');
    await expect(postCount).toHaveText(/^\d+$/);
    await shot('02-overview');
  });

  await test.step('a request appears in the live log', async () => {
    const probe = '/wp-json/wp/v2/posts?search=dashboard-probe&per_page=2';
    await fetch(url + probe);
    await expect(page.locator('#log-rows td.path', { hasText: probe })).toBeVisible();
    const row = page.locator('#log-rows tr', { hasText: probe });
    await expect(row).toContainText('200');
    await expect(row).toContainText('GET');
    await shot('03-live-log');
  });

  const before = Number(await postCount.textContent());
  await test.step('a write shows in the counts, and Reset takes it back', async () => {
    const made = await wp('POST', 'wp/v2/posts', { title: 'Made behind the dashboard\'s back', status: 'publish' });
    expect(made.status).toBe(201);
    await expect(postCount).toHaveText(String(before + 1));
    page.once('dialog', (d) => d.accept());
    await page.click('#reset');
    await expect(page.locator('#control-status')).toContainText('Reset:');
    await expect(postCount).toHaveText(String(before));
    await shot('04-reset');
  });

  await test.step('a snapshot saved, the post deleted, the snapshot restored', async () => {
    const made = await wp('POST', 'wp/v2/posts', { title: 'Snapshot probe', status: 'publish' });
    await expect(postCount).toHaveText(String(before + 1));
    await page.fill('#snapshot-form input[name="name"]', 'with-probe');
    await page.click('#snapshot-form button[type="submit"]');
    await expect(page.locator('#snapshot-rows tr[data-snapshot="with-probe"]')).toBeVisible();
    expect((await wp('DELETE', `wp/v2/posts/${made.body.id}?force=true`)).status).toBe(200);
    await expect(postCount).toHaveText(String(before));
    await page.locator('#snapshot-rows tr[data-snapshot="with-probe"] button.restore').click();
    await expect(page.locator('#control-status')).toHaveText('Restored snapshot with-probe.');
    await expect(postCount).toHaveText(String(before + 1));
    const back = await wp('GET', 'wp/v2/posts?search=Snapshot+probe&_fields=id,title');
    expect(back.body.map((p) => p.title.rendered)).toEqual(['Snapshot probe']);
    await shot('05-snapshot-restored');
  });

  await test.step('latency set from the dashboard slows the answers', async () => {
    await page.fill('#faults-form input[name="latency"]', '400ms');
    await page.click('#faults-form button[type="submit"]');
    await expect(page.locator('#faults-latency')).toHaveText('400ms');
    await page.click('#faults-probe');
    await expect(page.locator('#faults-probe-result')).toContainText('GET wp/v2/posts: 200 in');
    const ms = Number(await page.locator('#faults-probe-result').getAttribute('data-ms'));
    expect(ms).toBeGreaterThanOrEqual(400);
    const t0 = Date.now();
    await fetch(`${url}/wp-json/wp/v2/types`);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    await shot('06-latency');
    await page.click('#faults-off');
    await expect(page.locator('#faults-latency')).toHaveText('0');
  });

  await test.step('the Copy button puts a password on the clipboard', async () => {
    const admin = page.locator('#user-rows tr[data-login="admin"]');
    await expect(admin).toContainText(password);
    await admin.locator('button.copy').click();
    await expect(admin.locator('button.copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await shot('07-password-copied');
  });

  await test.step('the webhook deliveries of those writes', async () => {
    await page.click('#webhooks-refresh');
    await expect(page.locator('#webhook-targets')).toContainText(`${frontend}/hook`);
    await expect(page.locator('#delivery-rows tr[data-state="delivered"]').first()).toBeVisible();
    const got = await (await fetch(`${frontend}/hooks`)).json();
    expect(got.length).toBeGreaterThan(0);
    expect(got[0].headers['x-wpmock-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    await shot('08-webhooks');
  });

  await test.step('a named site appears, and its own dashboard opens', async () => {
    expect((await fetch(`${url}/sites/w1/wp-json/wp/v2/posts?per_page=1`)).status).toBe(200);
    const row = page.locator('#site-rows tr[data-site="w1"]');
    await expect(row).toBeVisible();
    await shot('09-named-sites');
    await row.getByRole('link', { name: 'w1' }).click();
    await expect(page).toHaveURL(`${url}/sites/w1/wpmock/`);
    await expect(page.locator('#site-name')).toHaveText('site w1');
    await expect(page.locator('#log-rows td.path', { hasText: '/sites/w1/wp-json/wp/v2/posts?per_page=1' })).toBeVisible();
    await expect(page.locator('#log-rows td.path', { hasText: 'dashboard-probe' })).toHaveCount(0);
    await shot('10-named-site-dashboard');
    await page.goBack();
  });

  await test.step('the API document, an operation opened', async () => {
    await page.click('button.tab[data-view="api"]');
    await expect(page.locator('#overview')).toBeHidden();
    await expect(page.locator('#api-info')).toContainText('paths');
    await page.fill('#api-filter', 'wp/v2/posts');
    const op = page.locator('details.op[data-op="GET /wp-json/wp/v2/posts"]');
    await op.locator('summary').click();
    await expect(op.locator('tr[data-param="per_page"]')).toBeVisible();
    await expect(op.locator('tr[data-param="per_page"]')).toContainText('integer');
    await op.scrollIntoViewIfNeeded();
    await shot('11-api-document');
  });
});

test('the banner\'s link opens the dashboard signed in, rendered by the server', async ({ browser }) => {
  expect(link).toMatch(/\/wpmock\/\?token=[A-Z0-9]+$/);
  // without its script, the page as the server sends it already shows the site
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const still = await plain.newPage();
  await still.goto(link);
  await expect(still).toHaveURL(`${url}/wpmock/`); // the token is out of the address bar
  await expect(still.locator('#login')).toBeHidden();
  await expect(still.locator('#count-rows tr[data-type="post"] td.num')).toHaveText(/^\d+$/);
  await expect(still.locator('#user-rows tr[data-login="admin"]')).toContainText(password);
  await still.screenshot({ path: path.join(out, '12-link-without-script.png'), fullPage: true });
  await plain.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(`${url}/wpmock/`);
  await expect(page.locator('#overview')).toBeVisible();
  await expect(page.locator('#log-state')).toHaveText('live');
  const probe = '/wp-json/wp/v2/posts?search=link-probe';
  await fetch(url + probe);
  await expect(page.locator('#log-rows td.path', { hasText: probe })).toBeVisible();
  // a new tab of the same browser is signed in too: no password pasted
  const tab = await context.newPage();
  await tab.goto(`${url}/wpmock/`);
  await expect(tab.locator('#overview')).toBeVisible();
  await expect(tab.locator('#login')).toBeHidden();
  await page.screenshot({ path: path.join(out, '13-signed-in-by-link.png'), fullPage: true });
  // Forget the password signs out of the link's cookie as well
  await tab.click('#logout');
  await expect(tab.locator('#login')).toBeVisible();
  await tab.goto(`${url}/wpmock/`);
  await expect(tab.locator('#login')).toBeVisible();
  await context.close();
});
