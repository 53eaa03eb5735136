#!/usr/bin/env bash
# The dashboard and a frontend test suite in headless Chromium (issue 37), with Playwright
# from npm driving Debian's Chromium (no browser download):
#   1. dashboard.spec.mjs clicks through the dashboard (sign-in, live log, reset,
#      snapshots, latency, copy, webhooks, named sites, API document) and keeps a
#      screenshot per step in ci/dashboard/.out/*.png;
#   2. workers.spec.mjs runs with two workers (fullyParallel) against the page in
#      frontend/, each in its own named site /sites/w<parallelIndex>/, creating and
#      deleting posts and checking it never sees the other's.
# It installs what it needs: chromium from Debian if missing, node and npm likewise, the
# npm packages pinned in package-lock.json; it builds the mock with go build.
#
#   bash ci/dashboard/run.sh      # prints "dashboard:" lines; exits non-zero on a failure
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$here/.out
say() { echo "dashboard: $*"; }
t0=$SECONDS

bash "$repo/ci/need.sh" "${CHROMIUM:-chromium}:chromium" node:nodejs npm
export CHROMIUM=$(command -v "${CHROMIUM:-chromium}")
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false
if ! cmp -s "$here/package-lock.json" "$here/node_modules/.package-lock.json.installed" 2>/dev/null; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$here/node_modules/.package-lock.json.installed"
fi
rm -rf "$out" && mkdir -p "$out"
(cd "$repo" && go build -o "$out/wpmock" ./cmd/wpmock)
export WPMOCK_BINARY=$out/wpmock
say "$("$CHROMIUM" --version), Playwright $(node -p "require('$here/node_modules/@playwright/test/package.json').version"), node $(node --version)"

cd "$here"
status=0
t=$SECONDS
if npx --no-install playwright test -c dashboard.config.mjs; then
  say "the dashboard clicked through in headless Chromium: passed in $((SECONDS - t))s"
else
  say "the dashboard in headless Chromium: FAILED"; status=1
fi
t=$SECONDS
if npx --no-install playwright test -c workers.config.mjs; then
  say "two Playwright workers, a named site each, against frontend/: passed in $((SECONDS - t))s"
else
  say "two Playwright workers: FAILED"; status=1
fi
say "screenshots:"
(cd "$out" && ls -1 ./*.png 2>/dev/null | sed "s|^\./|  ci/dashboard/.out/|") || say "  none"
((status == 0)) && say "PASS in $((SECONDS - t0))s" || say "FAILED after $((SECONDS - t0))s"
exit $status
