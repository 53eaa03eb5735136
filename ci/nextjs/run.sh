#!/usr/bin/env bash
# A real Next.js app (App Router, server components) under `next start`, tested by
# Playwright at two workers in headless Chromium, each worker on a wpmock site of its own
# (issue 46):
#   - the app reads one base URL (WPMOCK_URL); its instrumentation hook (wpmock/next)
#     forwards the site each request names (the wpmock_site cookie) to its fetches;
#   - sites.spec.mjs: each test writes a post and a menu item to its own site through the
#     API and sees them, and none of the other worker's, in the server-rendered pages;
#     one test sees a revalidation webhook from the mock reach /api/revalidate and
#     refresh a page read from Next's data cache;
#   - graphql.spec.mjs (issue 47): app/graphql/[...uri] renders a post (author, terms,
#     featured image), a child page and the primary menu from the mock's /graphql only
#     (POST, lib/queries.js), checked against the same site's REST API; and
#     codegen/codegen.mjs: graphql-codegen's types for those queries from the mock's
#     introspection and from WPGraphQL's captured one, each compiled by tsc --noEmit.
# It installs what it needs: chromium from Debian if missing, node and npm likewise, the
# npm packages pinned in package-lock.json (wpmock is this checkout's package, a file:
# dependency); it builds the mock with go build, and the app with next build when its
# sources changed since the last build.
#
#   bash ci/nextjs/run.sh            # prints "nextjs:" lines; exits non-zero on a failure
#   WORKERS=4 bash ci/nextjs/run.sh  # more workers (the spec's sites are w0, w1, ...)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$here/.out
say() { echo "nextjs: $*"; }
t0=$SECONDS
lap() { echo "$((SECONDS - t))s"; }

bash "$repo/ci/need.sh" "${CHROMIUM:-chromium}:chromium" node:nodejs npm
export CHROMIUM=$(command -v "${CHROMIUM:-chromium}")
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEXT_TELEMETRY_DISABLED=1 npm_config_update_notifier=false
cd "$here"
t=$SECONDS
if ! cmp -s package-lock.json node_modules/.package-lock.json.installed 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.package-lock.json.installed
fi
say "npm packages: $(lap)"

rm -rf "$out" && mkdir -p "$out/evidence"
t=$SECONDS
node --test "$repo/cmd/wpmock/npm/wpmock/test/" >"$out/node-test.log" 2>&1 || { cat "$out/node-test.log"; say "wpmock/ssr unit tests: FAILED"; exit 1; }
say "wpmock/ssr unit tests (node --test): $(grep -c '^ok ' "$out/node-test.log") passed in $(lap)"

t=$SECONDS
(cd "$repo" && go build -o "$out/wpmock" ./cmd/wpmock)
export WPMOCK_BINARY=$out/wpmock
say "go build wpmock: $(lap)"

# types by graphql-codegen for the app's GraphQL queries, from the mock's introspection
# and from WPGraphQL's captured one, each compiled by tsc --noEmit (codegen/codegen.mjs)
t=$SECONDS
node codegen/codegen.mjs "$out/codegen" 2>&1 | sed 's/^/nextjs: /' ; ((PIPESTATUS[0] == 0)) || { say "graphql-codegen: FAILED"; exit 1; }
say "graphql-codegen, both schemas, tsc --noEmit: $(lap)"

# next build again only when what it builds changed (.next keeps the sum it built): the
# app, and the package's glue, which the build copies in (a file: dependency resolves
# outside node_modules, so serverExternalPackages does not keep it out)
t=$SECONDS
pkg=$repo/cmd/wpmock/npm/wpmock
sum=$(cat next.config.mjs instrumentation.js package-lock.json $(find app lib -type f | sort) "$pkg"/*.js "$pkg"/package.json | sha256sum | cut -c1-16)
if [[ "$(cat .next/wpmock-sources 2>/dev/null)" != "$sum" ]]; then
  npx --no-install next build >"$out/next-build.log" 2>&1 || { cat "$out/next-build.log"; say "next build: FAILED"; exit 1; }
  echo "$sum" >.next/wpmock-sources
  say "next build: $(lap)"
else
  say "next build: sources unchanged since the last build, kept it"
fi
say "$("$CHROMIUM" --version 2>/dev/null), Next.js $(node -p "require('next/package.json').version"), Playwright $(node -p "require('@playwright/test/package.json').version"), node $(node --version)"

status=0
t=$SECONDS
export EVIDENCE=$out/evidence
if npx --no-install playwright test 2>&1 | tee "$out/playwright.txt"; then
  say "next start with ${WORKERS:-2} Playwright workers, a site each: passed in $(lap)"
else
  say "next start with ${WORKERS:-2} Playwright workers: FAILED"; status=1
fi
((status == 0)) && say "PASS in $((SECONDS - t0))s" || say "FAILED after $((SECONDS - t0))s"
exit $status
