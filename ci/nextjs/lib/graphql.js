// WPGraphQL's endpoint, as a WPGraphQL frontend reads it: POST /graphql with the query
// and its variables, on the same base URL as the REST routes (WPMOCK_URL). wpmock/next
// names the test's site on these fetches as on the REST ones.

// gql sends one operation and answers its data; GraphQL errors (status 200 with
// "errors") are thrown, as a page must not render half an answer.
export async function gql(query, variables = {}) {
  const res = await fetch(`${process.env.WPMOCK_URL}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (!res.ok || body.errors) throw new Error(`POST /graphql: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}
