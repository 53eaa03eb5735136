# Sourced by up.sh, down.sh and smoke.sh: the WordPress versions the project runs and
# where each one lives. Sets $version from $WP_VERSION (default 6.1).
# shellcheck shell=bash

wp_versions="6.1 6.8 7.1"
version=${WP_VERSION:-6.1}
case " $wp_versions " in
*" $version "*) ;;
*)
  echo "${0##*/}: unknown WP_VERSION '$version' (known: $wp_versions)" >&2
  exit 1
  ;;
esac

# wp_default_port VERSION: 6.1 -> 8081, 6.8 -> 8082, 7.1 -> 8083.
wp_default_port() {
  case "$1" in
  6.1) echo 8081 ;;
  6.8) echo 8082 ;;
  7.1) echo 8083 ;;
  esac
}

# wp_default_state VERSION: ci/wordpress/.run for 6.1 (where the Makefile and
# ci/compare look by default), .run-<version> for the others.
wp_default_state() {
  local here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  if [[ "$1" == 6.1 ]]; then echo "$here/.run"; else echo "$here/.run-$1"; fi
}
