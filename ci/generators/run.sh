#!/usr/bin/env bash
# Code generators and tools on the mock's OpenAPI document (fixtures/openapi.json), the
# way frontend and Go developers use them:
#
#   bash ci/generators/run.sh static            # openapi-typescript + tsc on usage.ts, Redocly lint,
#                                               # oapi-codegen's Go client generated and built,
#                                               # Prism mocking from the document
#   bash ci/generators/run.sh mock [6.1|6.8|7.1] # the Go client against a fresh mock
#   bash ci/generators/run.sh wordpress ENVFILE  # the Go client against the real WordPress of ci/wordpress/up.sh
#
# It installs what it needs (the npm packages pinned in package-lock.json, the Go
# modules of go/go.mod), prints one "generators:" line per check and exits non-zero if
# any failed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
doc=$repo/fixtures/openapi.json
out=$here/.out
mkdir -p "$out"

usage() { echo "usage: $0 static | mock [6.1|6.8|7.1] | wordpress ENVFILE" >&2; exit 2; }
[[ $# -ge 1 ]] || usage

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
pkgv() { node -p "require('$here/node_modules/$1/package.json').version"; }
freeport() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# the Go client: generated from the document, then built with the program that drives it
goclient() {
  (cd "$here/go" && go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen -config oapi-codegen.yaml "$doc" &&
    go build -o "$out/decode" ./decode && go vet ./decode)
}

static() {
  local status=0 v
  if ! cmp -s "$here/package-lock.json" "$here/node_modules/.package-lock.json.installed" 2>/dev/null; then
    (cd "$here" && npm ci --no-audit --no-fund --loglevel=error >&2)
    cp "$here/package-lock.json" "$here/node_modules/.package-lock.json.installed"
  fi
  local bin=$here/node_modules/.bin
  # usage.ts calls the API as frontends do; its @ts-expect-error lines must be refused
  if "$bin/openapi-typescript" "$doc" -o "$out/wp.d.ts" >"$out/openapi-typescript.log" 2>&1 &&
    (cd "$here" && "$bin/tsc" -p . >"$out/tsc.log" 2>&1); then
    echo "generators: openapi-typescript $(pkgv openapi-typescript) + tsc $(pkgv typescript) + openapi-fetch $(pkgv openapi-fetch): usage.ts compiles, its $(grep -c '@ts-expect-error' "$here/usage.ts") expected type errors refused"
  else
    echo "generators: openapi-typescript + tsc: FAILED"; cat "$out/openapi-typescript.log" "$out/tsc.log"; status=1
  fi
  # Redocly's recommended rules: no error (warnings are listed, not fatal)
  if (cd "$here" && "$bin/redocly" lint "$doc" --format=summary >"$out/redocly.log" 2>&1); then
    echo "generators: redocly lint ($(pkgv @redocly/cli), recommended rules): 0 errors, $(grep -oE 'You have [0-9]+ warnings' "$out/redocly.log" | grep -oE '[0-9]+' || echo 0) warnings"
    grep -E '^warning ' "$out/redocly.log" | sed 's/^/  /' || true
  else
    echo "generators: redocly lint: FAILED"; grep -vE '║|╔|╚' "$out/redocly.log"; status=1
  fi
  if goclient >"$out/oapi-codegen.log" 2>&1; then
    echo "generators: oapi-codegen $(cd "$here/go" && go list -m -f '{{.Version}}' github.com/oapi-codegen/oapi-codegen/v2): the Go client compiles ($(wc -l <"$here/go/wp/client.gen.go") lines)"
  else
    echo "generators: oapi-codegen: FAILED"; cat "$out/oapi-codegen.log"; status=1
  fi
  prism || status=1
  return $status
}

# Prism mocks from the document: the API root in its paths, a string title accepted,
# examples from the seeded site instead of invented values.
prism() {
  local port log=$out/prism.log got
  port=$(freeport)
  "$here/node_modules/.bin/prism" mock -p "$port" -h 127.0.0.1 "$doc" >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 150); do curl -fso /dev/null "http://127.0.0.1:$port/wp-json/wp/v2/types" && break; sleep 0.2; done
  local fails=()
  got=$(curl -s -w '\n%{http_code}' "http://127.0.0.1:$port/wp-json/wp/v2/posts")
  [[ ${got##*$'\n'} == 200 ]] || fails+=("GET /wp-json/wp/v2/posts: ${got##*$'\n'}")
  python3 - "${got%$'\n'*}" "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d["components"]["schemas"]["Post"]["example"]["title"]))' "$doc")" <<'PY' || fails+=("GET /wp-json/wp/v2/posts: not the document's example post")
import json, sys
body, want = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.exit(0 if isinstance(body, list) and body and body[0].get("title") == want else 1)
PY
  got=$(curl -s -o /dev/null -w '%{http_code}' -u admin:x -H 'Content-Type: application/json' -d '{"title":"Hello"}' "http://127.0.0.1:$port/wp-json/wp/v2/posts")
  [[ $got == 201 ]] || fails+=("POST /wp-json/wp/v2/posts {\"title\":\"Hello\"}: $got")
  local violations
  violations=$(grep -c 'VALIDATOR.*error' "$log" || true)
  [[ $violations == 0 ]] || fails+=("$violations violations Prism found in its own answers")
  if [[ ${#fails[@]} -eq 0 ]]; then
    echo "generators: prism mock ($(pkgv @stoplight/prism-cli)): GET /wp-json/wp/v2/posts answers the seeded example, POST with a string title 201, no violations"
  else
    echo "generators: prism mock: FAILED"; printf '  %s\n' "${fails[@]}"; grep 'VALIDATOR.*error' "$log" | head -5; return 1
  fi
}

case $1 in
static) static ;;
mock)
  version=${2:-6.1}
  [[ -x $out/decode ]] || goclient >&2
  bin=$(mktemp -d)/wpmock
  (cd "$repo" && go build -o "$bin" ./cmd/wpmock)
  port=$(freeport)
  password='wpmk GNRT s0me pass w0rd test'
  WPMOCK_ADMIN_APP_PASSWORD=$password "$bin" -addr "127.0.0.1:$port" -wp-version "$version" -quiet >"${bin}.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do curl -fso /dev/null "http://127.0.0.1:$port/wp-json/" && break; sleep 0.1; done
  "$out/decode" -url "http://127.0.0.1:$port" -user admin -password "$password" -label "the mock as WordPress $version"
  ;;
wordpress)
  [[ $# -eq 2 && -f $2 ]] || usage
  [[ -x $out/decode ]] || goclient >&2
  # shellcheck disable=SC1090
  . "$2"
  "$out/decode" -url "$WP_BASE_URL" -user "$WPCONTRACT_USER" -password "$WPCONTRACT_PASSWORD" -label "WordPress ${WP_VERSION_FULL:-$WP_VERSION}"
  ;;
*) usage ;;
esac
