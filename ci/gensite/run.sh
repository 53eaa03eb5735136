#!/usr/bin/env bash
# Generated sites in CI (issue 43): on each WordPress version, fixed seeds plus one new
# seed per run are generated (ci/gensite), installed and seeded on a real WordPress
# (ci/gensite/install.sh: one install per version, the database reset between seeds),
# checked (WordPress took every declaration, no notice in its log), then cloned and
# compared request by request with their clone (ci/clone's TestClone, read-only: the
# same comparison the CI site gets). Per seed it prints the summary line, the clone's
# figure and what the clone said it skipped or could not read.
#   bash ci/gensite/run.sh                      # versions of ci/wordpress/versions, seeds 1..5 + a new one
#   GENSITE_SEED=12345 bash ci/gensite/run.sh   # the new seed of a failing run, again
# Settings: WP_VERSIONS (default: all), GENSITE_SEEDS (default "1 2 3 4 5"), GENSITE_SEED
# (the extra seed; default random, printed; "-" none), GENSITE_PORTS ("7.1:8183 6.8:8184":
# ports other than the versions' own), GENSITE_STATE (a prefix: state dir <prefix><version>),
# GENSITE_WORK (where sites and logs go), GENSITE_CLONE (0: install and check each site, no
# clone), GENSITE_CLONE_SEEDS (the seeds cloned and compared, each failing below 99%
# byte-identical; default: every seed; the others are installed and checked),
# GENSITE_PARALLEL (1: the versions at once, each on its own port and state, their
# reports printed in order when all are done), GENSITE_CONTRACT (1: after the install (and the
# clone), the contract suite (wpcontract) runs on the site in its default mode and must pass with
# every custom type, taxonomy and plugin route named in its report: a line per seed with their
# counts, ci/gensite/contractsummary.py; GENSITE_CONTRACT_SEEDS: the seeds it runs on (N on
# every version, V:N on version V only), default all; GENSITE_CONTRACT_SKIP: groups it leaves out, as WPCONTRACT_SKIP),
# GENSITE_COMPARE (1: after the install (and the clone), the frontend walk's requests go to the
# site and to the mock serving its site.json (no clone), compared by ci/gensite's
# TestCompareDeclarations: byte for byte where WordPress answers from the declarations alone, by
# status, API headers and JSON shape where the content differs; a line per seed with the figures,
# and each row that differs, which fails the run; GENSITE_COMPARE_SEEDS as GENSITE_CONTRACT_SEEDS).
# Exit status non-zero if any seed failed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
unset WP_VERSION
. ci/wordpress/versions.sh
versions=${WP_VERSIONS:-$wp_versions}
seeds=${GENSITE_SEEDS:-1 2 3 4 5}
extra=${GENSITE_SEED:-$(((RANDOM << 15 | RANDOM) + 1000))}
[[ "$extra" == - ]] || seeds="$seeds $extra"
work=${GENSITE_WORK:-$(mktemp -d)}
clone=${GENSITE_CLONE:-1}
clone_seeds=${GENSITE_CLONE_SEEDS:-$seeds}
mkdir -p "$work"
echo "gensite: seeds $seeds (the new one: GENSITE_SEED=$extra reproduces it); work dir $work"

export GENSITE_BIN=$work/gensite
go build -o "$GENSITE_BIN" ./ci/gensite || exit 2
if [[ "$clone" != 0 ]]; then
  go test -c -o "$work/clone.test" ./ci/clone || exit 2
fi
compare=${GENSITE_COMPARE:-0}
if [[ "$compare" != 0 ]]; then
  go test -c -o "$work/gensite.test" ./ci/gensite || exit 2
fi
contract=${GENSITE_CONTRACT:-0}
if [[ "$contract" != 0 ]]; then
  go build -o "$work/wpcontract" ./cmd/wpcontract || exit 2
fi

# contract_run SITE SEED VERSION STATE: the contract suite on the installed site (issue 44);
# prints the summary line (rules failed; the site's types, taxonomies and plugin routes
# declared, named in the report and checked) and returns non-zero unless all held.
contract_run() {
  local site=$1 seed=$2 v=$3 state=$4 cstart=$SECONDS rc=0
  local only=" ${GENSITE_CONTRACT_SEEDS:-} "
  if [[ -n "${GENSITE_CONTRACT_SEEDS:-}" && "$only" != *" $seed "* && "$only" != *" $v:$seed "* ]]; then
    return 0
  fi
  (. "$state/env" && WPCONTRACT_SKIP=${GENSITE_CONTRACT_SKIP:-} "$work/wpcontract" -report "$site/contract" -timeout 25m) \
    >"$site/contract.log" 2>&1 || rc=1
  if [[ -f "$site/contract/junit.xml" ]]; then
    python3 "$here/contractsummary.py" "$site/site.json" "$site/contract/junit.xml" | sed 's/^/  /' || rc=1
  else
    echo "  contract: no report:"
    tail -n 5 "$site/contract.log" | sed 's/^/    /'
    rc=1
  fi
  grep '^FAIL ' "$site/contract.log" | head -n 10 | cut -c1-300 | sed 's/^/    /'
  echo "  seed $seed on $v: contract $((SECONDS - cstart)) s (report: $site/contract)"
  return $rc
}

