#!/usr/bin/env bash
# Smoke-test the reference WordPress started by up.sh (sources $WP_STATE_DIR/env;
# WP_VERSION picks the default state dir): posts, an authenticated request, the
# ?rest_route= form, and that the version answering is the one the env file names.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=versions.sh
. "$here/versions.sh"
state=${WP_STATE_DIR:-$(wp_default_state "$version")}
[[ -f "$state/env" ]] || { echo "smoke.sh: $state/env not found; run up.sh first" >&2; exit 1; }
# shellcheck source=/dev/null
. "$state/env"

echo "smoke: WordPress ${WP_VERSION_FULL:-?} at $WPCONTRACT_URL"
failed=0
body=$(mktemp)
trap 'rm -f "$body"' EXIT

# check NAME EXPECTED_STATUS GREP_PATTERN... -- CURL_ARGS...
check() {
  local name=$1 want=$2 code pat ok=1
  shift 2
  local pats=()
  while (($#)) && [[ "$1" != -- ]]; do pats+=("$1"); shift; done
  shift
  code=$(curl -s --max-time 20 -o "$body" -w '%{http_code}' "$@" || echo 000)
  [[ "$code" == "$want" ]] || ok=0
  for pat in "${pats[@]}"; do
    grep -qE -- "$pat" "$body" || ok=0
  done
  if ((ok)); then
    echo "PASS $name"
  else
    echo "FAIL $name (HTTP $code, want $want${pats[*]:+ and body matching: ${pats[*]}}): $(head -c 300 "$body")"
    failed=1
  fi
}

check "GET /wp/v2/posts" 200 '^\[\{"id":' -- "$WPCONTRACT_URL/wp/v2/posts"
check "GET /wp/v2/users/me (application password)" 200 '"id":1,' '"slug":"admin"' -- \
  -u "$WPCONTRACT_USER:$WPCONTRACT_PASSWORD" "$WPCONTRACT_URL/wp/v2/users/me"
check "GET /?rest_route=/wp/v2/posts" 200 '^\[\{"id":' -- "$WP_BASE_URL/?rest_route=/wp/v2/posts"
# The code served is the version's tree (Debian's wp-config.php would fall back to
# /usr/share/wordpress, i.e. 6.1, if ABSPATH were not set): the feed names the version.
check "GET /?feed=rss2 (generator WordPress ${WP_VERSION_FULL:-?})" 200 \
  "<generator>https://wordpress.org/\\?v=${WP_VERSION_FULL//./\\.}</generator>" -- "$WP_BASE_URL/?feed=rss2"

exit "$failed"
