// wpmock/next: a site per test through a Next.js app's server (next.js).
export * from './ssr';
import type { ForwardOptions } from './ssr';

/**
 * From `instrumentation.ts`'s `register()`, in the Node.js runtime: every request the
 * server answers forwards the site it names (the `wpmock_site` cookie, `X-WPMock-Site`)
 * to its server-side fetches to the mock (`url`, `WPMOCK_URL` by default).
 */
export function register(options?: ForwardOptions): void;
