#!/usr/bin/env bash
# Print the WordPress document root for a version (6.1, 6.8 or 7.1), fetching it first
# when needed. 6.1 is bookworm's installed `wordpress` package (install.sh). The newer
# versions come from Debian's own archive, beside it and never over it: `wordpress`
# 6.8.x is in the suite trixie and 7.1.x in sid. apt is pointed at that suite with
# private state and cache directories, the packages are fetched with `apt-get
# download` and unpacked with `dpkg-deb -x` into /var/cache/wpmock-wordpress/<version>.
# Debian replaces the libraries WordPress bundles with links to its own packages;
# 6.8 needs php-getid3 >= 1.9.23, 7.1 php-getid3 >= 1.9.27 and libphp-phpmailer >= 7.1.1,
# newer than bookworm's, so they come from the same suite, unpacked into the same tree,
# where WordPress's relative links (wp-includes/ID3 -> ../../../php/getid3) resolve.
# Idempotent: a complete tree is reused.
set -euo pipefail

version=${1:-${WP_VERSION:-6.1}}
cache=${WP_TREE_CACHE:-/var/cache/wpmock-wordpress}

die() {
  echo "tree.sh: $*" >&2
  exit 1
}

case "$version" in
6.1)
  root=/usr/share/wordpress
  [[ -f $root/wp-includes/version.php ]] || die "WordPress 6.1 is not installed (run ci/wordpress/install.sh)"
  echo "$root"
  exit 0
  ;;
6.8) suite=trixie packages=(wordpress php-getid3 libphp-phpmailer) ;;
7.1) suite=sid packages=(wordpress php-getid3 libphp-phpmailer) ;;
*) die "unknown WordPress version '$version' (known: 6.1 6.8 7.1)" ;;
esac

tree=$cache/$version
root=$tree/usr/share/wordpress

# full_version ROOT: $wp_version of the tree.
full_version() { sed -n "s/^\$wp_version = '\(.*\)';/\1/p" "$1/wp-includes/version.php" 2>/dev/null; }

if [[ -f $tree/.complete && "$(full_version "$root")" == "$version".* ]]; then
  echo "$root"
  exit 0
fi

((EUID == 0)) || die "need root to fetch WordPress $version into $cache"
echo "tree.sh: fetching WordPress $version from Debian's $suite suite" >&2

apt_dir=$cache/apt-$suite
mkdir -p "$apt_dir"/{lists/partial,archives/partial,etc}
: >"$apt_dir/status"
# The same mirror and keyring bookworm uses, another suite.
mirror=$(sed -n 's/^URIs: *//p; s/^deb \(\[[^]]*\] \)\{0,1\}\(http[^ ]*\) bookworm .*/\2/p' \
  /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | grep -m1 -v security || true)
mirror=${mirror:-http://deb.debian.org/debian}
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" >"$apt_dir/etc/sources.list"
apt_opts=(-q -o "Dir::State=$apt_dir" -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::State::status=$apt_dir/status"
  -o "Dir::Cache=$apt_dir" -o "Dir::Cache::archives=$apt_dir/archives" -o "Dir::Etc::SourceList=$apt_dir/etc/sources.list"
  -o "Dir::Etc::SourceParts=/nonexistent" -o "APT::Sandbox::User=root")

timeout 600 apt-get "${apt_opts[@]}" update >"$apt_dir/update.log" 2>&1 ||
  die "apt-get update of suite $suite failed, see $apt_dir/update.log"

debs=$apt_dir/debs
rm -rf "$debs"
mkdir -p "$debs"
(cd "$debs" && timeout 600 apt-get "${apt_opts[@]}" download "${packages[@]}" >"$apt_dir/download.log" 2>&1) ||
  die "apt-get download ${packages[*]} from $suite failed, see $apt_dir/download.log"

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
