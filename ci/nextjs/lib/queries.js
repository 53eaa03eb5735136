// The GraphQL operations the app sends to /graphql, as WPGraphQL's frontends write
// them. Each is tagged /* GraphQL */ so that graphql-codegen (ci/graphql/codegen.sh)
// finds them here and generates their types from the mock's introspection and from
// WPGraphQL's: the same documents must type-check against both schemas.

// NodeByUri is what a page of a headless site reads for its URI: a post with its
// author, terms and featured image, or a page with its parent.
export const NodeByUri = /* GraphQL */ `
  query NodeByUri($uri: String!) {
    nodeByUri(uri: $uri) {
      __typename
      uri
      ... on Post {
        databaseId
        title
        date
        content
        author { node { name uri } }
        categories { nodes { name uri } }
        tags { nodes { name uri } }
        featuredImage { node { sourceUrl altText mediaDetails { width height } } }
      }
      ... on Page {
        databaseId
        title
        content
        parent { node { ... on Page { title uri } } }
      }
    }
  }
`;

// PrimaryMenu is the items of the menu at the primary location, in menu order (the
// connection is flat: parentId says which item an item is under).
export const PrimaryMenu = /* GraphQL */ `
  query PrimaryMenu {
    menuItems(where: { location: PRIMARY }, first: 100) {
      nodes { id label uri parentId }
    }
  }
`;
