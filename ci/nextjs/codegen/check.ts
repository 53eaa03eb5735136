// What app/graphql/[...uri]/page.js reads from its answers, written against the types
// graphql-codegen generated (./types.ts, beside this file in each output folder): tsc
// --noEmit compiles it once with the mock's schema and once with WPGraphQL's, so a field
// the page reads that either schema types otherwise (or lacks) fails the build.
import type { NodeByUriQuery, NodeByUriQueryVariables, PrimaryMenuQuery } from './types';

export const variables: NodeByUriQueryVariables = { uri: '/hello-world/' };

export function post(q: NodeByUriQuery): string[] {
  const n = q.nodeByUri;
  if (n?.__typename !== 'Post') return [];
  const image = n.featuredImage?.node;
  const width: number | null | undefined = image?.mediaDetails?.width;
  return [
    String(n.databaseId satisfies number),
    n.uri ?? '',
    n.title ?? '',
    n.date ?? '',
    n.content ?? '',
    n.author?.node.name ?? '',
    ...(n.categories?.nodes ?? []).map((t) => t.name ?? ''),
    ...(n.tags?.nodes ?? []).map((t) => t.name ?? ''),
    image?.sourceUrl ?? '',
    image?.altText ?? '',
    String(width ?? ''),
  ];
}

export function page(q: NodeByUriQuery): string[] {
  const n = q.nodeByUri;
  if (n?.__typename !== 'Page') return [];
  const parent = n.parent?.node;
  return [String(n.databaseId satisfies number), n.title ?? '', n.content ?? '',
    parent && 'title' in parent ? parent.title ?? '' : ''];
}

export function menu(q: PrimaryMenuQuery): { id: string; label: string; uri: string; parent: string }[] {
  return (q.menuItems?.nodes ?? []).map((i) => ({ id: i.id satisfies string, label: i.label ?? '', uri: i.uri ?? '', parent: i.parentId ?? '' }));
}
