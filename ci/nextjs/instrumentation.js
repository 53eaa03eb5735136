// Next's instrumentation hook: when the server runs against wpmock (WPMOCK_URL set),
// every request it answers fetches from the site the request names (the wpmock_site
// cookie a Playwright test sets), through wpmock/next.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.WPMOCK_URL) {
    (await import('wpmock/next')).register();
  }
}
