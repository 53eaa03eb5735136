/// <reference types="node" />
// wpmock/ssr: a site per test through a frontend rendered on the server (ssr.js).

/** The header the mock reads a site's name from: `X-WPMock-Site: w1`. */
export const SITE_HEADER: 'X-WPMock-Site';
/** The cookie the mock reads a site's name from: `wpmock_site=w1`. */
export const SITE_COOKIE: 'wpmock_site';

/** A request (fetch's, Node's) or its headers (Headers, Node's `req.headers`). */
export type Incoming =
  | { headers: Headers | Record<string, string | string[] | undefined> }
  | Headers
  | Record<string, string | string[] | undefined>;

/** The site an incoming request names: its header, else its cookie; undefined for none. */
export function siteOf(from: Incoming | undefined | null): string | undefined;
/** The site of the request being answered; undefined outside one. */
export function currentSite(): string | undefined;
/**
 * Runs `fn` as part of answering a request that names a site (a name, or the request to
 * read it from): the fetches to the mock it makes, however deep, name that site.
 */
export function runWithSite<T>(from: string | Incoming | undefined | null, fn: () => T): T;

export interface ForwardOptions {
  /** The mock's URL, or several (their origins are matched); default `WPMOCK_URL`. */
  url?: string | string[];
}
/**
 * Wraps `globalThis.fetch`: a fetch to the mock's origin made while answering a request
 * that names a site names it too. Other fetches, and fetches outside a request, pass
 * untouched. It stays the outermost wrapper when fetch is set again (Next's data cache).
 */
export function forwardSite(options?: ForwardOptions): void;
/** Answers every request a Node http(s) server of this process takes inside `runWithSite`. */
export function scopeIncoming(): void;
