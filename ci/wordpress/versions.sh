# Sourced by up.sh, down.sh, smoke.sh, tree.sh and conformance.sh: the WordPress versions
# the project runs (./versions) and where each one lives. Sets $version from $WP_VERSION (default 6.1).
# shellcheck shell=bash

# wp_field VERSION N: field N of the version's line in ./versions (2: its Debian suite,
# 3: its port, 4: its permalink structure, 5: its time zone, 6: its declarations file;
# empty or "-": the default).
wp_field() { awk -v v="$1" -v n="$2" '!/^#/ && $1 == v && $n != "-" { print $n }' "$(dirname "${BASH_SOURCE[0]}")/versions"; }
wp_versions=$(awk '!/^#/ && NF { printf "%s%s", sep, $1; sep = " " }' "$(dirname "${BASH_SOURCE[0]}")/versions")
version=${WP_VERSION:-6.1}
case " $wp_versions " in
*" $version "*) ;;
*)
  echo "${0##*/}: unknown WP_VERSION '$version' (known: $wp_versions)" >&2
  exit 1
  ;;
esac

# wp_default_port VERSION: the port of its line in ./versions (6.1 -> 8081, ...).
wp_default_port() { wp_field "$1" 3; }

# wp_permalinks VERSION, wp_timezone VERSION: the site's permalink structure (default
# /%postname%/) and time zone (default: UTC, "").
wp_permalinks() { local s; s=$(wp_field "$1" 4); echo "${s:-/%postname%/}"; }
wp_timezone() { wp_field "$1" 5; }

# wp_declarations VERSION: the absolute path of the declarations file (a dataset's
# "register" section: custom post types, taxonomies, meta, REST fields) the site's
# must-use plugin (site/wpmock-site.php) registers, from column 6, relative to this
# directory; empty (the default): none, a vanilla site.
wp_declarations() {
  local f
  f=$(wp_field "$1" 6)
  [[ -n "$f" ]] || return 0
  [[ "$f" == /* ]] || f="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$f"
  echo "$f"
}

# wp_default_state VERSION: ci/wordpress/.run for 6.1 (where the Makefile and
# ci/compare look by default), .run-<version> for the others.
wp_default_state() {
  local here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  if [[ "$1" == 6.1 ]]; then echo "$here/.run"; else echo "$here/.run-$1"; fi
}
