// Package wp is WordPress core below the REST API, without HTTP: what wp-includes'
// post.php, taxonomy.php and capabilities.php declare and decide, for the controllers
// in package mock to serve. It holds the post types (PostTypes, register_post_type's
// arguments as WP_Post_Type keeps them) and taxonomies (Taxonomies, register_taxonomy's)
// as declarations, with what each version of WordPress changes in them (Members, and
// wpversion's Span), and the rules that read them: capabilities of a type or taxonomy,
// default terms, and what changing the terms of posts does (counts, unique slugs,
// deleting a term); and WP_Query's PHP around the SQL the store runs (QueryPosts: the
// search's terms, the LIMIT's start, found_posts, the sticky posts). It takes no *rest.Request and imports nothing of net/http or of
// the controllers: the compiler keeps the layers apart, as WordPress's own files are.
package wp
