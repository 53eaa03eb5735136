#!/usr/bin/env bash
# Generates and installs seeds FROM..TO (default 1..20) one after the other on one
# reference WordPress (ci/gensite/install.sh, the database reset between seeds) and
# reports which installed cleanly:
#   WP_VERSION=7.1 WP_PORT=8183 WP_STATE_DIR=/tmp/wp bash ci/gensite/seeds.sh 1 20
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
from=${1:-1} to=${2:-20}
work=${GENSITE_WORK:-$(mktemp -d)}
export GENSITE_BIN=$work/gensite
(cd "$repo" && go build -o "$GENSITE_BIN" ./ci/gensite) || exit 2
ok=0 bad=()
for ((seed = from; seed <= to; seed++)); do
  (cd "$repo" && "$GENSITE_BIN" -seed "$seed" -out "$work/site-$seed") >/dev/null || { bad+=("$seed"); continue; }
  if out=$(bash "$here/install.sh" "$work/site-$seed" 2>&1); then
    ok=$((ok + 1))
    echo "$out" | tail -n 1
  else
    bad+=("$seed")
    echo "seed $seed: $(cat "$work/site-$seed/summary.txt")"
    echo "$out" | sed 's/^/    /'
  fi
done
echo "seeds: $ok of $((to - from + 1)) installed cleanly on WordPress ${WP_VERSION:-6.1}${bad:+; failed: ${bad[*]}}"
((${#bad[@]} == 0))
