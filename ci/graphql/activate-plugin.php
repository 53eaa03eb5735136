<?php
// Run by ci/graphql/up.sh with php-cli after ci/wordpress/up.sh: activates WPGraphQL
// (linked into the site's wp-content/plugins by up.sh) as the Plugins screen would, with
// its activation hook, and leaves WPGraphQL's settings at their defaults (public
// introspection off, batching on with a limit of 10, query depth limit off, debug off), as a
// site that installs the plugin has them.
// Env: WPMOCK_WP_ROOT (the WordPress tree), WPMOCK_WP_CONFIG, WPMOCK_HOST.
ini_set('display_errors', 'stderr');

$wpmock_host = getenv('WPMOCK_HOST') ?: '127.0.0.1:8081';
$_SERVER['WORDPRESS_CONFIG'] = getenv('WPMOCK_WP_CONFIG') ?: 'wpmock-8081';
$_SERVER['HTTP_HOST'] = $wpmock_host;
$_SERVER['SERVER_NAME'] = preg_replace('/:.*/', '', $wpmock_host);
$_SERVER['SERVER_PORT'] = (string) (parse_url('http://' . $wpmock_host, PHP_URL_PORT) ?: 80);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';

require (getenv('WPMOCK_WP_ROOT') ?: '/usr/share/wordpress') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$wpmock_plugin = 'wp-graphql/wp-graphql.php';
$wpmock_result = activate_plugin($wpmock_plugin);
if (is_wp_error($wpmock_result)) {
    fwrite(STDERR, 'activate-plugin.php: ' . $wpmock_result->get_error_message() . "\n");
    exit(1);
}
if (!is_plugin_active($wpmock_plugin)) {
    fwrite(STDERR, "activate-plugin.php: $wpmock_plugin is not active after activation\n");
    exit(1);
}
// The activation hook flushed the rules of this process, which loaded the plugin only
// now: drop them, so that the first request builds them with the plugin's /graphql rule.
delete_option('rewrite_rules');
echo "activate-plugin.php: $wpmock_plugin active\n";
