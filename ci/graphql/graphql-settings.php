<?php
// Run by ci/graphql/capture.sh with php-cli: sets WPGraphQL's settings (the option
// graphql_general_settings that its Settings screen writes) for the "settings" captures,
// or back to the defaults with "reset". Args: reset | NAME=VALUE...
// Env: WPMOCK_WP_ROOT, WPMOCK_WP_CONFIG, WPMOCK_HOST (as activate-plugin.php).
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

$wpmock_args = array_slice($argv, 1);
if ($wpmock_args === ['reset']) {
    delete_option('graphql_general_settings');
    echo "graphql-settings.php: WPGraphQL's defaults\n";
    exit(0);
}
$wpmock_settings = get_option('graphql_general_settings', []);
if (!is_array($wpmock_settings)) {
    $wpmock_settings = [];
}
foreach ($wpmock_args as $wpmock_arg) {
    [$wpmock_name, $wpmock_value] = explode('=', $wpmock_arg, 2);
    $wpmock_settings[$wpmock_name] = $wpmock_value;
}
update_option('graphql_general_settings', $wpmock_settings);
echo 'graphql-settings.php: ' . json_encode($wpmock_settings) . "\n";
