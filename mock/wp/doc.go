// Package wp is WordPress core below the REST API, without HTTP: what wp-includes'
// post.php, revision.php, taxonomy.php, capabilities.php, link-template.php,
// comment.php and class-wp-query.php declare and decide, for the controllers in
// package mock to serve. It holds the post types (PostTypes, register_post_type's
// arguments as WP_Post_Type keeps them) and taxonomies (Taxonomies, register_taxonomy's)
// as declarations, with what each version of WordPress changes in them (Members, and
// wpversion's Span), and the rules that read them: capabilities of a type or taxonomy,
// default terms, what changing the terms of posts does (counts, unique slugs,
// deleting a term), saving a revision; the rules on comments (wp_allow_comment,
// their lengths and statuses); and WP_Query's PHP around the SQL the store runs
// (QueryPosts: the search's terms and order, the LIMIT's start, found_posts, the
// sticky posts). A rule that refuses returns an *Error, a WP_Error the controller
// turns into its answer. It takes no *rest.Request and imports nothing of net/http or
// of the controllers: the compiler keeps the layers apart, as WordPress's own files are.
package wp