# compare_run SITE SEED VERSION STATE: the mock serving the site's declarations against the
# installed site, request by request (TestCompareDeclarations); prints the figures and the rows
# that differ and returns non-zero if one did.
compare_run() {
  local site=$1 seed=$2 v=$3 state=$4 cstart=$SECONDS rc=0
  local only=" ${GENSITE_COMPARE_SEEDS:-} "
  if [[ -n "${GENSITE_COMPARE_SEEDS:-}" && "$only" != *" $seed "* && "$only" != *" $v:$seed "* ]]; then
    return 0
  fi
  (. "$state/env" && GENSITE_COMPARE=1 GENSITE_COMPARE_DIR=$site "$work/gensite.test" -test.count=1 -test.v \
    -test.run 'TestCompareDeclarations$' -test.timeout 5m) >"$site/compare.log" 2>&1 || rc=1
  grep -E 'compare: [0-9]+ rows' "$site/compare.log" | sed 's/^ *[a-z_]*_test\.go:[0-9]*: /  /' | head -n 1
  grep -E 'compare: differs|^--- FAIL|panic:|_test\.go:[0-9]+: [^c]' "$site/compare.log" |
    sed 's/^ *[a-z_]*_test\.go:[0-9]*: /    /' | cut -c1-300 | head -n 12
  grep -q 'compare: [0-9]* rows' "$site/compare.log" || { tail -n 5 "$site/compare.log" | sed 's/^/    /'; rc=1; }
  echo "  seed $seed on $v: mock from declarations compared in $((SECONDS - cstart)) s (log: $site/compare.log)"
  return $rc
}

# run_version V: every seed on WordPress V; its exit status is non-zero if one failed.
run_version() {
  local v=$1 status=0 port state vstart seed start site installed
  port=$(wp_default_port "$v")
  for p in ${GENSITE_PORTS:-}; do [[ "${p%%:*}" == "$v" ]] && port=${p#*:}; done
  state=${GENSITE_STATE:+$GENSITE_STATE$v}
  state=${state:-$(wp_default_state "$v")}
  mkdir -p "$state"
  state=$(cd "$state" && pwd)
  vstart=$SECONDS
  echo "=== gensite: WordPress $v (port $port)"
  for seed in $seeds; do
    start=$SECONDS
    site=$work/$v/site-$seed
    "$GENSITE_BIN" -seed "$seed" -out "$site" >/dev/null || { status=1; continue; }
    echo "$(cat "$site/summary.txt")"
    if ! WP_VERSION=$v WP_PORT=$port WP_STATE_DIR=$state bash "$here/install.sh" "$site" >"$site/install.log" 2>&1; then
      status=1
      sed 's/^/  /' "$site/install.log" | head -n 25
      grep -q '^install: up.sh failed\|^install: content.php failed' "$site/install.log" && continue
    else
      echo "  $(tail -n 1 "$site/install.log")"
    fi
    installed=$((SECONDS - start))
    if [[ "$clone" == 0 || " $clone_seeds " != *" $seed "* ]]; then
      echo "  seed $seed on $v: install and check $installed s (not cloned)"
      [[ "$compare" == 0 ]] || compare_run "$site" "$seed" "$v" "$state" || status=1
      [[ "$contract" == 0 ]] || contract_run "$site" "$seed" "$v" "$state" || status=1
      continue
    fi
    (. "$state/env" && WPCLONE=1 WPCLONE_READONLY=1 "$work/clone.test" -test.count=1 -test.v -test.run 'TestClone$' \
      -test.timeout 15m) >"$site/clone.log" 2>&1 || status=1
    # the figure, what the clone skipped, could not read or noted, and any failure; not
    # its progress, nor each difference (counted; all of them are in the log)
    grep -E '^--- FAIL|_test\.go:[0-9]+: ' "$site/clone.log" |
      grep -vE 'requests [0-9]+ \(from the journal|clone: differs:|clone: (WordPress|interrupted after|the resumed run|WPCLONE_READONLY)' |
      sed 's/^ *[a-z_]*_test\.go:[0-9]*: //; s/^/  /' | cut -c1-400 | head -n 40
    if grep -q 'clone: [0-9]* GETs' "$site/clone.log"; then
      echo "  $(grep -c 'clone: differs:' "$site/clone.log") GETs differ (listed in $site/clone.log)"
    fi
    echo "  seed $seed on $v: install $installed s, clone and comparison $((SECONDS - start - installed)) s (logs: $site)"
    [[ "$compare" == 0 ]] || compare_run "$site" "$seed" "$v" "$state" || status=1
    [[ "$contract" == 0 ]] || contract_run "$site" "$seed" "$v" "$state" || status=1
  done
  WP_STATE_DIR=$state bash ci/wordpress/down.sh
  echo "--- gensite $v: $((SECONDS - vstart)) s"
  return $status
}

status=0
if [[ "${GENSITE_PARALLEL:-0}" == 1 ]]; then
  pids=()
  for v in $versions; do
    run_version "$v" >"$work/run-$v.log" 2>&1 &
    pids+=($!)
  done
  i=0
  for v in $versions; do
    wait "${pids[$i]}" || status=1
    cat "$work/run-$v.log"
    i=$((i + 1))
  done
else
  for v in $versions; do
    run_version "$v" || status=1
  done
fi
echo "gensite: $SECONDS s in all"
exit $status
