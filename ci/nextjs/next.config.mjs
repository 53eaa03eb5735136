// The app under test (ci/nextjs/run.sh). wpmock is the checkout's package (a file:
// dependency): kept out of the server bundles so that its one state per process
// (AsyncLocalStorage, the fetch wrapper) is the one the instrumentation hook set up.
export default {
  serverExternalPackages: ['wpmock'],
  // WordPress's permalinks end in a slash: /hello-world/
  trailingSlash: true,
  eslint: { ignoreDuringBuilds: true },
};
