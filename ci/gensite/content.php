<?php
// The content runner of ci/gensite (embedded into each generated content.php after the
// seed's $wpmock_plan): creates the plan's terms, users, items, comments, menus and
// settings values on the site, through WordPress's own functions, run with php-cli
// (there is no wp-cli in Debian) the way ci/wordpress/install-site.php is:
//   WPMOCK_WP_ROOT=<tree> WPMOCK_WP_CONFIG=wpmock-<port> WPMOCK_HOST=127.0.0.1:<port> php content.php
// The site must load the project's must-use plugin with the same site's site.json
// (WPMOCK_DECLARATIONS): it registers the types, statuses and roles the content uses,
// and writes the site's options (wpmock_site_apply_options) from that one file.
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
require_once ABSPATH . 'wp-admin/includes/image.php';

function wpmock_content_fail($what) {
    fwrite(STDERR, "content.php: $what\n");
    exit(1);
}

if (!is_array($wpmock_plan)) {
    wpmock_content_fail('the plan does not decode');
}
if (!function_exists('wpmock_site_apply_options') || wpmock_site_declarations() === null) {
    wpmock_content_fail('the site does not load wpmock-site.php with declarations (WPMOCK_DECLARATIONS)');
}
wp_set_current_user(1);

/** Adds meta rows ([key, value] pairs; a key twice is a multiple key's two rows) and REST field values. */
function wpmock_content_meta($type, $id, array $rows, array $fields) {
    foreach ($rows as [$key, $value]) {
        // add_metadata unslashes what it is given
        if (!add_metadata($type, $id, $key, wp_slash($value))) {
            wpmock_content_fail("$type $id: meta $key not added");
        }
    }
    foreach ($fields as $attribute => $value) {
        wpmock_site_field_store($type, $id, $attribute, $value);
    }
}

/** A small PNG for the attachment (GD, which install.sh installs). */
function wpmock_content_png() {
    $img = imagecreatetruecolor(64, 48);
    for ($x = 0; $x < 64; $x++) {
        imageline($img, $x, 0, $x, 47, imagecolorallocate($img, $x * 4, 120, 255 - $x * 4));
    }
    ob_start();
    imagepng($img);
    return ob_get_clean();
}

// terms first (the options name the default category), then the options (the time zone
// dates the items), users, items, comments, menus, settings
$terms = [];
foreach ($wpmock_plan['terms'] as $t) {
    $parent = $t['parent'] !== '' ? $terms[$t['taxonomy'] . '/' . $t['parent']] : 0;
    $made = wp_insert_term($t['name'], $t['taxonomy'], ['slug' => $t['slug'], 'description' => $t['description'], 'parent' => $parent]);
    if (is_wp_error($made)) {
        wpmock_content_fail("term {$t['slug']}: " . $made->get_error_message());
    }
    $id = (int) $made['term_id'];
    if (!empty($t['id']) && (int) $t['id'] !== $id) {
        // the id the options name (wp_insert_term takes none): moved before anything refers to it
        $wpdb->update($wpdb->terms, ['term_id' => (int) $t['id']], ['term_id' => $id]);
        $wpdb->update($wpdb->term_taxonomy, ['term_id' => (int) $t['id']], ['term_id' => $id]);
        clean_term_cache($id, $t['taxonomy']);
        $id = (int) $t['id'];
    }
    $terms[$t['taxonomy'] . '/' . $t['slug']] = $id;
    wpmock_content_meta('term', $id, $t['meta'], $t['fields']);
}

wpmock_site_apply_options();

$users = ['admin' => 1];
foreach ($wpmock_plan['users'] as $u) {
    $id = wp_insert_user(wp_slash(['user_login' => $u['login'], 'user_pass' => 'gen-' . $u['login'], 'user_email' => $u['email'],
        'display_name' => $u['name'], 'nickname' => $u['name'], 'description' => $u['description'], 'role' => $u['role']]));
    if (is_wp_error($id)) {
        wpmock_content_fail("user {$u['login']}: " . $id->get_error_message());
    }
    $users[$u['login']] = $id;
    wpmock_content_meta('user', $id, $u['meta'], $u['fields']);
}

