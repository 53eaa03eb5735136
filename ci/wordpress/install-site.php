<?php
// Run by ci/wordpress/up.sh with php-cli (there is no wp-cli in Debian):
// installs a fresh WordPress site into the (empty) database and creates an
// application password for "admin". Prints WPMOCK_APP_PASSWORD=<chunked> on stdout.
// Env: WPMOCK_WP_ROOT (the WordPress tree, default /usr/share/wordpress), WPMOCK_WP_CONFIG,
// WPMOCK_HOST (127.0.0.1:8081), WPMOCK_ADMIN_PASSWORD.
ini_set('display_errors', 'stderr');

$wpmock_host = getenv('WPMOCK_HOST') ?: '127.0.0.1:8081';
$_SERVER['WORDPRESS_CONFIG'] = getenv('WPMOCK_WP_CONFIG') ?: 'wpmock-8081';
$_SERVER['HTTP_HOST'] = $wpmock_host;
$_SERVER['SERVER_NAME'] = preg_replace('/:.*/', '', $wpmock_host);
$_SERVER['SERVER_PORT'] = (string) (parse_url('http://' . $wpmock_host, PHP_URL_PORT) ?: 80);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';

define('WP_INSTALLING', true);

// Pluggable: do not try to send the "new site" e-mail (no MTA here).
function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password) {}

require (getenv('WPMOCK_WP_ROOT') ?: '/usr/share/wordpress') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

if (is_blog_installed()) {
    fwrite(STDERR, "install-site.php: database already contains a WordPress site\n");
    exit(1);
}

$result = wp_install('wpmock reference', 'admin', 'admin@example.com', true, '',
    getenv('WPMOCK_ADMIN_PASSWORD') ?: 'wpmock-admin', '');
$user_id = (int) $result['user_id'];
if ($user_id !== 1) {
    fwrite(STDERR, "install-site.php: unexpected admin user id $user_id\n");
    exit(1);
}

// The time zone: UTC, or the one WPMOCK_TIMEZONE names (ci/wordpress/versions).
update_option('timezone_string', getenv('WPMOCK_TIMEZONE') ?: '');
update_option('gmt_offset', 0);

// Pretty permalinks (/%postname%/, or WPMOCK_PERMALINKS), flushed after the must-use
// plugin (site/wpmock-site.php) registered the declared post types and taxonomies on init,
// so that their rewrite slugs are in the rules; they are regenerated on the first request.
global $wp_rewrite;
$wp_rewrite->set_permalink_structure(getenv('WPMOCK_PERMALINKS') ?: '/%postname%/');
$wp_rewrite->flush_rules(false);
delete_option('rewrite_rules');

$app = WP_Application_Passwords::create_new_application_password($user_id, ['name' => 'wpmock']);
if (is_wp_error($app)) {
    fwrite(STDERR, 'install-site.php: ' . $app->get_error_message() . "\n");
    exit(1);
}
echo 'WPMOCK_APP_PASSWORD=' . WP_Application_Passwords::chunk_password($app[0]) . "\n";
