#!/usr/bin/env bash
# Installs a generated site (ci/gensite's output directory) on a reference WordPress and
# checks that WordPress took all of it:
#   WP_VERSION=7.1 WP_PORT=8183 WP_STATE_DIR=/tmp/wp bash ci/gensite/install.sh /tmp/site7
# It brings the site up with the site's declarations (ci/wordpress/up.sh with
# WP_DECLARATIONS=<dir>/site.json; WP_REUSE=1 by default: the state dir's running
# MariaDB and php -S are kept and only the database and wp-content start over), adds a
# must-use plugin logging _doing_it_wrong and deprecations, runs the content script,
# asks the site (gensite -check: index, routes' OPTIONS, types, taxonomies, statuses,
# meta and fields in the schemas, meta values, settings) and reads the PHP error log:
# any warning, database error or notice fails the install. Prints "install: ok <s>" or
# what failed; the exit status says which.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
dir=$(cd "${1:?usage: install.sh <generated site dir>}" && pwd)
state=${WP_STATE_DIR:?set WP_STATE_DIR}
gensite=${GENSITE_BIN:-}
start=$SECONDS

if [[ -z "$gensite" ]]; then
  gensite=$(mktemp -d)/gensite
  (cd "$repo" && go build -o "$gensite" ./ci/gensite) || exit 2
fi
log=$state/php-error.log
mkdir -p "$state"
touch "$log"
mark=$(stat -c %s "$log") # the log from here on: the install, the content, the requests
WP_REUSE=${WP_REUSE:-1} WP_DECLARATIONS="$dir/site.json" bash "$repo/ci/wordpress/up.sh" >"$state.up.log" 2>&1 ||
  { echo "install: up.sh failed:"; tail -n 20 "$state.up.log"; exit 1; }
. "$state/env"
cp "$here/wpmock-log-notices.php" "$state/wp-content/mu-plugins/"

root=$(bash "$repo/ci/wordpress/tree.sh" "$WP_VERSION") || exit 2
port=${WP_BASE_URL##*:}
if ! WPMOCK_WP_ROOT=$root WPMOCK_WP_CONFIG=wpmock-$port WPMOCK_HOST=127.0.0.1:$port \
  php -d display_errors=0 -d log_errors=1 -d "error_log=$log" -d memory_limit=256M "$dir/content.php" >"$state/content.log" 2>&1; then
  echo "install: content.php failed:"
  tail -n 20 "$state/content.log"
  exit 1
fi
failed=0
"$gensite" -check "$dir" || failed=1
if tail -c +$((mark + 1)) "$log" | grep -E 'PHP (Warning|Notice|Deprecated|Fatal)|database error|wpmock notice' >"$state/notices.log"; then
  echo "install: the PHP error log has $(wc -l <"$state/notices.log") notices or errors:"
  sort "$state/notices.log" | sed 's/^\[[^]]*\] //' | sort -u | head -n 20
  failed=1
fi
if ((failed)); then
  echo "install: FAIL ($((SECONDS - start)) s)"
  exit 1
fi
echo "install: ok $(cat "$dir/summary.txt" | cut -d: -f1) on WordPress $WP_VERSION_FULL ($(tail -n 1 "$state/content.log"); $((SECONDS - start)) s)"
