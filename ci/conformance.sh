#!/usr/bin/env bash
# The conformance run (make conformance): for each WordPress version in $WP_VERSIONS
# (default: every version of ci/wordpress/versions), bring a fresh real WordPress up (ci/wordpress/up.sh), run the
# smoke check, the side-by-side comparison with the mock, the catalogue of bad requests and
# the permission matrix (for the versions in $COMPARE_VERSIONS, default all: the
# mock answers as the same version, -wp-version), the contract suite in strict mode
# (vanilla WordPress must meet its own version's exact key sets; a customized site, whose
# line in ci/wordpress/versions names a declarations file, in the default mode) and the real clients
# (ci/clients: against this WordPress and the mock as the same version) and the Go client
# generated from the OpenAPI document (ci/generators), and last the clone of the site
# (ci/clone: wpmock clone, then the site and its clone compared byte for byte), then
# bring it down. A
# failing version does not stop the others; the exit status is non-zero if any failed. Each version's contract report lands in its state dir
# (contract-report/summary.md, junit.xml) and its summary is printed at the end.
set -uo pipefail
cd "$(dirname "$0")/.."

go=${GO:-go}
# The versions come from WP_VERSIONS; a WP_VERSION in the environment (make ... WP_VERSION=all)
# must not reach versions.sh, which would refuse "all".
unset WP_VERSION
. ci/wordpress/versions.sh
versions=${WP_VERSIONS:-$wp_versions}
compare_versions=${COMPARE_VERSIONS:-$wp_versions}

status=0
summaries=()
for v in $versions; do
  state=$(wp_default_state "$v")
  echo "=== conformance: WordPress $v"
  start=$SECONDS
  if ! WP_VERSION=$v bash ci/wordpress/up.sh; then
    WP_VERSION=$v bash ci/wordpress/down.sh
    echo "--- FAIL conformance $v: WordPress did not come up"
    status=1
    continue
  fi
  failed=""
  WP_VERSION=$v bash ci/wordpress/smoke.sh || failed+=" smoke"
  if [[ -z "$failed" && " $compare_versions " == *" $v "* ]]; then
    (. "$state/env" && WPCOMPARE=1 $go test -count=1 -v -run TestCompare ./ci/compare/) >"$state/compare.log" 2>&1 || failed+=" compare"
    grep -E '^(--- FAIL|ok|FAIL)|compare:' "$state/compare.log" | tail -n 20
    (. "$state/env" && WPCOMPARE=1 $go test -count=1 -v -run 'TestCatalogue$|TestPermissionMatrix$' ./ci/compare/) \
      >"$state/catalogue.log" 2>&1 || failed+=" catalogue"
    grep -E '^(--- FAIL|ok|FAIL)|catalogue:|matrix:' "$state/catalogue.log" | tail -n 20
  fi
  if [[ "$failed" != *smoke* ]]; then
    rm -rf "$state/contract-report"
    # strict on vanilla WordPress (its own version's exact key sets); on a site whose
    # must-use plugin registers declarations, the default mode: what the site declares is
    # its contract, and the custom group checks its own types and taxonomies
    (. "$state/env" && if [[ -z "${WPMOCK_DECLARATIONS:-}" ]]; then export WPCONTRACT_STRICT=1; fi &&
      WPCONTRACT_REPORT="$state/contract-report" \
      $go test -count=1 -v -run 'TestContract$' ./contract/) >"$state/contract.log" 2>&1 || failed+=" contract"
    grep -E '^(--- FAIL|    --- FAIL|ok|FAIL)|contract:' "$state/contract.log"
    summaries+=("$state/contract-report/summary.md")
  fi
  if [[ "$failed" != *smoke* ]]; then
    # real clients (node-wpapi, api-fetch, Chromium from another origin) against this
    # WordPress and against the mock answering as the same version
    { bash ci/clients/run.sh wordpress "$state/env" && bash ci/clients/run.sh mock "$v"; } \
      >"$state/clients.log" 2>&1 || failed+=" clients"
    grep -E '^(clients:|  FAIL)' "$state/clients.log"
    # the Go client oapi-codegen generates from the document, decoding this WordPress's answers
    bash ci/generators/run.sh wordpress "$state/env" >"$state/generators.log" 2>&1 || failed+=" generators"
    grep -E '^(generators:|  FAIL)' "$state/generators.log"
  fi
  if [[ "$failed" != *smoke* ]]; then
    # wpmock clone (issue 18), last as it adds content: seed, clone with an interruption
    # and a resume, then the same GETs to the site and its clone, compared byte for byte
    (. "$state/env" && WPCLONE=1 $go test -count=1 -v -run 'TestClone$' ./ci/clone/) >"$state/clone.log" 2>&1 || failed+=" clone"
    grep -E '^(--- FAIL|ok|FAIL)|clone: ' "$state/clone.log" | grep -v 'clone: progress' | sed 's/^ *[a-z_]*_test.go:[0-9]*: //'
  fi
  WP_VERSION=$v bash ci/wordpress/down.sh
  if [[ -n "$failed" ]]; then
    echo "--- FAIL conformance $v:$failed (logs in $state) ($((SECONDS - start)) s)"
    status=1
  else
    echo "--- PASS conformance $v ($((SECONDS - start)) s)"
  fi
done

for f in "${summaries[@]}"; do
  echo
  cat "$f" 2>/dev/null || echo "(no report: $f)"
done
exit $status
