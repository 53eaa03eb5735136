'use strict';
// wpmock/playwright: a site per Playwright worker (or per test), named to the
// browser, for a frontend rendered on the server (docs/frontends.md).
//
//   import { test as base, expect } from '@playwright/test';
//   import { siteFixtures } from 'wpmock/playwright';
//   export const test = base.extend(siteFixtures());
//
//   test('a draft stays mine', async ({ page, wpSite }) => { ... });
//
// wpSite is the worker's site (w0, w1, ... by Playwright's parallelIndex), reset when
// the worker starts: a handle as connect().site() gives (restUrl for the API, reset,
// snapshots). The browser context carries the wpmock_site cookie for baseURL and the
// mock, so the frontend's server, running wpmock/next, renders from that site.
// The package does not depend on Playwright: these are plain fixture definitions.

const { connect } = require('./index.js');
const { SITE_COOKIE } = require('./ssr.js');

// siteFixtures are the fixtures: url and authorization of the mock (WPMOCK_URL and
// WPMOCK_AUTHORIZATION by default, as a global set-up leaves them), name (a worker's
// site name from its WorkerInfo), perTest (a fresh site per test, removed after it,
// instead of one per worker) and reset (put the site back when it is first used).
function siteFixtures({
  url = process.env.WPMOCK_URL,
  authorization = process.env.WPMOCK_AUTHORIZATION,
  name = (info) => `w${info.parallelIndex}`,
  perTest = false,
  reset = true,
} = {}) {
  const open = async (siteName) => {
    if (!url) throw new Error('wpmock: siteFixtures() needs the mock\'s url (or WPMOCK_URL)');
    const site = connect({ url, authorization }).site(siteName);
    if (reset) await site.reset();
    return site;
  };
  const wpSite = perTest
    ? async ({}, use, testInfo) => {
      const site = await open(`t-${testInfo.testId}`);
      await use(site);
      await site.remove();
    }
    : [async ({}, use, workerInfo) => use(await open(name(workerInfo))), { scope: 'worker' }];
  return {
    wpSite,
    // the cookie for the frontend (baseURL) and for the mock, which a page's own
    // fetches to it send with credentials: 'include'
    context: async ({ context, wpSite: site, baseURL }, use) => {
      const urls = [baseURL, url].filter(Boolean);
      await context.addCookies(urls.map((u) => ({ name: SITE_COOKIE, value: site.name, url: u })));
      await use(context);
    },
  };
}

module.exports = { siteFixtures, SITE_COOKIE };
