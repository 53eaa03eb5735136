<?php
/**
 * Plugin Name: wpmock site declarations
 * Description: Registers what a wpmock dataset's "register" section declares (post types, taxonomies, meta, REST fields, post statuses, roles, settings, menu locations, plugin REST routes; ci/wordpress/site/customized.json, or a site ci/gensite generated), so that real WordPress and the mock serve the same declarations.
 *
 * A must-use plugin of the CI sites (ci/wordpress/up.sh installs it in every one). The file it
 * reads is named by the constant or the environment variable WPMOCK_DECLARATIONS (up.sh
 * defines the constant in the site's config when ci/wordpress/versions, or WP_DECLARATIONS,
 * switches a version's declarations on); unset, or the file missing or unreadable, it
 * registers nothing. Works on WordPress 6.1 to 7.1.
 *
 * Everything is passed through as WordPress's own functions take it: the mock reads the
 * same file and must answer the same, so this plugin adds no behaviour the file does not
 * say. The one thing it decides is where a register_rest_field value lives: in the item's
 * meta "_wpmock_field_<attribute>" as JSON (post meta on a post type, term meta on a
 * taxonomy, comment or user meta on those), the stored value read back, else the schema's
 * default, else null. The order is the file's: post types, then taxonomies, then meta,
 * then REST fields, post statuses, roles, settings and menu locations, all on init
 * (priority 10, after core's types and taxonomies); the plugin routes on rest_api_init.
 * The file's "options" (the site's settings) are written once, by whoever seeds the site,
 * through wpmock_site_apply_options().
 */

if (!defined('ABSPATH')) {
    exit;
}

/** The declarations file (a wpmock dataset), decoded once per request, or null (none named, missing, invalid). */
function wpmock_site_dataset() {
    static $data = false;
    if ($data !== false) {
        return $data;
    }
    $data = null;
    $path = defined('WPMOCK_DECLARATIONS') ? WPMOCK_DECLARATIONS : getenv('WPMOCK_DECLARATIONS');
    if (is_string($path) && $path !== '' && is_readable($path)) {
        $decoded = json_decode((string) file_get_contents($path), true);
        if (is_array($decoded)) {
            $data = $decoded;
        }
    }
    return $data;
}

/** The declarations file's "register" section, or null (none named, missing, invalid). */
function wpmock_site_declarations() {
    $data = wpmock_site_dataset();
    if (!is_array($data) || !isset($data['register']) || !is_array($data['register'])) {
        return null;
    }
    return $data['register'];
}

/** The declarations file's "options" (wp_options rows by name), or []. */
function wpmock_site_options() {
    $data = wpmock_site_dataset();
    return is_array($data) && isset($data['options']) && is_array($data['options']) ? $data['options'] : [];
}

/** The meta type a REST field of $object_type keeps its value in (post, term, comment, user). */
function wpmock_site_meta_type($object_type) {
    if (taxonomy_exists($object_type)) {
        return 'term';
    }
    if ($object_type === 'comment' || $object_type === 'user') {
        return $object_type;
    }
    return 'post';
}

/** The id of the object an update_callback receives (WP_Post, WP_Term, WP_Comment, WP_User). */
function wpmock_site_object_id($object) {
    if ($object instanceof WP_Term) {
        return (int) $object->term_id;
    }
    if ($object instanceof WP_Comment) {
        return (int) $object->comment_ID;
    }
    if (is_object($object) && isset($object->ID)) {
        return (int) $object->ID;
    }
    if (is_array($object) && isset($object['id'])) {
        return (int) $object['id'];
    }
    return 0;
}

/**
 * Keeps a REST field's value where the plugin reads it: the object's meta
 * "_wpmock_field_<attribute>", as JSON (the update callback, and content scripts, store
 * through here).
 */
function wpmock_site_field_store($meta_type, $id, $attribute, $value) {
    // update_metadata unslashes its value: slash the JSON so that it is kept as written.
    return update_metadata($meta_type, $id, '_wpmock_field_' . $attribute, wp_slash(wp_json_encode($value)));
}

/**
 * Registers one register_rest_field declaration on each of its object types. It has an
 * update_callback unless its schema is readonly or "update" is false.
 */
function wpmock_site_rest_field(array $field) {
    $attribute = $field['attribute'];
    $schema = isset($field['schema']) && is_array($field['schema']) ? $field['schema'] : null;
    $meta_key = '_wpmock_field_' . $attribute;
    $default = is_array($schema) && array_key_exists('default', $schema) ? $schema['default'] : null;
    $writable = !(is_array($schema) && !empty($schema['readonly'])) && ($field['update'] ?? true) !== false;

    $get = function ($object, $field_name, $request, $object_type) use ($meta_key, $default) {
        $type = wpmock_site_meta_type($object_type);
        $id = isset($object['id']) ? (int) $object['id'] : 0;
        if ($id && metadata_exists($type, $id, $meta_key)) {
            return json_decode((string) get_metadata($type, $id, $meta_key, true), true);
        }
        return $default;
    };
    $update = null;
    if ($writable) {
        $update = function ($value, $object, $field_name, $request, $object_type) use ($attribute) {
            $id = wpmock_site_object_id($object);
            if (!$id) {
                return new WP_Error('wpmock_field_no_object', 'The object to store the field on has no id.', ['status' => 500]);
            }
            wpmock_site_field_store(wpmock_site_meta_type($object_type), $id, $attribute, $value);
            return true;
        };
    }
    register_rest_field($field['object_type'], $attribute, [
        'get_callback' => $get,
        'update_callback' => $update,
        'schema' => $schema,
    ]);
}

