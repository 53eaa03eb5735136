// The WordPress REST API, as any headless frontend reads it: one base URL
// (WPMOCK_URL here; a real site's in production). Nothing in the app knows about
// per-test sites: wpmock/next names the site on these fetches.
import { cookies } from 'next/headers';

// wp fetches a REST route; init may carry Next's cache options.
export async function wp(route, init = {}) {
  const res = await fetch(`${process.env.WPMOCK_URL}/wp-json/${route}`, init);
  if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${await res.text()}`);
  return { data: await res.json(), headers: res.headers };
}

// authorized is init with the application password the server reads menus with
// (WordPress answers them only to a user who may edit theme options).
export const authorized = (init = {}) => ({ ...init, headers: { Authorization: process.env.WPMOCK_AUTHORIZATION } });

// pathOf is a WordPress link as a path of this app: the site's URL cut off. The mock
// keeps links on the URL the app asked, whichever site answered.
export const pathOf = (link) => {
  const u = new URL(link);
  return u.origin === new URL(process.env.WPMOCK_URL).origin ? u.pathname : link;
};

// siteName is the test site this request renders (shown in the footer), "default" for none.
export async function siteName() {
  return (await cookies()).get('wpmock_site')?.value ?? 'default';
}
