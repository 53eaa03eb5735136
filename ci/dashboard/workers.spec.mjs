// Two workers (workers.config.mjs: fullyParallel, workers: 2), each in the named site
// w<parallelIndex> of one mock: every test creates posts through the frontend page,
// waits while they are there for the other worker to hold posts of its own, checks
// that its page never shows them, then deletes its posts through the page.
import { test as base, expect } from '@playwright/test';
import { createRequire } from 'node:module';

const { connect } = createRequire(import.meta.url)('../../cmd/wpmock/npm/wpmock/index.js');

const test = base.extend({
  // the worker's site, reset once when the worker starts
  site: [async ({}, use, workerInfo) => {
    const wp = connect({ url: process.env.WP_URL, authorization: process.env.WP_AUTHORIZATION });
    const site = wp.site(`w${workerInfo.parallelIndex}`);
    await site.reset();
    await use(site);
  }, { scope: 'worker' }],
});

// titles lists the titles of a site's published posts that start with a worker's mark.
async function titles(restUrl, mark) {
  const res = await fetch(`${restUrl}wp/v2/posts?per_page=100&search=${encodeURIComponent(mark)}&_fields=title`);
  return (await res.json()).map((p) => p.title.rendered).filter((t) => t.startsWith(mark));
}

for (let i = 1; i <= 6; i++) {
  test(`posts made in one worker's site stay there (${i})`, async ({ page, site }) => {
    const me = test.info().parallelIndex;
    const mine = `w${me} `;
    const theirs = `w${1 - me} `;
    const other = connect({ url: process.env.WP_URL, authorization: process.env.WP_AUTHORIZATION }).site(`w${1 - me}`);
    await page.addInitScript((auth) => sessionStorage.setItem('wp-auth', auth), site.authorization);
    await page.goto(`${process.env.FRONTEND_URL}/?api=${encodeURIComponent(site.restUrl)}`);
    await expect(page.locator('#status')).toHaveText(/^\d+ posts$/);
    const seeded = await page.locator('#posts li').count();

    const made = [`${mine}test ${i} first`, `${mine}test ${i} second`];
    for (const title of made) {
      await page.fill('#new-title', title);
      await page.click('#create');
      await expect(page.locator('#posts li .title', { hasText: title })).toBeVisible();
    }
    await expect(page.locator('#posts li')).toHaveCount(seeded + 2);

    // while ours are there, wait (up to 3 s) for the other worker's site to hold posts of
    // its own: then the check below means something
    let held = [];
    for (let t = 0; t < 30 && held.length === 0; t++) {
      held = await titles(other.restUrl, theirs);
      if (!held.length) await page.waitForTimeout(100);
    }
    await page.reload();
    await expect(page.locator('#status')).toHaveText(`${seeded + 2} posts`);
    await expect(page.locator('#posts li .title', { hasText: theirs })).toHaveCount(0);
    expect(await titles(site.restUrl, theirs)).toEqual([]);
    test.info().annotations.push({ type: 'overlap', description: `w${1 - me} held ${held.length} posts meanwhile` });
    console.log(`w${me} test ${i}: made ${made.length} posts; w${1 - me} held ${held.length} of its own meanwhile ` +
      `(${JSON.stringify(held)}); w${me}'s page showed none of them`);

    for (const title of made) {
      await page.locator('#posts li', { hasText: title }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.locator('#posts li .title', { hasText: title })).toHaveCount(0);
    }
    await expect(page.locator('#posts li')).toHaveCount(seeded);
    // neither worker's posts ever reach the default site
    expect(await titles(`${process.env.WP_URL}/wp-json/`, 'w')).toEqual([]);
  });
}
