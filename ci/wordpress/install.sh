#!/usr/bin/env bash
# Install the Debian packages needed to run a real WordPress 6.1 locally
# (Debian bookworm: wordpress 6.1.9+dfsg1). Idempotent: returns at once when
# everything is already installed. Never starts system services: a temporary
# /usr/sbin/policy-rc.d (exit 101) blocks the packages' init scripts
# (mariadb, apache2 pulled in by wordpress's "apache2 | httpd" dependency).
set -euo pipefail

PACKAGES=(
  wordpress                          # 6.1.x, files in /usr/share/wordpress
  wordpress-theme-twentytwentythree  # default theme of a stock 6.1 install
  mariadb-server                     # mariadbd + mariadb-install-db
  mariadb-client
  php-cli                            # php -S built-in server, install script
  php-mysql
  php-gd
  php-xml
  php-mbstring
  php-curl
  php-intl
  curl
)

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ "$status" == installed ]] || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

if ((EUID != 0)); then
  echo "install.sh: need root to install: ${missing[*]}" >&2
  exit 1
fi

echo "install.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive

policy=/usr/sbin/policy-rc.d
created_policy=0
if [[ ! -e "$policy" ]]; then
  printf '#!/bin/sh\n# temporary, written by ci/wordpress/install.sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  created_policy=1
fi
cleanup() { if ((created_policy)); then rm -f "$policy"; fi; }
trap cleanup EXIT

apt_opts=(-y -q --no-install-recommends -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)

# Refresh the lists only if a package is unknown (no candidate).
for p in "${missing[@]}"; do
  if ! apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [^(]'; then
    timeout 600 apt-get update -q >&2 || { echo "install.sh: apt-get update failed" >&2; exit 1; }
    break
  fi
done

if ! timeout 900 apt-get install "${apt_opts[@]}" "${missing[@]}" </dev/null >&2; then
  # Find out which package is the problem.
  for p in "${missing[@]}"; do
    if ! timeout 600 apt-get install -s "${apt_opts[@]}" "$p" </dev/null >/dev/null 2>&1; then
      echo "install.sh: could not install Debian package '$p'" >&2
      exit 1
    fi
  done
  echo "install.sh: apt-get install failed (or timed out) for: ${missing[*]}" >&2
  exit 1
fi

for p in "${missing[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  if [[ "$status" != installed ]]; then
    echo "install.sh: Debian package '$p' is not installed after apt-get" >&2
    exit 1
  fi
done
echo "install.sh: done" >&2
