import { notFound } from 'next/navigation';
import { wp } from '../../lib/wp';

// A post at its WordPress permalink (/%postname%/).
export default async function Post({ params }) {
  const { slug } = await params;
  const { data } = await wp(`wp/v2/posts?slug=${encodeURIComponent(slug)}&_fields=id,title,content,date`);
  const post = data[0];
  if (!post) notFound();
  return (
    <article id={`post-${post.id}`}>
      <h1 dangerouslySetInnerHTML={{ __html: post.title.rendered }} />
      <time>{post.date}</time>
      <div dangerouslySetInnerHTML={{ __html: post.content.rendered }} />
    </article>
  );
}
