// Two workers (playwright.config.mjs) against one `next start`: each worker's browser
// carries the wpmock_site cookie of its site (w0, w1), and the app's server renders
// from that site. Each test writes a post and a menu item to its own site through the
// API, sees them in the server-rendered pages, and never sees the other worker's.
import fs from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { siteFixtures } from 'wpmock/playwright';

const test = base.extend({
  ...siteFixtures(),
  baseURL: async ({}, use) => use(process.env.APP_URL),
});

// api calls the REST API of a site (its /sites/<name>/ URL) as the administrator.
async function api(site, method, route, body) {
  const res = await fetch(`${site.restUrl}${route}`, {
    method,
    headers: { Authorization: site.authorization, 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

// evidence keeps a page's server-rendered HTML under $EVIDENCE (run.sh sets it).
function evidence(name, html) {
  if (process.env.EVIDENCE) fs.writeFileSync(`${process.env.EVIDENCE}/${name}`, html);
}

for (let i = 1; i <= 4; i++) {
  test(`my writes, and only mine, in the rendered pages (${i})`, async ({ page, wpSite }) => {
    const me = wpSite.name;
    const other = me === 'w0' ? 'w1' : 'w0';
    const title = `${me} post ${i}`;
    const post = await api(wpSite, 'POST', 'wp/v2/posts', { title, status: 'publish', content: `<p>Written by ${me}.</p>` });
    const primary = (await api(wpSite, 'GET', 'wp/v2/menu-locations')).primary.menu;
    await api(wpSite, 'POST', 'wp/v2/menu-items', { title: `${me} link ${i}`, url: 'https://example.com/', menus: primary, status: 'publish' });

    // while mine are there, wait (up to 5 s) for the other worker's site to hold a post
    // of its own: then "absent" below means something
    const peer = wpSite.restUrl.replace(`/sites/${me}/`, `/sites/${other}/`);
    let held = [];
    for (let t = 0; t < 50 && !held.length; t++) {
      held = (await (await fetch(`${peer}wp/v2/posts?search=${other}+post&_fields=title`)).json()).map((p) => p.title.rendered);
      if (!held.length) await page.waitForTimeout(100);
    }

    // the HTML the server rendered (no JavaScript involved), with the browser's cookie
    const res = await page.request.get('/');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`site: <!-- -->${me}`);
    expect(html).toContain(title);
    expect(html).toContain(`${me} link ${i}`);
    expect(html).not.toContain(`${other} post`);
    expect(html).not.toContain(`${other} link`);
    // nor any other worker's, however many there are
    expect([...html.matchAll(/\b(w\d+) (?:post|link) \d/g)].map((m) => m[1]).filter((w) => w !== me)).toEqual([]);
    evidence(`${me}-home-${i}.html`, html);

    // in the browser: the list, the menu, and the post's own page at its permalink
    await page.goto('/');
    await expect(page.locator('#posts a', { hasText: title })).toBeVisible();
    await expect(page.locator('#posts a', { hasText: `${other} post` })).toHaveCount(0);
    await expect(page.locator('#menu a', { hasText: `${me} link ${i}` })).toBeVisible();
    await expect(page.locator('#menu a', { hasText: `${other} link` })).toHaveCount(0);
    await page.locator('#posts a', { hasText: title }).click();
    await expect(page).toHaveURL(`/${post.slug}/`); // its permalink, cut off the mock's URL
    await expect(page.locator('article h1')).toHaveText(title);
    await expect(page.locator('article')).toContainText(`Written by ${me}.`);
    console.log(`${me} test ${i}: ${title} at /${post.slug}/; ${other} held ${held.length} posts meanwhile ` +
      `(${JSON.stringify(held)}), none of them in ${me}'s pages`);
  });
}

test('a revalidation webhook reaches the app and refreshes its cached page', async ({ page, wpSite }) => {
  const me = wpSite.name;
  const fetched = async () => {
    await page.goto('/cached/');
    return page.locator('#fetched').textContent();
  };
  const first = await fetched();
  await page.waitForTimeout(1100); // past the Date header's second
  expect(await fetched(), 'the cached page is served from the data cache').toBe(first);

  // written the way the app reads: the plain URL, the site named in X-WPMock-Site
  const title = `${me} cached ${Date.now()}`;
  const res = await fetch(`${process.env.WPMOCK_URL}/wp-json/wp/v2/posts`, {
    method: 'POST',
    headers: { Authorization: wpSite.authorization, 'Content-Type': 'application/json', 'X-WPMock-Site': me },
    body: JSON.stringify({ title, status: 'publish' }),
  });
  expect(res.status).toBe(201);
  const post = await res.json();
  expect(post.link, 'a link on the plain URL').toBe(`${process.env.WPMOCK_URL}/${post.slug}/`);
  await expect.poll(async () => {
    await page.goto('/cached/');
    return page.locator('#posts li').allTextContents();
  }, { message: 'the new post, after the webhook' }).toContain(title);
  expect(await page.locator('#fetched').textContent()).not.toBe(first);
  const got = await (await page.request.get('/api/revalidate/')).json();
  const mine = got.find((c) => c.site === me && c.ids.includes(post.id));
  expect(mine, `a webhook for post ${post.id} of ${me}: ${JSON.stringify(got)}`).toBeTruthy();
  expect(mine.tag).toBe(`posts-${me}`);
  console.log(`${me}: webhook change ${mine.change} for post ${post.id} revalidated ${mine.tag} and ${JSON.stringify(mine.paths)}`);
});
