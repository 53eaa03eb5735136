// Package site is a mock site's dataset: the format of -data, -export and snapshots
// (users, terms, posts, meta, files, comments, options, a clone's recordings) and its
// register part, the site's own declarations as WordPress's registration functions
// take them (register_post_type, register_taxonomy, register_meta, register_rest_field,
// register_post_status, add_role, register_setting, register_nav_menus,
// register_rest_route). It decodes, validates and encodes datasets; fake data is not
// made here but by a Generator (fixtures'), so nothing under mock imports fixtures.
package site
