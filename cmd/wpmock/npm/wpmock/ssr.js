'use strict';
// A site per test through a frontend rendered on the server (docs/frontends.md).
//
// The mock answers a request to its plain URL from the named site the request names
// in the X-WPMock-Site header or the wpmock_site cookie (mock/sites.go). A test sets
// the cookie in its browser; the browser sends it to the frontend; this module makes
// the frontend's own fetches to the mock carry it on:
//
//   forwardSite({ url })   wraps globalThis.fetch: a fetch to the mock's origin made
//                          while answering a request that names a site names it too;
//                          any other fetch, and any fetch outside a request, is
//                          passed on untouched;
//   runWithSite(req, fn)   runs fn (a middleware's next()) as part of answering req;
//   scopeIncoming()        does that for every request a Node http(s) server takes.
//
// It is the idea of Next's experimental test proxy (next/experimental/testmode, which
// keeps the test's data in an AsyncLocalStorage entered per incoming request and reads
// it in its fetch), without a proxy: the mock itself tells the sites apart.

const http = require('node:http');
const https = require('node:https');
const { AsyncLocalStorage } = require('node:async_hooks');

// The header and the cookie the mock reads (mock/sites.go HeaderSite, CookieSite).
const SITE_HEADER = 'X-WPMock-Site';
const SITE_COOKIE = 'wpmock_site';

// One state per process, even when a bundler has copied this module into several
// bundles (Next's instrumentation and its pages): the site of the request being
// answered, the mock's origins, whether fetch and the servers are wrapped.
const state = (globalThis[Symbol.for('wpmock.ssr')] ??= {
  store: new AsyncLocalStorage(),
  origins: new Set(),
  fetchWrapped: false,
  serversWrapped: false,
});
const wrapped = Symbol.for('wpmock.ssr.fetch');

// header reads one header of Headers (a Request's) or of Node's req.headers.
function header(headers, name) {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const v = headers[name];
  return Array.isArray(v) ? v.join('; ') : v;
}

// siteOf is the site an incoming request names: its X-WPMock-Site header, else its
// wpmock_site cookie; undefined when it names none. from is a Request, Node's
// IncomingMessage, or their headers.
function siteOf(from) {
  if (!from) return undefined;
  const headers = typeof from.get !== 'function' && from.headers ? from.headers : from;
  const named = header(headers, 'x-wpmock-site');
  if (named) return named;
  for (const part of (header(headers, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SITE_COOKIE) {
      const v = part.slice(eq + 1).trim();
      if (v) return decodeURIComponent(v);
    }
  }
  return undefined;
}

// currentSite is the site of the request being answered, undefined outside one.
function currentSite() {
  return state.store.getStore();
}

// runWithSite runs fn as part of answering a request that names site (a name, or a
// request to read it from): fetches to the mock fn makes, however deep, name it.
function runWithSite(from, fn) {
  const site = typeof from === 'string' ? from : siteOf(from);
  return site ? state.store.run(site, fn) : fn();
}

// originOf is the origin a fetch goes to; undefined for what is not an absolute URL.
function originOf(input) {
  try {
    if (typeof input === 'string') return new URL(input).origin;
    if (input instanceof URL) return input.origin;
    if (input && typeof input.url === 'string') return new URL(input.url).origin;
  } catch {
    // a relative URL: not the mock
  }
  return undefined;
}

// wrap is fetch naming the current site on requests to the mock's origins. A request
// that names a site already keeps it.
function wrap(inner) {
  const fetch = function fetch(input, init) {
    const site = state.store.getStore();
    if (site === undefined || !state.origins.has(originOf(input))) return inner.call(this, input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (headers.has(SITE_HEADER)) return inner.call(this, input, init);
    headers.set(SITE_HEADER, site);
    return inner.call(this, input, { ...init, headers });
  };
  fetch[wrapped] = true;
  return fetch;
}

// forwardSite makes fetches to the mock (url: its URL, or several; WPMOCK_URL by
// default) name the site of the request being answered. It can be called again to
// add URLs. globalThis.fetch stays wrapped whoever sets it afterwards: Next patches
// fetch after the instrumentation hook to add its data cache, and keys that cache by
// the headers it sees, so the site must be named before Next's fetch sees the request,
// or two sites would share cached answers.
function forwardSite({ url = process.env.WPMOCK_URL } = {}) {
  const urls = (Array.isArray(url) ? url : [url]).filter(Boolean);
  if (!urls.length) throw new TypeError('wpmock: forwardSite() needs the mock\'s url (or WPMOCK_URL)');
  for (const u of urls) state.origins.add(new URL(u).origin);
  if (state.fetchWrapped) return;
  state.fetchWrapped = true;
  let current = wrap(globalThis.fetch);
  Object.defineProperty(globalThis, 'fetch', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (f) => {
      current = typeof f === 'function' && !f[wrapped] ? wrap(f) : f;
    },
  });
}

// scopeIncoming answers every request a Node http or https server of this process
// takes inside runWithSite: next start, Astro's and Nuxt's Node servers, Express.
function scopeIncoming() {
  if (state.serversWrapped) return;
  state.serversWrapped = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function (event, req, ...rest) {
      if (event !== 'request') return emit.call(this, event, req, ...rest);
      return runWithSite(req, () => emit.call(this, event, req, ...rest));
    };
  }
}

module.exports = { SITE_HEADER, SITE_COOKIE, siteOf, currentSite, runWithSite, forwardSite, scopeIncoming };
