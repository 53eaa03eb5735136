#!/usr/bin/env bash
# Capture WPGraphQL's answers on one WordPress version ($WP_VERSION; WP_PORT, WP_STATE_DIR as
# for ci/wordpress/up.sh): a fresh site with WPGraphQL (up.sh), the content of seed.go, the
# corpus (operations/) run and its answers written to captures/$WP_VERSION/, then the site
# cloned (`wpmock clone`, as admin) into captures/$WP_VERSION/site.json, the dataset the mock
# serves for the comparison, and about.json: the versions and admin's application password
# (the clone keeps its hash: the same password logs in on the mock), and the corpus run once
# more and compared with what was captured (all identical, or it fails). The site is brought
# down at the end unless GRAPHQL_KEEP=1.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
wp=$root/ci/wordpress
# shellcheck source=../wordpress/versions.sh
. "$wp/versions.sh"
state=${WP_STATE_DIR:-$(wp_default_state "$version")}
out=$here/captures/$version
go=${GO:-go}

bash "$here/up.sh"
# shellcheck disable=SC1091
. "$state/env"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [[ "${GRAPHQL_KEEP:-}" == 1 ]] || bash "$wp/down.sh"' EXIT

cd "$root"
$go build -o "$tmp/graphql" ./ci/graphql
$go build -o "$tmp/wpmock" ./cmd/wpmock
"$tmp/graphql" seed -url "$WP_BASE_URL"
rm -rf "$out"
"$tmp/graphql" capture -url "$WP_BASE_URL" -version "$version"
# WPGraphQL's settings changed (operations/settings), then back to its defaults before the
# clone: the dataset is the site as the main captures saw it.
settings=(query_depth_enabled=on query_depth_max=5 public_introspection_enabled=on batch_queries_enabled=off)
wp_settings() {
  WPMOCK_WP_ROOT=$(bash "$wp/tree.sh" "$version") WPMOCK_WP_CONFIG=wpmock-${WP_BASE_URL##*:} \
    WPMOCK_HOST=${WP_BASE_URL#http://} timeout 60 php -d display_errors=0 "$here/graphql-settings.php" "$@"
}
wp_settings "${settings[@]}"
"$tmp/graphql" capture -url "$WP_BASE_URL" -version "$version" -set settings
wp_settings reset
{
  echo '{'
  echo ' "note": "WPGraphQL settings (the option graphql_general_settings) these answers were captured with",'
  echo ' "graphql_general_settings": {'
  n=${#settings[@]}
  for ((i = 0; i < n; i++)); do
    kv=${settings[i]}
    sep=,
    ((i == n - 1)) && sep=
    echo "  \"${kv%%=*}\": \"${kv#*=}\"$sep"
  done
  echo ' }'
  echo '}'
} >"$out/settings/about.json"
"$tmp/wpmock" clone -user admin -password "$WPCONTRACT_PASSWORD" -o "$tmp/clone.json" "$WP_BASE_URL" >"$tmp/clone.log" 2>&1 ||
  { cat "$tmp/clone.log" >&2; exit 1; }
"$tmp/graphql" dataset "$tmp/clone.json" "${WP_DECLARATIONS:-$here/site.json}" "$out/site.json"
wpgraphql=$(sed -n 's/^ \* Version: *//p' "$state/wp-content/plugins/wp-graphql/wp-graphql.php")
cat >"$out/about.json" <<JSON
{
 "wordpress": "$WP_VERSION_FULL",
 "wpgraphql": "$wpgraphql",
 "permalinks": "$WP_PERMALINKS",
 "timezone": "$WP_TIMEZONE",
 "adminPassword": "$WPCONTRACT_PASSWORD"
}
JSON
# The site answers the corpus again as captured: nothing in the answers depends on the run
# (an order of ties, a time), or the comparison of the mock could not be exact.
"$tmp/graphql" compare -url "$WP_BASE_URL" -version "$version"
echo "captured $(find "$out" -maxdepth 1 -name '*.json' ! -name site.json ! -name about.json | wc -l) answers (and $(find "$out/settings" -name '*.json' ! -name about.json | wc -l) with settings changed) of WPGraphQL $wpgraphql on WordPress $WP_VERSION_FULL into $out"
