<?php
// Router for PHP's built-in server (php -S ... -t /usr/share/wordpress router.php),
// started by ci/wordpress/up.sh. It gives WordPress "pretty permalinks":
//  - selects the site config /etc/wordpress/config-$WORDPRESS_CONFIG.php
//    (Debian's /usr/share/wordpress/wp-config.php honours $_SERVER['WORDPRESS_CONFIG']);
//  - /wp-content/... is served from the private WP_CONTENT_DIR (uploads, theme assets);
//  - files that exist under the document root are served as-is (return false);
//  - everything else (e.g. /wp-json/wp/v2/posts, /hello-world/) goes to index.php.
$_SERVER['WORDPRESS_CONFIG'] = getenv('WPMOCK_WP_CONFIG') ?: 'wpmock-' . $_SERVER['SERVER_PORT'];

$wpmock_path = rawurldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$wpmock_root = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$wpmock_content = getenv('WPMOCK_WP_CONTENT_DIR');

if ($wpmock_content && strpos($wpmock_path, '/wp-content/') === 0 && strpos($wpmock_path, '..') === false) {
    $wpmock_file = $wpmock_content . substr($wpmock_path, strlen('/wp-content'));
    if (is_file($wpmock_file) && !preg_match('/\.php$/i', $wpmock_file)) {
        $wpmock_types = [
            'css' => 'text/css', 'js' => 'application/javascript', 'json' => 'application/json',
            'svg' => 'image/svg+xml', 'woff2' => 'font/woff2', 'txt' => 'text/plain',
        ];
        $wpmock_ext = strtolower(pathinfo($wpmock_file, PATHINFO_EXTENSION));
        header('Content-Type: ' . ($wpmock_types[$wpmock_ext] ?? (mime_content_type($wpmock_file) ?: 'application/octet-stream')));
        header('Content-Length: ' . filesize($wpmock_file));
        if ($_SERVER['REQUEST_METHOD'] !== 'HEAD') {
            readfile($wpmock_file);
        }
        return true;
    }
}

if ($wpmock_path !== '/' && strpos($wpmock_path, '..') === false
    && (is_file($wpmock_root . $wpmock_path) || is_file($wpmock_root . rtrim($wpmock_path, '/') . '/index.php'))) {
    return false; // static file, wp-login.php, /wp-admin/ ...: let php -S serve it
}

$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $wpmock_root . '/index.php';
unset($_SERVER['PATH_INFO'], $_SERVER['ORIG_PATH_INFO']);
chdir($wpmock_root);
unset($wpmock_path, $wpmock_content, $wpmock_file, $wpmock_types, $wpmock_ext);
require $wpmock_root . '/index.php';
