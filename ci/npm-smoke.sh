#!/usr/bin/env bash
# The npm packages as a JavaScript user gets them (issue 37): builds the packages
# (cmd/wpmock/npm/pack.sh), installs wpmock and this machine's platform package from the
# packed tarballs into a scratch project without a registry (--offline: the other
# platforms' optional dependencies are skipped, as npm skips them for another os/cpu),
# then runs `npx wpmock -version`, starts `npx wpmock -addr 127.0.0.1:0` and GETs
# /wp-json/wp/v2/posts from it, stops it as a terminal or Playwright does (SIGTERM to its
# process group), stops the launcher by its own pid, and runs a Node script on the
# JavaScript API (start, requests with the admin's application password, two named
# sites that do not see each other's post, a snapshot restored, stop). With
# TypeScript at hand (ci/generators/node_modules, which make generators installs) it
# also compiles a use of index.d.ts. Installs node, npm and curl from Debian if missing.
#
#   bash ci/npm-smoke.sh            # prints "npm-smoke:" lines; exits non-zero on a failure
#
# PLATFORMS goes to pack.sh (default host: the one package installed here, one build;
# all: the release's six cross-built, the other five then skipped by npm as optional
# dependencies of another os/cpu). NPM_DIST, a directory of tarballs pack.sh made
# (make npm-pack's bin/npm), installs those instead of building: the release checks
# the very tarballs it publishes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
t0=$SECONDS
say() { echo "npm-smoke: $*"; }
die() { echo "npm-smoke: FAILED: $*" >&2; exit 1; }

bash "$repo/ci/need.sh" node:nodejs npm curl
node -e 'process.exit(+process.versions.node.split(".")[0] >= 18 ? 0 : 1)' ||
  die "node $(node --version) is too old: the package needs 18 or later (fetch, the API's test)"
