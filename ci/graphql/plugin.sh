#!/usr/bin/env bash
# Assemble WPGraphQL (the plugin and the PHP libraries composer would install, `sources`)
# into a cache dir and print its path, like ci/wordpress/tree.sh prints a WordPress tree.
# Nothing is downloaded here and nothing is committed: the sources are git snapshots on
# this machine (WPGRAPHQL_SOURCES, default /work/.mirror, laid out as
# <owner>+<name>/repo, the way the search tool's fetch leaves them). Each is checked out
# at the commit `sources` pins with `git archive`; vendor/autoload.php is written by
# autoload-shim.php in place of composer's. A complete tree is reused at once.
# WPGRAPHQL_CACHE moves the cache (default /var/cache/wpmock-wpgraphql).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sources_dir=${WPGRAPHQL_SOURCES:-/work/.mirror}
cache=${WPGRAPHQL_CACHE:-/var/cache/wpmock-wpgraphql}

die() {
  echo "plugin.sh: $*" >&2
  exit 1
}

# The tree's name is the pinned commits' hash: a change to `sources` makes a new tree.
key=$(grep -v '^#' "$here/sources" | sha256sum | cut -c1-12)
tree=$cache/wp-graphql-$key
if [[ -f "$tree/.complete" ]]; then
  echo "$tree/wp-graphql"
  exit 0
fi

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
[[ -f "$tree/.complete" ]] && { echo "$tree/wp-graphql"; exit 0; }

rm -rf "$tree.tmp"
mkdir -p "$tree.tmp/wp-graphql"
specs=()
while read -r repo commit inside dest autoload; do
  [[ -z "$repo" || "$repo" == \#* ]] && continue
  gitdir=$sources_dir/${repo/\//+}/repo
  [[ -d "$gitdir" ]] || die "no snapshot of $repo in $gitdir (fetch github:$repo with the search tool, or set WPGRAPHQL_SOURCES)"
  git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null ||
    die "$gitdir has no commit $commit of $repo"
  out=$tree.tmp/wp-graphql/$dest
  mkdir -p "$out"
  # A snapshot lacks files of 4 MiB and more (the plugin's documentation GIFs): archive
  # the files whose content is there, and say which are left out.
  path=.
  within=()
  if [[ "$inside" != - ]]; then
    path=$inside
    within=(-- "$inside")
  fi
  git --git-dir="$gitdir" -c core.quotePath=false ls-tree -r "$commit" "${within[@]}" |
    awk -F'\t' '{split($1, m, " "); print m[3] "\t" $2}' >"$tree.tmp/files"
  cut -f1 "$tree.tmp/files" | git --git-dir="$gitdir" cat-file --batch-check='%(objectname) %(objecttype)' |
    awk '$2 == "missing" {print $1}' >"$tree.tmp/missing"
  awk -F'\t' 'FILENAME == ARGV[1] {gone[$1] = 1; next} ($1 in gone) {print "plugin.sh: left out (not in the snapshot): " $2}' \
    "$tree.tmp/missing" "$tree.tmp/files" >&2
  awk -F'\t' 'FILENAME == ARGV[1] {gone[$1] = 1; next} !($1 in gone) {print $2}' "$tree.tmp/missing" "$tree.tmp/files" >"$tree.tmp/present"
  # checked out through a private index, not `git archive`, which stops at a missing blob
  raw=$tree.tmp/raw
  GIT_INDEX_FILE=$tree.tmp/index git --git-dir="$gitdir" read-tree "$commit"
  (mkdir -p "$raw" && cd "$raw" && GIT_INDEX_FILE=$tree.tmp/index git --git-dir="$gitdir" --work-tree=. \
    checkout-index --stdin <"$tree.tmp/present")
  cp -a "$raw/$path/." "$out/"
  rm -rf "$raw" "$tree.tmp/index"
  rm -f "$tree.tmp/files" "$tree.tmp/missing" "$tree.tmp/present"
  IFS=, read -ra parts <<<"$autoload"
  for p in "${parts[@]}"; do
    kind=${p%%:*} arg=${p#*:}
    prefix=
    [[ "$dest" != . ]] && prefix=$dest/
    if [[ "$kind" == psr4 ]]; then
      specs+=("psr4:${arg%%=*}=$prefix${arg#*=}")
    else
      specs+=("classmap:$prefix$arg")
    fi
  done
done <"$here/sources"

php "$here/autoload-shim.php" "$tree.tmp/wp-graphql" "${specs[@]}" >&2
# The plugin runs: its main class and the library's entry point load through the shim.
php -r 'require $argv[1]; exit(class_exists("GraphQL\\GraphQL") && class_exists("WPGraphQL") && class_exists("GraphQLRelay\\Relay") ? 0 : 1);' \
  "$tree.tmp/wp-graphql/vendor/autoload.php" || die "the autoloader shim does not load WPGraphQL's classes"
touch "$tree.tmp/.complete"
rm -rf "$tree"
mv "$tree.tmp" "$tree"
echo "$tree/wp-graphql"
