import Link from 'next/link';
import { connection } from 'next/server';
import { authorized, pathOf, siteName, wp } from '../lib/wp';

export const metadata = { title: 'wpmock × Next.js' };

// The primary menu, read on every request: menus are the administrator's in WordPress.
async function menu() {
  const { data: locations } = await wp('wp/v2/menu-locations', authorized());
  const id = locations.primary?.menu;
  if (!id) return [];
  const { data: items } = await wp(`wp/v2/menu-items?menus=${id}&per_page=100&orderby=menu_order&order=asc`, authorized());
  return items.filter((i) => i.parent === 0);
}

export default async function Layout({ children }) {
  await connection(); // rendered per request: each test's site
  const [items, site] = await Promise.all([menu(), siteName()]);
  return (
    <html lang="en">
      <body>
        <nav id="menu">
          <Link href="/">Home</Link>
          {items.map((i) => <a key={i.id} href={pathOf(i.url)}> · {i.title.rendered}</a>)}
        </nav>
        <main>{children}</main>
        <footer id="site">site: {site}</footer>
      </body>
    </html>
  );
}