say "node $(node --version), npm $(npm --version)"

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# the packages
if [[ -n ${NPM_DIST:-} ]]; then
  mkdir -p "$work/dist" && cp "$NPM_DIST"/*.tgz "$work/dist/"
  say "the tarballs of $NPM_DIST: $(cd "$work/dist" && echo *.tgz)"
else
  PLATFORMS=${PLATFORMS:-host} bash "$repo/cmd/wpmock/npm/pack.sh" "$work/dist" | sed 's/^npm-pack: /npm-smoke: pack: /'
fi
platform=$(node -p 'process.platform + "-" + process.arch')
main_tgz=$(cd "$work/dist" && ls wpmock-[0-9]*.tgz)
platform_tgz=$(cd "$work/dist" && ls "wpmock-$platform-"*.tgz)

# a project of its own, with a cache of its own, so nothing installed here or cached
# before can stand in for the tarballs
project=$work/project
mkdir -p "$project" && cd "$project"
export npm_config_cache=$work/npm-cache npm_config_update_notifier=false
npm init -y >/dev/null
echo "\$ npm install -D --offline --no-audit --no-fund $main_tgz $platform_tgz"
npm install -D --offline --no-audit --no-fund "$work/dist/$main_tgz" "$work/dist/$platform_tgz" 2>&1 | sed '/^$/d'
[[ -x node_modules/.bin/wpmock ]] || die "npm install made no node_modules/.bin/wpmock"
installed=$(cd node_modules && ls -d wpmock @wpmock/* | tr '\n' ' ')
say "installed: $installed"

echo '$ npx wpmock -version'
version=$(npx --no-install wpmock -version)
echo "$version"
[[ $version == "wpmock "*"answers as WordPress"* ]] || die "npx wpmock -version: got $version"

# waits for the -ready-json line in a log; prints its url
ready_url() {
  for _ in $(seq 300); do
    line=$(grep -m1 '^{' "$1" || true)
    [[ -n $line ]] && { node -p 'JSON.parse(process.argv[1]).url' "$line"; return; }
    sleep 0.1
  done
  cat "$1" >&2
  die "no ready line in $1 after 30 s"
}
# waits for a process to end; fails if it has not in 15 s
ended() {
  for _ in $(seq 150); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  die "$2 still running 15 s after SIGTERM"
}

# the process a process started (from /proc: procps may not be installed)
child_of() {
  local stat s ppid
  for stat in /proc/[0-9]*/stat; do
    s=$(<"$stat") 2>/dev/null || continue
    s=${s##*) } # after "pid (comm) ", which may hold spaces: state, ppid, ...
    read -r _ ppid _ <<<"$s"
    if [[ $ppid == "$1" ]]; then stat=${stat#/proc/}; echo "${stat%/stat}"; return; fi
  done
}

# the command, as a terminal or Playwright's webServer runs it: in a process group of
# its own, stopped with SIGTERM to the group (npm exec does not pass a SIGTERM sent to
# its pid alone on to the command it runs)
echo '$ npx wpmock -addr 127.0.0.1:0 -quiet=true -ready-json &'
setsid npx --no-install wpmock -addr 127.0.0.1:0 -quiet=true -ready-json >"$work/npx.log" 2>&1 &
npx_pid=$!
pids+=("$npx_pid")
url=$(ready_url "$work/npx.log")
grep -m1 '^wpmock: WordPress REST API mock at' "$work/npx.log"
echo "\$ curl -si $url/wp-json/wp/v2/posts?per_page=2&_fields=id,title"
curl -si "$url/wp-json/wp/v2/posts?per_page=2&_fields=id,title" | tr -d '\r' | grep -E '^(HTTP/|X-WP-Total|X-WP-TotalPages|\[)' |
  tee "$work/get.txt"
grep -q '^HTTP/1.1 200' "$work/get.txt" && grep -q '^\[{"id":' "$work/get.txt" || die "GET $url/wp-json/wp/v2/posts: not a 200 with posts"
kill -TERM -- "-$npx_pid"
ended "$npx_pid" "npx wpmock"
tail -n1 "$work/npx.log" | grep -qx 'wpmock: stopped' || die "npx wpmock did not shut down gracefully: $(tail -n1 "$work/npx.log")"
say "SIGTERM to npx wpmock's process group: the mock shut down gracefully (wpmock: stopped)"

# the launcher alone, signalled by its pid (a process manager that knows only the pid
# it started): it passes the signal on, and the binary does not outlive it
node_modules/.bin/wpmock -addr 127.0.0.1:0 -quiet=true -ready-json >"$work/bin.log" 2>&1 &
launcher=$!
pids+=("$launcher")
url=$(ready_url "$work/bin.log")
mock_pid=$(child_of "$launcher")
[[ -n $mock_pid ]] || die "node_modules/.bin/wpmock runs no binary"
kill -TERM "$launcher"
ended "$launcher" "node_modules/.bin/wpmock"
ended "$mock_pid" "the binary under node_modules/.bin/wpmock"
say "SIGTERM to node_modules/.bin/wpmock's pid: passed on, the binary (pid $mock_pid) ended with it"

# npx signalled by its pid alone (kill PID, a process manager's stop): npm passes the
# SIGTERM to the shell it runs the launcher in, which dies of it; the launcher sees its
# shell gone and stops the binary, so the port is free (issue 46)
setsid npx --no-install wpmock -addr 127.0.0.1:0 -quiet=true -ready-json >"$work/npx-pid.log" 2>&1 &
npx_pid=$!
pids+=("$npx_pid")
url=$(ready_url "$work/npx-pid.log")
kill -TERM "$npx_pid"
ended "$npx_pid" "npx wpmock"
for _ in $(seq 30); do curl -s -o /dev/null "$url/wp-json/" || break; sleep 0.1; done
curl -s -o /dev/null "$url/wp-json/" && die "SIGTERM to npx wpmock's pid: $url still answers 3 s later"
tail -n1 "$work/npx-pid.log" | grep -qx 'wpmock: stopped' || die "npx wpmock's binary did not shut down gracefully: $(tail -n1 "$work/npx-pid.log")"
say "SIGTERM to npx wpmock's pid alone: the binary shut down gracefully, $url is free"

# the package's own tests of signals and reaping, against the installed binary
installed_binary=$(node -p "require('wpmock').binaryPath()")
WPMOCK_BINARY=$installed_binary node --test "$repo/cmd/wpmock/npm/wpmock/test/" >"$work/node-test.log" 2>&1 ||
  { cat "$work/node-test.log" >&2; die "node --test cmd/wpmock/npm/wpmock/test/"; }
say "node --test cmd/wpmock/npm/wpmock/test/: $(grep -c '^ok ' "$work/node-test.log") passed"

# the JavaScript API, as a test suite's set-up uses it
cat >api.mjs <<'JS'
import { connect, start } from 'wpmock';

const wp = await start({ seed: 3, posts: 5, users: 3, wpVersion: '6.8' });
console.log(`start(): ${wp.restUrl} (WordPress ${wp.wpVersion}), admin ${wp.user}:${wp.password}, ${wp.users.length} users, pid ${wp.pid}`);
const auth = { Authorization: wp.authorization, 'Content-Type': 'application/json' };
let res = await fetch(`${wp.restUrl}wp/v2/posts`, { method: 'POST', headers: auth,
  body: JSON.stringify({ title: 'From the npm smoke test', status: 'draft' }) });
const post = await res.json();
console.log(`POST wp/v2/posts as ${wp.user}: ${res.status}, id ${post.id}, status ${post.status}, title.raw "${post.title.raw}"`);
if (res.status !== 201 || post.title.raw !== 'From the npm smoke test') process.exit(1);
res = await fetch(`${wp.restUrl}wp/v2/posts/${post.id}`);
console.log(`GET wp/v2/posts/${post.id} anonymously: ${res.status} ${(await res.json()).code} (a draft)`);
if (res.status !== 401) process.exit(1);
res = await fetch(wp.dashboardUrl);
console.log(`GET ${wp.dashboardUrl} (the dashboard): ${res.status} ${res.headers.get('content-type')}`);
if (res.status !== 200 || !res.headers.get('content-type').startsWith('text/html')) process.exit(1);
// a site per test worker: a post made in one named site is not in another, nor in the
// default site (each starts from the same seed, so ids repeat: the title tells); a
// snapshot of it comes back after a delete. worker-2's handle comes from connect(),
// as a test worker gets it from a global set-up's url and credentials.
const w1 = wp.site('worker-1');
const w2 = connect({ url: wp.url, authorization: wp.authorization }).site('worker-2');
res = await fetch(`${w1.restUrl}wp/v2/posts`, { method: 'POST', headers: auth,
  body: JSON.stringify({ title: 'Only in worker-1', status: 'publish' }) });
const mine = await res.json();
const seen = async (site) => +(await fetch(`${site.restUrl}wp/v2/posts?search=Only+in+worker-1`)).headers.get('x-wp-total');
console.log(`site('worker-1'): POST ${w1.restUrl}wp/v2/posts ${res.status}, id ${mine.id}, self ${mine._links.self[0].href}`);
const where = { 'worker-1': await seen(w1), 'worker-2': await seen(w2), default: await seen(wp) };
console.log(`posts titled "Only in worker-1" in each site: ${JSON.stringify(where)}`);
if (res.status !== 201 || !mine._links.self[0].href.startsWith(w1.restUrl) ||
  where['worker-1'] !== 1 || where['worker-2'] !== 0 || where.default !== 0) process.exit(1);
const saved = await w1.snapshot('with-post');
await fetch(`${w1.restUrl}wp/v2/posts/${mine.id}?force=true`, { method: 'DELETE', headers: auth });
const deleted = await seen(w1);
const restored = await w1.restore('with-post');
console.log(`snapshot('with-post'): ${saved.bytes} bytes; after a delete ${deleted} such posts, after restore('with-post') ${await seen(w1)} (restored: ${restored.restored})`);
if (deleted !== 0 || (await seen(w1)) !== 1) process.exit(1);
const missing = await w2.restore('with-post').then(() => 'restored', (e) => `${e.status} ${e.code}`);
console.log(`worker-2's restore('with-post'): ${missing} (snapshots are per site)`);
if (missing !== '404 wpmock_snapshot_not_found') process.exit(1);
console.log(`sites(): ${(await wp.sites()).map((s) => s.name).join(', ')}`);
await wp.stop();
console.log(`stop(): exit status ${wp.process.exitCode}`);
if (wp.process.exitCode !== 0) process.exit(1);
const gone = await fetch(`${wp.url}/wp-json/`).then(() => 'still answering', (e) => e.cause?.code ?? e.message);
console.log(`after stop(): ${gone}`);
if (gone === 'still answering') process.exit(1);
const err = await start({ wpVersion: '5.0' }).then(() => null, (e) => e.message.split('\n').at(-1));
console.log(`start({ wpVersion: '5.0' }) rejects: ${err}`);
if (!err) process.exit(1);
JS
echo '$ node api.mjs'
node api.mjs | sed 's/^/  /'
[[ ${PIPESTATUS[0]} == 0 ]] || die "node api.mjs"

tsc=$repo/ci/generators/node_modules/.bin/tsc
if [[ -x $tsc ]]; then
  cat >types.ts <<'TS'
import { connect, start, type Connection, type Mock, type Site, type Snapshot, type StartOptions } from 'wpmock';
const options: StartOptions = { seed: 3, wpVersion: '6.8', data: undefined, log: (line: string) => void line, args: ['-latency', '10ms'] };
export async function check(): Promise<string> {
  const wp: Mock = await start(options);
  const who: string = `${wp.user} ${wp.users[0].role} ${wp.process.pid}`;
  const worker: Site = wp.site(`w${process.env.TEST_PARALLEL_INDEX ?? 0}`);
  const saved: Snapshot = await worker.snapshot('start');
  const back: boolean = (await worker.restore(saved.name)).restored;
  await worker.reset();
  await wp.snapshot('main');
  const other: Connection = connect({ url: wp.url, authorization: wp.authorization });
  const names: string[] = (await other.sites()).map((s) => s.name);
  void back, names;
  await wp.stop();
  return who + wp.restUrl;
}
// @ts-expect-error: a seed is a number
void start({ seed: 'seven' });
// @ts-expect-error: auth is app-password or open
void start({ auth: 'basic' });
export async function wrong(wp: Mock) {
  // @ts-expect-error: a snapshot's name is a string
  await wp.snapshot(7);
}
TS
  "$tsc" --noEmit --strict --module nodenext --moduleResolution nodenext \
    --typeRoots "$repo/ci/generators/node_modules/@types" --types node types.ts ||
    die "tsc on index.d.ts"
  say "index.d.ts: tsc $("$tsc" --version | cut -d' ' -f2) --strict compiles a use of start(), site() and snapshots and refuses 3 wrong calls"
else
  say "index.d.ts: not compiled (no TypeScript in ci/generators/node_modules: make generators installs it)"
fi
say "PASS in $((SECONDS - t0))s"
