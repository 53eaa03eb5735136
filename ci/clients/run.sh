#!/usr/bin/env bash
# Real clients against a site: node-wpapi (discover included) and @wordpress/api-fetch in
# Node, and a page from another origin in headless Chromium doing the same with fetch()
# and an application password over CORS (screenshots in ci/clients/.out).
#
#   bash ci/clients/run.sh mock [6.1|6.8|7.1]   # a fresh mock answering as that version
#   bash ci/clients/run.sh wordpress ENVFILE     # the real WordPress of ci/wordpress/up.sh
#
# It installs what it needs: the npm packages pinned in package-lock.json and Debian's
# chromium. It prints one "clients:" line per client and exits non-zero if any failed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

usage() { echo "usage: $0 mock [6.1|6.8|7.1] | wordpress ENVFILE" >&2; exit 2; }
[[ $# -ge 1 ]] || usage

# npm packages: reinstalled when the lock file changed since the last install
if ! cmp -s "$here/package-lock.json" "$here/node_modules/.package-lock.json.installed" 2>/dev/null; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error >&2)
  cp "$here/package-lock.json" "$here/node_modules/.package-lock.json.installed"
fi
bash "$repo/ci/need.sh" "${CHROMIUM:-chromium}:chromium"

pid=
cleanup() { [[ -z "$pid" ]] || kill "$pid" 2>/dev/null || true; }
trap cleanup EXIT

case $1 in
mock)
  version=${2:-6.1}
  bin=$(mktemp -d)/wpmock
  (cd "$repo" && go build -o "$bin" ./cmd/wpmock)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  export CLIENTS_SITE=http://127.0.0.1:$port CLIENTS_USER=admin CLIENTS_PASSWORD='wpmk CLNT s0me pass w0rd test'
  export CLIENTS_LABEL="the mock as WordPress $version"
  WPMOCK_ADMIN_APP_PASSWORD=$CLIENTS_PASSWORD "$bin" -addr "127.0.0.1:$port" -wp-version "$version" -quiet >"${bin}.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -fso /dev/null "$CLIENTS_SITE/wp-json/" && break; sleep 0.1; done
  ;;
wordpress)
  [[ $# -eq 2 && -f $2 ]] || usage
  # shellcheck disable=SC1090
  . "$2"
  export CLIENTS_SITE=$WP_BASE_URL CLIENTS_USER=$WPCONTRACT_USER CLIENTS_PASSWORD=$WPCONTRACT_PASSWORD
  export CLIENTS_LABEL="WordPress ${WP_VERSION_FULL:-$WP_VERSION}"
  ;;
*) usage ;;
esac

status=0
node "$here/node.mjs" || status=1
node "$here/browser.mjs" || status=1
exit $status
