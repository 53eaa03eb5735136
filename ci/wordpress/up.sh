#!/usr/bin/env bash
# Start a fresh reference WordPress ($WP_VERSION: 6.1, the default, 6.8 or 7.1; Debian's
# packages, see tree.sh) on loopback: private MariaDB (unix socket only) +
# `php -S 127.0.0.1:$WP_PORT`. Each version has its own port, state dir, database and
# config, so all three can run at once. Idempotent: stops whatever the state dir's pid
# files name, then starts over with a newly created database. Writes $WP_STATE_DIR/env
# (shell-sourceable). WP_REUSE=1 keeps the state dir's MariaDB and php -S when both run
# (a site installed afresh into a new database, with WP_DECLARATIONS' declarations, in a
# couple of seconds: ci/gensite installs one generated site after another this way).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=versions.sh
. "$here/versions.sh"
port=${WP_PORT:-$(wp_default_port "$version")}
permalinks=${WP_PERMALINKS:-$(wp_permalinks "$version")}
timezone=${WP_TIMEZONE-$(wp_timezone "$version")}
# The declarations the must-use plugin registers (ci/wordpress/versions' sixth column, or
# WP_DECLARATIONS, relative to ci/wordpress; "-" or empty: none).
if [[ -n "${WP_DECLARATIONS+set}" ]]; then
  declarations=$WP_DECLARATIONS
  [[ "$declarations" == - ]] && declarations=
  [[ -z "$declarations" || "$declarations" == /* ]] || declarations="$here/$declarations"
else
  declarations=$(wp_declarations "$version")
fi
state=${WP_STATE_DIR:-$(wp_default_state "$version")}
mkdir -p "$state"
state=$(cd "$state" && pwd)

base_url="http://127.0.0.1:$port"
wp_config_name="wpmock-$port"
wp_config_file="/etc/wordpress/config-$wp_config_name.php"
db_name=wpmock db_user=wpmock db_password=wpmock
admin_password=wpmock-admin
datadir=$state/mysql
sock=$state/mysql.sock
content_dir=$state/wp-content

# is_running PID: the process exists and is not a zombie.
is_running() {
  local st
  st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n "$st" && "$st" != Z ]]
}

die() {
  echo "up.sh: $*" >&2
  exit 1
}

[[ "$port" =~ ^[0-9]+$ ]] || die "WP_PORT must be a number, got '$port'"
[[ -z "$declarations" || -r "$declarations" ]] || die "no declarations file $declarations"
((${#sock} < 100)) || die "socket path too long for a unix socket: $sock (set WP_STATE_DIR to a shorter path)"

# WP_REUSE=1: both servers of this state dir run already (same version and port)
reuse=
if [[ "${WP_REUSE:-}" == 1 ]] && is_running "$(cat "$state/mariadb.pid" 2>/dev/null)" &&
  is_running "$(cat "$state/php.pid" 2>/dev/null)" && grep -qx "WP_VERSION=$version" "$state/env" 2>/dev/null &&
  grep -qx "WP_BASE_URL=$base_url" "$state/env"; then
  reuse=1
fi

if [[ -z "$reuse" ]]; then
  bash "$here/install.sh" || die "package installation failed (see above)"
fi
wp_root=$(bash "$here/tree.sh" "$version") || die "no WordPress $version tree (see above)"

if [[ -z "$reuse" ]]; then
# Restart cleanly: stop what our pid files name.
WP_STATE_DIR=$state bash "$here/down.sh"

if curl -s -o /dev/null --max-time 2 "$base_url/"; then
  die "something else already answers on $base_url (not started by us); set WP_PORT"
fi

root_opt=()
if ((EUID == 0)); then root_opt=(--user=root); fi

# --- private MariaDB -------------------------------------------------------
# Its own temporary directory: two versions installed at once (GENSITE_PARALLEL) once failed
# with their bootstraps' temporary tables both in /tmp ("Could not remove temporary table").
tmpdir="$state/tmp"
mkdir -p "$tmpdir"
if [[ ! -d "$datadir/mysql" ]]; then
  rm -rf "$datadir"
  mkdir -p "$datadir"
  mariadb-install-db --no-defaults --datadir="$datadir" --tmpdir="$tmpdir" "${root_opt[@]}" \
    --auth-root-authentication-method=socket --skip-test-db \
    >"$state/mariadb-install-db.log" 2>&1 ||
    die "mariadb-install-db failed, see $state/mariadb-install-db.log"
fi

: >"$state/mariadb.log"
setsid mariadbd --no-defaults "${root_opt[@]}" \
  --datadir="$datadir" --tmpdir="$tmpdir" --socket="$sock" --pid-file="$state/mariadb.pid" \
  --skip-networking --log-error="$state/mariadb.log" \
  --lc-messages-dir=/usr/share/mysql \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
  --innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=2 \
  </dev/null >>"$state/mariadb.log" 2>&1 &
echo $! >"$state/mariadb.pid"
db_pid=$!

for ((i = 0; ; i++)); do
  if mariadb-admin --no-defaults --socket="$sock" -uroot --connect-timeout=2 ping >/dev/null 2>&1; then
    break
  fi
  is_running "$db_pid" || die "mariadbd exited; last log lines:
$(tail -n 20 "$state/mariadb.log")"
  ((i < 600)) || die "mariadbd did not answer within 60 s, see $state/mariadb.log"
  sleep 0.1
done
fi

mariadb --no-defaults --socket="$sock" -uroot <<SQL || die "could not (re)create database $db_name"
DROP DATABASE IF EXISTS \`$db_name\`;
CREATE DATABASE \`$db_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$db_user'@'localhost' IDENTIFIED BY '$db_password';
GRANT ALL PRIVILEGES ON \`$db_name\`.* TO '$db_user'@'localhost';
SQL

# --- WordPress configuration --------------------------------------------
# Debian's /usr/share/wordpress/wp-config.php loads
# /etc/wordpress/config-$_SERVER[WORDPRESS_CONFIG].php (else config-<HTTP_HOST>.php);
# router.php and install-site.php set WORDPRESS_CONFIG=wpmock-<port>.
rm -rf "$content_dir"
mkdir -p "$content_dir/themes" "$content_dir/plugins" "$content_dir/uploads" "$content_dir/languages" \
  "$content_dir/mu-plugins"
# The project's must-use plugin, on every site: it registers the declarations file that
# WPMOCK_DECLARATIONS names (below), and nothing when none is named.
ln -s "$here/site/wpmock-site.php" "$content_dir/mu-plugins/wpmock-site.php"
# bookworm's twentytwentythree (install.sh) for every version: the REST answers checked
# do not depend on the theme, and one theme keeps the versions comparable.
ln -s /usr/share/wordpress/wp-content/themes/twentytwentythree "$content_dir/themes/twentytwentythree"

mkdir -p /etc/wordpress
cat >"$wp_config_file" <<PHP
<?php
// Written by $here/up.sh on every "up" (wpmock reference WordPress on $base_url).
// Selected by \$_SERVER['WORDPRESS_CONFIG'] = '$wp_config_name', which ci/wordpress/router.php
// and install-site.php set; see /usr/share/wordpress/wp-config.php. Safe to delete.
define('DB_NAME', '$db_name');
define('DB_USER', '$db_user');
define('DB_PASSWORD', '$db_password');
define('DB_HOST', 'localhost:$sock');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
\$table_prefix = 'wp_';
define('WP_HOME', '$base_url');
define('WP_SITEURL', '$base_url');
define('WP_CONTENT_DIR', '$content_dir');
define('WP_CONTENT_URL', '$base_url/wp-content');
define('WP_ENVIRONMENT_TYPE', 'local'); // application passwords over plain http
define('WP_DEBUG', false);
define('WP_DEBUG_DISPLAY', false);      // notices must never break JSON
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true); // never try the internet
define('AUTH_KEY', 'wpmock-local-auth-key');
define('SECURE_AUTH_KEY', 'wpmock-local-secure-auth-key');
define('LOGGED_IN_KEY', 'wpmock-local-logged-in-key');
define('NONCE_KEY', 'wpmock-local-nonce-key');
define('AUTH_SALT', 'wpmock-local-auth-salt');
define('SECURE_AUTH_SALT', 'wpmock-local-secure-auth-salt');
define('LOGGED_IN_SALT', 'wpmock-local-logged-in-salt');
define('NONCE_SALT', 'wpmock-local-nonce-salt');
PHP
if [[ -n "$declarations" ]]; then
  # read by the must-use plugin, ci/wordpress/site/wpmock-site.php
  echo "define('WPMOCK_DECLARATIONS', '$declarations');" >>"$wp_config_file"
fi

# opcache.revalidate_freq=0: the server checks a PHP file's time on every request, so a site
# made again under a running server (WP_REUSE: a new config and must-use plugins at the same
# paths) is served by its own files at once, not by the ones compiled less than 2 s before
php_ini=(-d display_errors=0 -d log_errors=1 -d "error_log=$state/php-error.log"
  -d upload_max_filesize=32M -d post_max_size=32M -d memory_limit=256M -d opcache.revalidate_freq=0)

# --- install the site --------------------------------------------------------
install_out=$(WPMOCK_WP_ROOT=$wp_root WPMOCK_WP_CONFIG=$wp_config_name WPMOCK_HOST="127.0.0.1:$port" \
  WPMOCK_ADMIN_PASSWORD=$admin_password WPMOCK_PERMALINKS=$permalinks WPMOCK_TIMEZONE=$timezone \
  timeout 120 php "${php_ini[@]}" "$here/install-site.php" 2>"$state/install-site.log") ||
  die "WordPress install failed, see $state/install-site.log"
app_password=$(sed -n 's/^WPMOCK_APP_PASSWORD=//p' <<<"$install_out")
[[ "$app_password" =~ ^[A-Za-z0-9\ ]+$ ]] || die "no application password from install-site.php: $install_out"

# --- serve it ---------------------------------------------------------------
if [[ -z "$reuse" ]]; then
WPMOCK_WP_CONFIG=$wp_config_name WPMOCK_WP_CONTENT_DIR=$content_dir \
  PHP_CLI_SERVER_WORKERS=${PHP_CLI_SERVER_WORKERS:-4} \
  setsid php -S "127.0.0.1:$port" -t "$wp_root" "${php_ini[@]}" "$here/router.php" \
  </dev/null >"$state/php.log" 2>&1 &
php_pid=$!
echo "$php_pid" >"$state/php.pid"
else
  php_pid=$(cat "$state/php.pid")
fi

for ((i = 0; ; i++)); do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$base_url/wp-json/" || true)
  [[ "$code" == 200 ]] && break
  is_running "$php_pid" || die "php -S exited; last log lines:
$(tail -n 20 "$state/php.log")"
  ((i < 300)) || die "GET $base_url/wp-json/ did not answer 200 within 60 s (last: $code), see $state/php.log"
  sleep 0.2
done

full_version=$(sed -n "s/^\$wp_version = '\(.*\)';/\1/p" "$wp_root/wp-includes/version.php")
cat >"$state/env" <<ENV
WP_VERSION=$version
WP_VERSION_FULL=$full_version
WP_BASE_URL=$base_url
WPCONTRACT_URL=$base_url/wp-json
WPCONTRACT_USER=admin
WPCONTRACT_PASSWORD='$app_password'
WP_PERMALINKS='$permalinks'
WP_TIMEZONE='$timezone'
WPMOCK_DECLARATIONS='$declarations'
export WP_VERSION WP_VERSION_FULL WP_BASE_URL WPCONTRACT_URL WPCONTRACT_USER WPCONTRACT_PASSWORD WP_PERMALINKS WP_TIMEZONE WPMOCK_DECLARATIONS
ENV

cat <<SUMMARY
WordPress $full_version is up.
  REST root:            $base_url/wp-json/
  permalinks, zone:     $permalinks ${timezone:-UTC}
  declarations:         ${declarations:-none (a vanilla site)}
  user:                 admin (login password: $admin_password)
  application password: $app_password
  env file:             $state/env   (source it)
  stop with:            WP_VERSION=$version${WP_STATE_DIR:+ WP_STATE_DIR=$state} bash $here/down.sh
SUMMARY
