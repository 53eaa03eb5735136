import { notFound } from 'next/navigation';
import { gql } from '../../../lib/graphql';
import { NodeByUri, PrimaryMenu } from '../../../lib/queries';

// /graphql/<a WordPress URI>: the post or page at that URI and the primary menu, read
// through /graphql only (WPGraphQL's frontends never call REST), next to the REST pages.
export default async function Node({ params }) {
  const { uri } = await params;
  const path = `/${uri.map(decodeURIComponent).join('/')}/`;
  const [{ nodeByUri: node }, { menuItems }] = await Promise.all([gql(NodeByUri, { uri: path }), gql(PrimaryMenu)]);
  if (!node || (node.__typename !== 'Post' && node.__typename !== 'Page')) notFound();
  return (
    <>
      <nav id="graphql-menu">
        {menuItems.nodes.map((i) => (
          <a key={i.id} href={i.uri} data-parent={i.parentId ?? ''}>{i.label}</a>
        ))}
      </nav>
      {node.__typename === 'Post' ? <Post post={node} /> : <Page page={node} />}
    </>
  );
}

function Post({ post }) {
  const image = post.featuredImage?.node;
  return (
    <article id={`graphql-post-${post.databaseId}`} data-uri={post.uri}>
      <h1 dangerouslySetInnerHTML={{ __html: post.title }} />
      <time>{post.date}</time>
      <p className="author">{post.author?.node.name}</p>
      <ul className="categories">{post.categories.nodes.map((t) => <li key={t.uri}>{t.name}</li>)}</ul>
      <ul className="tags">{post.tags.nodes.map((t) => <li key={t.uri}>{t.name}</li>)}</ul>
      {image && (
        // eslint-disable-next-line @next/next/no-img-element
        <img className="featured" src={image.sourceUrl} alt={image.altText} width={image.mediaDetails?.width} height={image.mediaDetails?.height} />
      )}
      <div className="content" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}

function Page({ page }) {
  const parent = page.parent?.node;
  return (
    <article id={`graphql-page-${page.databaseId}`} data-uri={page.uri}>
      <h1 dangerouslySetInnerHTML={{ __html: page.title }} />
      {parent && <p className="parent"><a href={parent.uri}>{parent.title}</a></p>}
      <div className="content" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
