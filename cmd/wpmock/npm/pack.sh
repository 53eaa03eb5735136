#!/usr/bin/env bash
# Builds the npm packages of wpmock and packs them:
#
#   bash cmd/wpmock/npm/pack.sh [OUT]                  # or: make npm-pack; OUT defaults to bin/npm
#   PLATFORMS=host bash cmd/wpmock/npm/pack.sh [OUT]   # or: make npm-local; this machine's only
#
# The binary is cross-built as make dist builds it (static: CGO_ENABLED=0, -trimpath,
# -s -w, the version from git stamped) for each platform into a package generated from
# platform/ (its "os" and "cpu" make npm install only the machine's one), and the main
# package wpmock/ lists the six as optionalDependencies at the same version: the way
# esbuild and Biome ship their binaries on npm. OUT gets the seven tarballs, one line
# each with its size; OUT/pkg the package directories they were packed from.
#
# VERSION is the binary's -version (default: git describe, as make build); NPM_VERSION
# the packages' (default: the tag without its v when HEAD is exactly a tag, else
# 0.0.0-dev.g<commit>, with .dirty for uncommitted changes). JOBS builds run at once
# (default 2; each is parallel inside already, and Go's build cache is shared).
# PLATFORMS is "all" (default: the release's six, static), "host" (the machine's, as Node
# names it: a checkout's install into a project, one build instead of six, compiled as
# make run compiles) or a list of npm platform names ("linux-x64 darwin-arm64", static). The launcher lists as optionalDependencies
# the platform packages built, so that npm installs the two tarballs of a host build
# without looking for the other five on the registry, where a dev version is not.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
out=${1:-$repo/bin/npm}
mkdir -p "$out" && out=$(cd "$out" && pwd)
cd "$repo"

VERSION=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo devel)}
if [[ -z ${NPM_VERSION:-} ]]; then
  if tag=$(git describe --tags --exact-match 2>/dev/null) && [[ $tag =~ ^v?[0-9]+\.[0-9]+\.[0-9]+ ]]; then
    NPM_VERSION=${tag#v}
  else
    # "g": a commit of digits alone with a leading 0 is not a valid semver identifier
    NPM_VERSION=0.0.0-dev.g$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    [[ $VERSION == *-dirty ]] && NPM_VERSION+=.dirty
  fi
fi
JOBS=${JOBS:-2}
command -v npm >/dev/null || { echo "npm-pack: npm is not installed" >&2; exit 1; }

# npm's platform names to Go's: the packages are named after Node's process.platform
# and process.arch (lib/binary.js maps them back)
all=(linux-x64:linux/amd64 linux-arm64:linux/arm64 darwin-x64:darwin/amd64
  darwin-arm64:darwin/arm64 win32-x64:windows/amd64 win32-arm64:windows/arm64)
want=${PLATFORMS:-all} host=
[[ $want == host ]] && want=$(node -p 'process.platform + "-" + process.arch') host=1
platforms=()
for p in "${all[@]}"; do
  [[ $want == all || " $want " == *" ${p%%:*} "* ]] && platforms+=("$p")
done
((${#platforms[@]} > 0)) || {
  echo "npm-pack: PLATFORMS=$want names none of: all host ${all[*]%%:*}" >&2
  exit 1
}

pkg=$out/pkg
rm -rf "$pkg" "$out"/*.tgz
mkdir -p "$pkg"

build() { # npm-platform goos goarch
  local dir=$pkg/$1 exe=wpmock os=${1%-*} cpu=${1#*-}
  [[ $2 == windows ]] && exe=wpmock.exe
  mkdir -p "$dir/bin"
  for f in package.json README.md; do
    sed -e "s/@PLATFORM@/$1/g" -e "s/@OS@/$os/g" -e "s/@CPU@/$cpu/g" -e "s/@VERSION@/$NPM_VERSION/g" \
      "$here/platform/$f" >"$dir/$f"
  done
  if [[ -z $host ]]; then
    CGO_ENABLED=0 GOOS=$2 GOARCH=$3 go build -trimpath -ldflags "-s -w -X main.version=$VERSION" \
      -o "$dir/bin/$exe" ./cmd/wpmock
  else
    # for this machine, compiled as make run, go build and go test compile (no -trimpath,
    # cgo as the machine has it): the build cache they filled serves it, and the link
    # is all that is left after a make run
    go build -ldflags "-s -w -X main.version=$VERSION" -o "$dir/bin/$exe" ./cmd/wpmock
  fi
}

start=$SECONDS
failed=0
for p in "${platforms[@]}"; do
  name=${p%%:*} goos=${p#*:}
  while (($(jobs -rp | wc -l) >= JOBS)); do wait -n || failed=1; done
  build "$name" "${goos%/*}" "${goos#*/}" &
done
while (($(jobs -rp | wc -l) > 0)); do wait -n || failed=1; done
((failed == 0)) || { echo "npm-pack: a build failed" >&2; exit 1; }
echo "npm-pack: built wpmock $VERSION for ${#platforms[@]} platform(s) (${platforms[*]%%:*}) in $((SECONDS - start))s (JOBS=$JOBS)"

# the main package at the same version as the binaries it depends on, listing those built
cp -R "$here/wpmock" "$pkg/wpmock"
node - "$pkg/wpmock/package.json" "$NPM_VERSION" "${platforms[@]%%:*}" <<'JS'
const fs = require('node:fs');
const [file, version, ...built] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
pkg.version = version;
const deps = {};
for (const dep of Object.keys(pkg.optionalDependencies)) {
  if (built.includes(dep.replace('@wpmock/', ''))) deps[dep] = version;
}
pkg.optionalDependencies = deps;
fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
JS

tarballs=()
for dir in wpmock "${platforms[@]%%:*}"; do
  tgz=$(cd "$pkg/$dir" && npm pack --silent --pack-destination "$out")
  tarballs+=("$out/$tgz")
  printf 'npm-pack: %-50s %7s\n' "$tgz" "$(numfmt --to=iec --suffix=B --format=%.1f "$(stat -c %s "$out/$tgz")")"
done
# a host build installs as it is; of a release's, npm takes the launcher and the registry the rest
if ((${#platforms[@]} == 1)); then
  echo "npm-pack: into a project: npm install -D ${tarballs[*]}"
fi
