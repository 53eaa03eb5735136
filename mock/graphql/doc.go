// Package graphql answers /graphql as WPGraphQL 2.x does, over the same site the
// REST routes serve: the schema WPGraphQL registers for core's types (and a site's
// own post types and taxonomies registered with show_in_graphql), its global ids and
// cursors, its connections and their where arguments, and its errors.
//
// One declaration drives everything (decl.go): each GraphQL type is a typeDecl whose
// fields carry their resolvers; the declarations print the schema's SDL, which
// gqlparser turns into the ast.Schema that validates operations and that
// introspection reads, and the executor (exec.go) calls the declared resolvers. The
// data comes from the layers below the controllers (mock/wp, mock/store), which
// render content, list image sub-sizes and identify the caller for the REST API's
// controllers too; the mock passes what only it knows (its store, its home URL, its
// version: Config, site.go), so nothing here calls back up.
package graphql
