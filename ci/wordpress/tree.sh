#!/usr/bin/env bash
# Print the WordPress document root for a version (one of ./versions), fetching it first
# when needed. 6.1 is bookworm's installed `wordpress` package (install.sh). The newer
# versions come from Debian's own archive, beside it and never over it: `wordpress`
# 6.8.x is in the suite trixie and 7.1.x in sid. apt is pointed at that suite with
# private state and cache directories, the packages are fetched with `apt-get
# download` and unpacked with `dpkg-deb -x` into /var/cache/wpmock-wordpress/<version>.
# Debian replaces the libraries WordPress bundles with links to its own packages;
# 6.8 needs php-getid3 >= 1.9.23, 7.1 php-getid3 >= 1.9.27 and libphp-phpmailer >= 7.1.1,
# newer than bookworm's, so they come from the same suite (the PHP libraries the
# `wordpress` package depends on, versions checked against its Depends), unpacked into
# the same tree, where WordPress's relative links (wp-includes/ID3 -> ../../../php/getid3)
# resolve. Idempotent: a complete tree is reused; concurrent calls wait for each other.
# WP_TREE_CACHE moves the cache; WP_DEBIAN_MIRROR overrides the mirror (default: the one
# the system's bookworm sources use, else http://deb.debian.org/debian).
set -euo pipefail

version=${1:-${WP_VERSION:-6.1}}
cache=${WP_TREE_CACHE:-/var/cache/wpmock-wordpress}

die() {
  echo "tree.sh: $*" >&2
  exit 1
}

WP_VERSION=$version . "$(dirname "${BASH_SOURCE[0]}")/versions.sh"
suite=$(wp_field "$version" 2)
if [[ $suite == installed ]]; then
  root=/usr/share/wordpress
  [[ -f $root/wp-includes/version.php ]] || die "WordPress $version is not installed (run ci/wordpress/install.sh)"
  echo "$root"
  exit 0
fi

tree=$cache/$version
root=$tree/usr/share/wordpress

# full_version ROOT: $wp_version of the tree.
full_version() { sed -n "s/^\$wp_version = '\(.*\)';/\1/p" "$1/wp-includes/version.php" 2>/dev/null; }

complete() { [[ -f $tree/.complete && "$(full_version "$root")" == "$version".* ]]; }

if complete; then
  echo "$root"
  exit 0
fi

((EUID == 0)) || die "need root to fetch WordPress $version into $cache"
mkdir -p "$cache"
# One fetch per version at a time (two up.sh starting at once): the second waits, then
# finds the tree complete.
exec 9>"$cache/.lock-$version"
flock -w 900 9 || die "another tree.sh has held $cache/.lock-$version for 15 minutes"
if complete; then
  echo "$root"
  exit 0
fi
echo "tree.sh: fetching WordPress $version from Debian's $suite suite" >&2

# bookworm_mirror: the URI of the system's bookworm (not security) source, deb822
# (.sources) or one-line (.list) format.
bookworm_mirror() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f $f ]] || continue
    awk '
      function flush() { if (uri != "" && suites ~ /(^| )bookworm( |$)/ && types ~ /(^| )deb( |$)/) { print uri; found = 1; exit } uri = suites = types = "" }
      /^[ \t]*$/ { flush(); next }
      /^URIs:/ { uri = $2 }
      /^Suites:/ { suites = $0; sub(/^Suites:[ \t]*/, "", suites) }
      /^Types:/ { types = $0; sub(/^Types:[ \t]*/, "", types) }
      END { if (!found) flush() }
    ' "$f"
  done
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([a-z]*:[^ ]*\) bookworm .*/\2/p'
}
mirror=${WP_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then mirror=$(bookworm_mirror 2>/dev/null | head -n 1) || true; fi
mirror=${mirror:-http://deb.debian.org/debian}

apt_dir=$cache/apt-$suite
mkdir -p "$apt_dir"/{lists/partial,archives/partial,etc/preferences.d}
: >"$apt_dir/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" >"$apt_dir/etc/sources.list"
# Only this suite, none of the system's sources, pins or package state.
apt_opts=(-q -o "Dir::State=$apt_dir" -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::State::status=$apt_dir/status"
  -o "Dir::Cache=$apt_dir" -o "Dir::Cache::archives=$apt_dir/archives" -o "Dir::Etc::SourceList=$apt_dir/etc/sources.list"
  -o "Dir::Etc::SourceParts=/nonexistent" -o "Dir::Etc::Preferences=/dev/null"
  -o "Dir::Etc::PreferencesParts=$apt_dir/etc/preferences.d" -o "APT::Sandbox::User=root")

timeout 600 apt-get "${apt_opts[@]}" update >"$apt_dir/update.log" 2>&1 ||
  die "apt-get update of suite $suite from $mirror failed, see $apt_dir/update.log"

debs=$apt_dir/debs
rm -rf "$debs"
mkdir -p "$debs"
download() {
  (cd "$debs" && timeout 600 apt-get "${apt_opts[@]}" download "$@" >>"$apt_dir/download.log" 2>&1) ||
    die "apt-get download $* from $suite failed, see $apt_dir/download.log"
}
: >"$apt_dir/download.log"
download wordpress
wp_deb=$(echo "$debs"/wordpress_*.deb)
[[ -f $wp_deb ]] || die "no wordpress .deb after apt-get download, see $apt_dir/download.log"
deb_version=$(dpkg-deb -f "$wp_deb" Version)
[[ "$deb_version" == "$version".* ]] ||
  die "Debian's $suite suite now has wordpress $deb_version, not $version.x: the project's versions need updating"

# The PHP libraries Debian unbundled (php-getid3, libphp-*; not PHP extensions such as
# php-gd), with their version constraints: "name (op version)" per line.
deps=$(dpkg-deb -f "$wp_deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ *$//' |
  grep -E '^(php-getid3|libphp-[a-z0-9.+-]+)( |$)' || true)
libs=$(awk '{print $1}' <<<"$deps" | sort -u)
if [[ -n $libs ]]; then
  # shellcheck disable=SC2086 # one word per package
  download $libs
fi
while read -r name op want; do
  [[ -n $name && -n $op ]] || continue
  op=${op#(} want=${want%)}
  constraint="$name ($op $want)"
  deb=$(echo "$debs/${name}"_*.deb)
  [[ -f $deb ]] || die "no $name .deb after apt-get download"
  have=$(dpkg-deb -f "$deb" Version)
  case "$op" in '>=') op=ge ;; '<=') op=le ;; '>>') op=gt ;; '<<') op=lt ;; '=') op=eq ;; esac
  dpkg --compare-versions "$have" "$op" "$want" ||
    die "$suite's $name is $have, but its wordpress needs $constraint"
done <<<"$deps"

rm -rf "$tree"
mkdir -p "$tree"
for deb in "$debs"/*.deb; do
  dpkg-deb -x "$deb" "$tree" || die "dpkg-deb -x $deb failed"
done

got=$(full_version "$root")
[[ "$got" == "$version".* ]] ||
  die "Debian's $suite suite now has WordPress '$got', not $version.x: the project's versions need updating"

# Every PHP file WordPress loads must resolve (links to JavaScript libraries are used by
# wp-admin only, which the REST API never loads).
broken=$(cd "$root" && find . -xtype l ! -name '*.js' ! -name '*.css' ! -name '*.gif' ! -name '*.png' ! -name '.htaccess' ! -name 'ca-bundle.crt')
[[ -z "$broken" ]] || die "links in the WordPress $got tree that do not resolve: $broken"

touch "$tree/.complete"
echo "tree.sh: WordPress $got in $root" >&2
echo "$root"
