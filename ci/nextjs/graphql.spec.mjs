// The GraphQL page (app/graphql/[...uri]): a post, a page and the primary menu rendered
// from the mock's /graphql only, checked against the same site's REST API: the values
// a frontend on WPGraphQL shows must be the ones the REST routes serve. It reads the
// default site (no wpmock_site cookie), which no other test writes to.
import fs from 'node:fs';
import { test, expect } from '@playwright/test';

// rest reads a REST route of the default site as the administrator (menus need one).
async function rest(route) {
  const res = await fetch(`${process.env.WPMOCK_URL}/wp-json/${route}`, { headers: { Authorization: process.env.WPMOCK_AUTHORIZATION } });
  if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

// pathOf is a WordPress link without the site's address: the URI GraphQL names it by.
const pathOf = (link) => new URL(link).pathname;

// text is what a browser shows for a piece of WordPress HTML (entities decoded, tags
// dropped, spaces folded), as Playwright's toHaveText compares.
const text = (page, html) => page.evaluate((h) => {
  const d = document.createElement('div');
  d.innerHTML = h;
  return d.textContent.replace(/\s+/g, ' ').trim();
}, html);

function evidence(name, html) {
  if (process.env.EVIDENCE) fs.writeFileSync(`${process.env.EVIDENCE}/${name}`, html);
}

// the primary menu's items, each title as the browser shows it, in menu order
async function primaryMenu(page) {
  const id = (await rest('wp/v2/menu-locations')).primary?.menu;
  expect(id, 'the seeded site has a menu at the primary location').toBeTruthy();
  const items = await rest(`wp/v2/menu-items?menus=${id}&per_page=100&orderby=menu_order&order=asc`);
  return Promise.all(items.map(async (i) => ({ title: await text(page, i.title.rendered), url: i.url })));
}

async function expectMenu(page) {
  const want = await primaryMenu(page);
  expect(want.length).toBeGreaterThan(0);
  await expect(page.locator('#graphql-menu a')).toHaveText(want.map((i) => i.title));
  const hrefs = await page.locator('#graphql-menu a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(want.map((i) => (i.url.startsWith(process.env.WPMOCK_URL) ? pathOf(i.url) : i.url)));
}

test('a post by its URI through /graphql: title, author, terms, featured image, content, and the menu', async ({ page }) => {
  // a post with a featured image, categories and tags: what a post template shows
  const posts = await rest('wp/v2/posts?per_page=100&_fields=id,link,title,date,content,author,categories,tags,featured_media');
  const post = posts.find((p) => p.featured_media && p.tags.length && p.categories.length);
  expect(post, 'the seeded site has a post with a featured image, categories and tags').toBeTruthy();
  const [author, media, categories, tags] = await Promise.all([
    rest(`wp/v2/users/${post.author}`), rest(`wp/v2/media/${post.featured_media}`),
    rest(`wp/v2/categories?include=${post.categories.join(',')}&orderby=name&per_page=100`),
    rest(`wp/v2/tags?include=${post.tags.join(',')}&orderby=name&per_page=100`),
  ]);

  const res = await page.goto(`/graphql${pathOf(post.link)}`);
  expect(res.status()).toBe(200);
  const article = page.locator(`#graphql-post-${post.id}`);
  await expect(article).toHaveAttribute('data-uri', pathOf(post.link));
  await expect(article.locator('h1')).toHaveText(await text(page, post.title.rendered));
  await expect(article.locator('time')).toHaveText(post.date);
  await expect(article.locator('.author')).toHaveText(author.name);
  await expect(article.locator('.categories li')).toHaveText(await Promise.all(categories.map((c) => text(page, c.name))));
  await expect(article.locator('.tags li')).toHaveText(await Promise.all(tags.map((t) => text(page, t.name))));
  const img = article.locator('img.featured');
  await expect(img).toHaveAttribute('src', media.source_url);
  await expect(img).toHaveAttribute('alt', media.alt_text);
  await expect(img).toHaveAttribute('width', String(media.media_details.width));
  expect(await text(page, await article.locator('.content').innerHTML())).toBe(await text(page, post.content.rendered));
  await expectMenu(page);
  evidence('graphql-post.html', await page.content());
  console.log(`graphql post ${post.id} at /graphql${pathOf(post.link)}: "${post.title.rendered}" by ${author.name}, ` +
    `${categories.length} categories, ${tags.length} tags, image ${media.source_url}`);
});

test('a child page by its URI through /graphql: title, parent, content, and the menu', async ({ page }) => {
  const pages = await rest('wp/v2/pages?per_page=100&_fields=id,link,title,content,parent');
  const child = pages.find((p) => p.parent);
  expect(child, 'the seeded site has a page with a parent').toBeTruthy();
  const parent = await rest(`wp/v2/pages/${child.parent}?_fields=link,title`);

  const res = await page.goto(`/graphql${pathOf(child.link)}`);
  expect(res.status()).toBe(200);
  const article = page.locator(`#graphql-page-${child.id}`);
  await expect(article).toHaveAttribute('data-uri', pathOf(child.link));
  await expect(article.locator('h1')).toHaveText(await text(page, child.title.rendered));
  await expect(article.locator('.parent a')).toHaveText(await text(page, parent.title.rendered));
  await expect(article.locator('.parent a')).toHaveAttribute('href', pathOf(parent.link));
  expect(await text(page, await article.locator('.content').innerHTML())).toBe(await text(page, child.content.rendered));
  await expectMenu(page);
  evidence('graphql-page.html', await page.content());
  console.log(`graphql page ${child.id} at /graphql${pathOf(child.link)}: "${child.title.rendered}" under "${parent.title.rendered}"`);
});

test('a URI nothing is at: 404', async ({ page }) => {
  const res = await page.goto('/graphql/no-such-thing-here/');
  expect(res.status()).toBe(404);
});