/**
 * Adds a role the file declares (add_role), once: roles live in the database
 * (wp_user_roles), so a role already there with the same capabilities is left alone and
 * one with others is replaced. Not while WordPress installs (no tables yet: wp_install's
 * populate_roles writes the option afterwards; the next request adds the role).
 */
function wpmock_site_role(array $role) {
    if (wp_installing()) {
        return;
    }
    $caps = isset($role['capabilities']) && is_array($role['capabilities']) ? $role['capabilities'] : [];
    $existing = get_role($role['role']);
    if ($existing && $existing->capabilities == $caps) {
        return;
    }
    if ($existing) {
        remove_role($role['role']);
    }
    add_role($role['role'], $role['display_name'] ?? $role['role'], $caps);
}

/**
 * Registers one register_rest_route declaration. Its callback answers "returns"; with
 * "echo", "returns" (an object) with {echo: {name: the validated parameter}}. Its
 * permission is "public" (__return_true) or a capability the user must have. "args"
 * pass as WordPress takes them: a type makes WordPress validate and sanitize the
 * argument (rest_parse_request_arg), so a bad one is WordPress's own 400.
 */
function wpmock_site_rest_route(array $route) {
    $returns = $route['returns'] ?? null;
    $echo = isset($route['echo']) && is_array($route['echo']) ? $route['echo'] : [];
    $permission = $route['permission'] ?? 'public';
    register_rest_route($route['namespace'], $route['route'], [
        'methods' => $route['methods'] ?? 'GET',
        'callback' => function (WP_REST_Request $request) use ($returns, $echo) {
            if (!$echo) {
                return rest_ensure_response($returns);
            }
            $answer = is_array($returns) ? $returns : [];
            $echoed = [];
            foreach ($echo as $name) {
                $echoed[$name] = $request->get_param($name);
            }
            $answer['echo'] = $echoed;
            return rest_ensure_response($answer);
        },
        'permission_callback' => $permission === 'public' ? '__return_true' : function () use ($permission) {
            return current_user_can($permission);
        },
        'args' => isset($route['args']) && is_array($route['args']) ? $route['args'] : [],
    ]);
}

/** Registers everything the declarations file's "register" section names. */
function wpmock_site_register() {
    $register = wpmock_site_declarations();
    if ($register === null) {
        return;
    }
    foreach ($register['post_types'] ?? [] as $type) {
        $args = $type;
        unset($args['name']);
        register_post_type($type['name'], $args);
    }
    foreach ($register['taxonomies'] ?? [] as $taxonomy) {
        $args = $taxonomy;
        unset($args['name'], $args['object_type']);
        if (wp_installing()) {
            // register_taxonomy inserts the default term at once, and while WordPress
            // installs there is no terms table yet; the next request inserts it
            unset($args['default_term']);
        }
        register_taxonomy($taxonomy['name'], $taxonomy['object_type'] ?? [], $args);
    }
    foreach ($register['meta'] ?? [] as $meta) {
        $args = $meta;
        unset($args['object_type'], $args['meta_key']);
        register_meta($meta['object_type'], $meta['meta_key'], $args);
    }
    foreach ($register['rest_fields'] ?? [] as $field) {
        wpmock_site_rest_field($field);
    }
    foreach ($register['post_statuses'] ?? [] as $status) {
        $args = $status;
        unset($args['name']);
        register_post_status($status['name'], $args);
    }
    foreach ($register['roles'] ?? [] as $role) {
        wpmock_site_role($role);
    }
    foreach ($register['settings'] ?? [] as $setting) {
        $args = $setting;
        unset($args['option_group'], $args['option_name']);
        register_setting($setting['option_group'], $setting['option_name'], $args);
    }
    if (!empty($register['nav_menus'])) {
        register_nav_menus($register['nav_menus']);
    }
    // menus a site opens to visitors (WordPress 6.8+ asks this filter before the
    // menus, menu-items and menu-locations routes' permission checks)
    if (!empty(wpmock_site_options()['wpmock_public_menus'])) {
        add_filter('rest_menu_read_access', '__return_true');
    }
}

/** Registers the file's plugin routes, when the REST API starts. */
function wpmock_site_register_routes() {
    $register = wpmock_site_declarations();
    foreach ($register['rest_routes'] ?? [] as $route) {
        wpmock_site_rest_route($route);
    }
}

/**
 * Writes the file's "options" into the site (a content script calls it once; options are
 * the site's settings, not registrations): each with update_option, the permalink
 * structure and the category and tag bases through WP_Rewrite, whose rules are then
 * dropped so that the next request builds them with the declared types' slugs.
 * "wpmock_public_menus" is the mock's own and read by wpmock_site_register.
 */
function wpmock_site_apply_options() {
    global $wp_rewrite;
    foreach (wpmock_site_options() as $name => $value) {
        switch ($name) {
            case 'wpmock_public_menus':
                break;
            case 'permalink_structure':
                $wp_rewrite->set_permalink_structure($value);
                break;
            case 'category_base':
                $wp_rewrite->set_category_base($value);
                break;
            case 'tag_base':
                $wp_rewrite->set_tag_base($value);
                break;
            default:
                update_option($name, $value);
        }
    }
    $wp_rewrite->flush_rules(false);
    delete_option('rewrite_rules');
}

add_action('init', 'wpmock_site_register');
add_action('rest_api_init', 'wpmock_site_register_routes');