$items = [];
foreach ($wpmock_plan['items'] as $it) {
    $key = $it['type'] . '/' . $it['slug'];
    $args = ['post_type' => $it['type'], 'post_name' => $it['slug'], 'post_title' => $it['title'],
        'post_status' => $it['status'], 'post_date' => $it['date'], 'post_content' => $it['content'],
        'post_excerpt' => $it['excerpt'], 'post_author' => $users[$it['author']],
        'post_parent' => $it['parent'] !== '' ? $items[$it['type'] . '/' . $it['parent']] : 0,
        'menu_order' => $it['menu_order'], 'post_password' => $it['password']];
    if (!empty($it['import_id'])) {
        $args['import_id'] = $it['import_id'];
    }
    if ($it['type'] === 'attachment') {
        $upload = wp_upload_bits($it['slug'] . '.png', null, wpmock_content_png());
        if (!empty($upload['error'])) {
            wpmock_content_fail('upload: ' . $upload['error']);
        }
        $args['post_mime_type'] = 'image/png';
        $id = wp_insert_attachment(wp_slash($args), $upload['file'], 0, true);
        if (!is_wp_error($id)) {
            wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $upload['file']));
        }
    } else {
        $id = wp_insert_post(wp_slash($args), true);
    }
    if (is_wp_error($id)) {
        wpmock_content_fail("$key: " . $id->get_error_message());
    }
    if (!empty($it['import_id']) && $id !== $it['import_id']) {
        wpmock_content_fail("$key: id $id, want {$it['import_id']}");
    }
    $items[$key] = $id;
    foreach ($it['terms'] as $taxonomy => $slugs) {
        $ids = array_map(function ($slug) use ($terms, $taxonomy) { return $terms[$taxonomy . '/' . $slug]; }, $slugs);
        $set = wp_set_object_terms($id, $ids, $taxonomy);
        if (is_wp_error($set)) {
            wpmock_content_fail("$key: terms of $taxonomy: " . $set->get_error_message());
        }
    }
    wpmock_content_meta('post', $id, $it['meta'], $it['fields']);
}

$comments = [];
foreach ($wpmock_plan['comments'] as $c) {
    $id = wp_insert_comment(wp_slash(['comment_post_ID' => $items[$c['post_type'] . '/' . $c['post']],
        'comment_content' => $c['content'], 'comment_author' => $c['author_name'], 'comment_author_email' => $c['author_email'],
        'comment_approved' => $c['approved'], 'comment_parent' => $c['parent'] !== '' ? $comments[(int) $c['parent']] : 0,
        'comment_date' => $c['date'], 'comment_type' => 'comment']));
    if (!$id) {
        wpmock_content_fail("comment on {$c['post']} not added");
    }
    $comments[] = $id;
    wpmock_content_meta('comment', $id, $c['meta'], $c['fields']);
}

$locations = [];
foreach ($wpmock_plan['menus'] as $m) {
    $menu = wp_create_nav_menu($m['name']);
    if (is_wp_error($menu)) {
        wpmock_content_fail("menu {$m['name']}: " . $menu->get_error_message());
    }
    foreach ($m['items'] as $entry) {
        $item = ['menu-item-status' => 'publish'];
        switch ($entry['kind']) {
            case 'custom':
                $item += ['menu-item-type' => 'custom', 'menu-item-title' => $entry['title'], 'menu-item-url' => $entry['url']];
                break;
            case 'page':
                $item += ['menu-item-type' => 'post_type', 'menu-item-object' => 'page', 'menu-item-object-id' => $items['page/' . $entry['slug']]];
                break;
            default:
                $item += ['menu-item-type' => 'taxonomy', 'menu-item-object' => $entry['kind'], 'menu-item-object-id' => $terms[$entry['kind'] . '/' . $entry['slug']]];
        }
        $made = wp_update_nav_menu_item($menu, 0, $item);
        if (is_wp_error($made)) {
            wpmock_content_fail("menu {$m['name']}: " . $made->get_error_message());
        }
    }
    $locations[$m['location']] = $menu;
}
if ($locations) {
    set_theme_mod('nav_menu_locations', $locations);
}

foreach ($wpmock_plan['settings'] as $name => $value) {
    update_option($name, $value);
}

printf("content: %d terms, %d users, %d items, %d comments, %d menus, %d settings\n", count($terms), count($users) - 1,
    count($items), count($comments), count($locations), count($wpmock_plan['settings']));
