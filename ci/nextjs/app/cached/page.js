import { siteName, wp } from '../../lib/wp';

// The newest posts from Next's data cache: fetched once, then kept until a
// revalidation webhook from WordPress (app/api/revalidate) drops the tag. Tagged per
// site so that one test's writes do not drop another's cache; the cache's key holds
// X-WPMock-Site too, so each site has its own entry.
export default async function Cached() {
  const site = await siteName();
  const { data: posts, headers } = await wp('wp/v2/posts?per_page=20&_fields=id,title', {
    cache: 'force-cache',
    next: { tags: ['posts', `posts-${site}`] },
  });
  return (
    <>
      <h1>Posts (cached)</h1>
      <p id="fetched">{headers.get('date')}</p>
      <ul id="posts">
        {posts.map((p) => <li key={p.id} dangerouslySetInnerHTML={{ __html: p.title.rendered }} />)}
      </ul>
    </>
  );
}
