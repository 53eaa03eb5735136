'use strict';
// wpmock/next: a site per test through a Next.js app's server (docs/frontends.md).
// Called from the app's instrumentation hook, in the Node.js runtime, when it runs
// against the mock:
//
//   // instrumentation.ts
//   export async function register() {
//     if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.WPMOCK_URL) {
//       (await import('wpmock/next')).register();
//     }
//   }
//
// Every request the server answers is then a scope: its server components, route
// handlers and server actions fetch from the mock's URL on the site the request names
// (the wpmock_site cookie a test sets, or X-WPMock-Site), and from the default site
// when it names none. Pages prerendered at build time are rendered outside any
// request: they show the default site; a page meant to differ per test is dynamic.

const ssr = require('./ssr.js');

// register forwards the site of each request the server takes to its fetches to the
// mock (url: its URL, WPMOCK_URL by default).
function register(options) {
  ssr.forwardSite(options);
  ssr.scopeIncoming();
}

module.exports = { ...ssr, register };
