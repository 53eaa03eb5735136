<?php
/**
 * Plugin Name: wpmock site declarations
 * Description: Registers the custom post types, taxonomies, meta and REST fields of a wpmock dataset's "register" section (ci/wordpress/site/customized.json), so that real WordPress and the mock serve the same declarations.
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
 * then REST fields, all on init (priority 10, after core's types and taxonomies).
 */

if (!defined('ABSPATH')) {
    exit;
}

/** The declarations file's "register" section, or null (none named, missing, invalid). */
function wpmock_site_declarations() {
    $path = defined('WPMOCK_DECLARATIONS') ? WPMOCK_DECLARATIONS : getenv('WPMOCK_DECLARATIONS');
    if (!is_string($path) || $path === '' || !is_readable($path)) {
        return null;
    }
    $data = json_decode((string) file_get_contents($path), true);
    if (!is_array($data) || !isset($data['register']) || !is_array($data['register'])) {
        return null;
    }
    return $data['register'];
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

/** Registers one register_rest_field declaration on each of its object types. */
function wpmock_site_rest_field(array $field) {
    $attribute = $field['attribute'];
    $schema = isset($field['schema']) && is_array($field['schema']) ? $field['schema'] : null;
    $meta_key = '_wpmock_field_' . $attribute;
    $default = is_array($schema) && array_key_exists('default', $schema) ? $schema['default'] : null;
    $readonly = is_array($schema) && !empty($schema['readonly']);

    $get = function ($object, $field_name, $request, $object_type) use ($meta_key, $default) {
        $type = wpmock_site_meta_type($object_type);
        $id = isset($object['id']) ? (int) $object['id'] : 0;
        if ($id && metadata_exists($type, $id, $meta_key)) {
            return json_decode((string) get_metadata($type, $id, $meta_key, true), true);
        }
        return $default;
    };
    $update = null;
    if (!$readonly && ($field['update'] ?? true) !== false) {
        $update = function ($value, $object, $field_name, $request, $object_type) use ($meta_key) {
            $id = wpmock_site_object_id($object);
            if (!$id) {
                return new WP_Error('wpmock_field_no_object', 'The object to store the field on has no id.', ['status' => 500]);
            }
            // update_metadata unslashes its value: slash the JSON so that it is kept as written.
            update_metadata(wpmock_site_meta_type($object_type), $id, $meta_key, wp_slash(wp_json_encode($value)));
            return true;
        };
    }
    register_rest_field($field['object_type'], $attribute, [
        'get_callback' => $get,
        'update_callback' => $update,
        'schema' => $schema,
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
}

add_action('init', 'wpmock_site_register');
