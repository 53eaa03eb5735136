#!/usr/bin/env bash
# Start a reference WordPress with WPGraphQL for capturing (ci/graphql/README.md):
# ci/wordpress/up.sh (same settings: WP_VERSION, WP_PORT, WP_STATE_DIR, WP_DECLARATIONS,
# WP_REUSE), then the plugin assembled by plugin.sh linked into the site's
# wp-content/plugins and activated with its defaults. The site is fresh; `capture seed`
# gives it the content the captures were made on.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
wp=$here/../wordpress
# shellcheck source=../wordpress/versions.sh
. "$wp/versions.sh"
port=${WP_PORT:-$(wp_default_port "$version")}
state=${WP_STATE_DIR:-$(wp_default_state "$version")}

die() {
  echo "ci/graphql/up.sh: $*" >&2
  exit 1
}

plugin=$(bash "$here/plugin.sh") || die "no WPGraphQL tree (see above)"
# The captured site's declarations: the theme's menu locations (a block theme has none, and
# WPGraphQL shows anonymous users only menus at a location).
export WP_DECLARATIONS=${WP_DECLARATIONS-$here/site.json}
bash "$wp/up.sh" || die "WordPress did not come up (see above)"
state=$(cd "$state" && pwd)
wp_root=$(bash "$wp/tree.sh" "$version")

ln -sfn "$plugin" "$state/wp-content/plugins/wp-graphql"
WPMOCK_WP_ROOT=$wp_root WPMOCK_WP_CONFIG=wpmock-$port WPMOCK_HOST=127.0.0.1:$port \
  timeout 60 php -d display_errors=0 -d log_errors=1 -d "error_log=$state/php-error.log" \
  "$here/activate-plugin.php" || die "WPGraphQL could not be activated, see $state/php-error.log"

url=http://127.0.0.1:$port/graphql
body=$(curl -s --max-time 20 -H 'Content-Type: application/json' -d '{"query":"{ generalSettings { title } }"}' "$url") || true
[[ "$body" == *'"title":"wpmock reference"'* ]] || die "POST $url did not answer the site's title: $body"
echo "WPGraphQL is up: $url"
