#!/usr/bin/env bash
# Compare a /graphql with WPGraphQL's captured answers, per WordPress version
# (ci/graphql/README.md). Without GRAPHQL_URL, for each version of GRAPHQL_VERSIONS (default:
# every folder of captures/), the mock is started on the captured site's dataset
# (captures/<version>/site.json, a clone of the site the answers came from, so it serves the
# same posts, ids and dates) on 127.0.0.1:$GRAPHQL_MOCK_PORT (8090), answering as that
# version, and stopped after. With GRAPHQL_URL (one version, GRAPHQL_VERSIONS=7.1), that
# server is compared instead: a real WordPress with WPGraphQL checks the tool itself.
# Prints per version: operations, identical, differing and each difference's first path.
# Needs no WordPress and no network: CI runs it from the committed captures.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
go=${GO:-go}
port=${GRAPHQL_MOCK_PORT:-8090}
versions=${GRAPHQL_VERSIONS:-$(cd "$here/captures" && ls -d */ | tr -d / | tr '\n' ' ')}

tmp=$(mktemp -d)
mock_pid=
cleanup() {
  if [[ -n "$mock_pid" ]]; then kill "$mock_pid" 2>/dev/null || true; wait "$mock_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

cd "$root"
$go build -o "$tmp/graphql" ./ci/graphql
[[ -n "${GRAPHQL_URL:-}" ]] || $go build -o "$tmp/wpmock" ./cmd/wpmock

status=0
for v in $versions; do
  url=${GRAPHQL_URL:-}
  if [[ -z "$url" ]]; then
    url=http://127.0.0.1:$port
    "$tmp/wpmock" -data "$here/captures/$v/site.json" -addr "127.0.0.1:$port" -url "$url" \
      -wp-version "$v" >"$tmp/mock-$v.log" 2>&1 &
    mock_pid=$!
    for ((i = 0; ; i++)); do
      curl -s -o /dev/null --max-time 2 "$url/wp-json/" && break
      kill -0 "$mock_pid" 2>/dev/null && ((i < 100)) || { echo "the mock did not start:"; cat "$tmp/mock-$v.log"; exit 1; } >&2
      sleep 0.1
    done
  fi
  "$tmp/graphql" compare -url "$url" -version "$v" -dir "$here" || status=1
  if [[ -n "$mock_pid" ]]; then
    kill "$mock_pid" 2>/dev/null || true
    wait "$mock_pid" 2>/dev/null || true
    mock_pid=
  fi
done
exit $status
