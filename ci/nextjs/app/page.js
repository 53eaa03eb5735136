import Link from 'next/link';
import { pathOf, wp } from '../lib/wp';

// The newest posts, read on every request (Next 15 does not cache fetch by default).
export default async function Home() {
  const { data: posts, headers } = await wp('wp/v2/posts?per_page=20&_fields=id,title,link');
  return (
    <>
      <h1>Posts</h1>
      <p id="total">{headers.get('x-wp-total')} posts</p>
      <ul id="posts">
        {posts.map((p) => (
          <li key={p.id}><Link href={pathOf(p.link)} dangerouslySetInnerHTML={{ __html: p.title.rendered }} /></li>
        ))}
      </ul>
    </>
  );
}
