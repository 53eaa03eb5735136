// wpmock/playwright: a site per Playwright worker or test, named to the browser (playwright.js).
import type { Site } from './index';

export const SITE_COOKIE: 'wpmock_site';

export interface SiteFixtureOptions {
  /** The mock's URL; default `WPMOCK_URL`. */
  url?: string;
  /** The administrator's `Authorization` header; default `WPMOCK_AUTHORIZATION`. */
  authorization?: string;
  /** A worker's site name from its WorkerInfo; default `w<parallelIndex>`. */
  name?: (workerInfo: { parallelIndex: number; workerIndex: number }) => string;
  /** A fresh site per test (`t-<testId>`, removed after it) instead of one per worker. */
  perTest?: boolean;
  /** Reset the site when it is first used; default true. */
  reset?: boolean;
}

/** The fixtures `siteFixtures()` adds: pass them to `test.extend()`. */
export interface SiteFixtures {
  /** The worker's (or test's) site: `restUrl` for API calls, `reset()`, snapshots. */
  wpSite: Site;
}

/**
 * Fixture definitions for `test.extend<SiteFixtures>(siteFixtures())`: `wpSite`, and the
 * browser context carrying the `wpmock_site` cookie for `baseURL` and the mock.
 */
export function siteFixtures(options?: SiteFixtureOptions): any;
