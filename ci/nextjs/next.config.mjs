// The app under test (ci/nextjs/run.sh). wpmock is kept out of the server bundles, as
// docs/frontends.md advises; here, as the checkout's package (a file: dependency, whose
// real path is outside node_modules), Next bundles it all the same, and its one state
// per process (kept on globalThis) is shared by every copy.
export default {
  serverExternalPackages: ['wpmock'],
  // WordPress's permalinks end in a slash: /hello-world/
  trailingSlash: true,
  eslint: { ignoreDuringBuilds: true },
};
