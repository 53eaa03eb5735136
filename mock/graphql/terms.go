package graphql

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Terms: categories, tags and a site's own taxonomies shown in GraphQL, as
// WPGraphQL's Term model and TermNode interfaces show them.

// taxonomy is a taxonomy in the schema: its GraphQL names.
type taxonomy struct {
	tax            *wp.Taxonomy
	name           string // Category, Tag, Genre
	single, plural string // category, categories
}

// taxonomies are the taxonomies the schema shows: category and post_tag with
// WPGraphQL's names, a site's own where registered with show_in_graphql.
func taxonomies(reg *wp.Registry) []*taxonomy {
	core := map[string][3]string{"category": {"Category", "category", "categories"}, "post_tag": {"Tag", "tag", "tags"}}
	var out []*taxonomy
	for _, t := range reg.Taxonomies {
		if n, ok := core[t.Slug]; ok {
			out = append(out, &taxonomy{tax: t, name: n[0], single: n[1], plural: n[2]})
		} else if g := t.GraphQL; g != nil {
			out = append(out, &taxonomy{tax: t, name: upperFirst(g.Single), single: g.Single, plural: g.Plural})
		}
	}
	return out
}

func term(p any) *store.Term { return p.(*store.Term) }

// termNodeFields are TermNode's fields (with Node's and UniformResourceIdentifiable's).
func termNodeFields() []*fieldDecl {
	return []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID(kindTerm, term(p).ID), nil }),
		f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).ID, nil }),
		f("termTaxonomyId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).ID, nil }),
		f("termGroupId", "Int", constant(nil)),
		f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).Name, nil }),
		f("slug", "String", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).Slug, nil }),
		f("description", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(term(p).Description), nil }),
		f("count", "Int", func(_ *call, p any, _ map[string]any) (any, error) {
			if n := term(p).Count; n > 0 {
				return n, nil
			}
			return nil, nil
		}),
		f("taxonomyName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).Taxonomy, nil }),
		f("link", "String", func(c *call, p any, _ map[string]any) (any, error) { return c.links().Term(term(p)), nil }),
		f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) { return c.uri(c.links().Term(term(p))), nil }),
		f("isContentNode", "Boolean!", constant(false)),
		f("isTermNode", "Boolean!", constant(true)),
		f("isComment", "Boolean!", constant(false)),
		f("isFrontPage", "Boolean!", constant(false)),
		f("isPostsPage", "Boolean!", constant(false)),
		f("isRestricted", "Boolean", constant(false)),
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// taxonomyFields are a taxonomy's object type's fields.
func taxonomyFields(tx *taxonomy, cts []*contentType) []*fieldDecl {
	fields := termNodeFields()
	fields = append(fields, f(tx.single+"Id", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).ID, nil }).deprecated(deprecatedForDatabaseIDTax))
	if tx.tax.Hierarchical {
		fields = append(fields,
			f("parentId", "ID", func(_ *call, p any, _ map[string]any) (any, error) {
				if id := term(p).Parent; id != 0 {
					return globalID(kindTerm, id), nil
				}
				return nil, nil
			}),
			f("parentDatabaseId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfZero(term(p).Parent), nil }),
			f("parent", tx.name+"To"+"Parent"+tx.name+"ConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
				if id := term(p).Parent; id != 0 {
					return c.Tx.Term(id), nil
				}
				return nil, nil
			}),
			&fieldDecl{Name: "children", Type: tx.name + "To" + tx.name + "Connection", Args: pageArgs,
				Resolve: func(c *call, p any, args map[string]any) (any, error) {
					var kids []*store.Term
					for _, t := range c.Tx.Terms(term(p).Taxonomy) {
						if t.Parent == term(p).ID {
							kids = append(kids, t)
						}
					}
					orderTerms(kids)
					return termConnection(kids, args)
				}},
			&fieldDecl{Name: "ancestors", Type: tx.name + "ToAncestors" + tx.name + "Connection", Args: pageArgs,
				Resolve: func(c *call, p any, args map[string]any) (any, error) {
					var out []*store.Term
					for id := term(p).Parent; id != 0 && len(out) < 100; {
						t := c.Tx.Term(id)
						if t == nil {
							break
						}
						out, id = append(out, t), t.Parent
					}
					if len(out) == 0 { // WPGraphQL gives no connection when there is no ancestor
						return nil, nil
					}
					return termConnection(out, args)
				}})
	}
	if typed := typesOf(cts, tx); len(typed) > 0 {
		// TermObject::get_connections' contentNodes: the term's content of any type
		// that has the taxonomy; media is left out by the default status (publish)
		var listed []*contentType
		for _, ct := range typed {
			if ct.pt.Slug != "attachment" {
				listed = append(listed, ct)
			}
		}
		fields = append(fields, termPostsField("contentNodes", tx.name+"ToContentNodeConnection", listed))
	}
	for _, ct := range cts {
		if ct.pt.Slug != "attachment" && hasTaxonomy(ct, tx.tax.Slug) {
			fields = append(fields, termPostsField(ct.plural, tx.name+"To"+ct.name+"Connection", []*contentType{ct}))
		}
	}
	return fields
}

// typesOf are the shown post types that have a taxonomy.
func typesOf(cts []*contentType, tx *taxonomy) []*contentType {
	var out []*contentType
	for _, ct := range cts {
		if hasTaxonomy(ct, tx.tax.Slug) {
			out = append(out, ct)
		}
	}
	return out
}

// termPostsField is a term's connection to the posts of types cts that have the
// term itself: WPGraphQL's tax_query has include_children false, so a category's
// connection does not list its children's posts.
func termPostsField(name, typ string, cts []*contentType) *fieldDecl {
	return &fieldDecl{Name: name, Type: typ,
		Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: typ + "WhereArgs"}),
		Resolve: func(c *call, p any, args map[string]any) (any, error) {
			where, _ := args["where"].(map[string]any)
			own := store.TaxClause{Taxonomy: term(p).Taxonomy, Terms: map[int]bool{term(p).ID: true}}
			return c.postsConnection(cts, where, args, own)
		}}
}

func nilIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

// orderTerms sorts terms as WPGraphQL lists them by default: by name, then id.
func orderTerms(list []*store.Term) {
	sortStable(list, func(a, b *store.Term) bool {
		if a.Name != b.Name {
			return strings.ToLower(a.Name) < strings.ToLower(b.Name)
		}
		return a.ID < b.ID
	})
}

func termConnection(list []*store.Term, args map[string]any) (*conn, error) {
	ids := make([]int, len(list))
	for i, t := range list {
		ids[i] = t.ID
	}
	return connectionOf(ids, func(i int) any { return list[i] }, args)
}

// termIDTypes are <Taxonomy>IdType's values.
var termIDTypes = []string{"DATABASE_ID", "ID", "NAME", "SLUG", "URI"}

// rootTermFields are a taxonomy's root fields.
func rootTermFields(tx *taxonomy) []*fieldDecl {
	return []*fieldDecl{
		{Name: tx.single, Type: tx.name, Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: tx.name + "IdType"}},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				t := c.termBy(tx.tax.Slug, args)
				if t == nil {
					return nil, nil
				}
				return t, nil
			}},
		{Name: tx.plural, Type: "RootQueryTo" + tx.name + "Connection",
			Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryTo" + tx.name + "ConnectionWhereArgs"}),
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				return termConnection(c.queryTerms([]string{tx.tax.Slug}, where), args)
			}},
	}
}

// termBy is the term an id of an id type names, in a taxonomy.
func (c *call) termBy(tax string, args map[string]any) *store.Term {
	id := idArg(args["id"])
	idType, _ := args["idType"].(string)
	var t *store.Term
	switch idType {
	case "DATABASE_ID":
		n, _ := strconv.Atoi(id)
		t = c.Tx.Term(n)
	case "NAME", "SLUG":
		for _, x := range c.Tx.Terms(tax) {
			if (idType == "NAME" && x.Name == id) || (idType == "SLUG" && x.Slug == id) {
				t = x
				break
			}
		}
	case "URI":
		t, _ = c.byURI(id).(*store.Term)
	default:
		kind, v := fromGlobalID(id)
		if kind != kindTerm {
			return nil
		}
		n, _ := strconv.Atoi(v)
		t = c.Tx.Term(n)
	}
	if t == nil || t.Taxonomy != tax {
		return nil
	}
	return t
}

// queryTerms lists the terms of taxonomies the where arguments ask, by name.
func (c *call) queryTerms(taxes []string, where map[string]any) []*store.Term {
	hideEmpty, _ := where["hideEmpty"].(bool)
	search, _ := where["search"].(string)
	var slugs map[string]bool
	if list, ok := where["slug"].([]any); ok {
		slugs = map[string]bool{}
		for _, v := range list {
			s, _ := v.(string)
			slugs[s] = true
		}
	}
	parent, hasParent := where["parent"]
	nameLike, _ := where["nameLike"].(string)
	names, include, exclude := stringSet(where["name"]), c.idSet(where["include"]), c.idSet(where["exclude"])
	if list, ok := where["taxonomies"].([]any); ok && len(list) > 0 {
		keep := map[string]bool{}
		for _, v := range list {
			keep[fmtString(v)] = true
		}
		var only []string
		for _, tx := range c.s.taxes {
			if keep[upperSnake(tx.single)] {
				only = append(only, tx.tax.Slug)
			}
		}
		taxes = only
	}
	var descendants map[int]bool
	if v, ok := where["childOf"]; ok && v != nil {
		descendants = withChildren(c.Tx, taxes[0], toInt(v))
		delete(descendants, toInt(v))
	}
	var out []*store.Term
	for _, tax := range taxes {
		for _, t := range c.Tx.Terms(tax) {
			switch {
			case hideEmpty && t.Count == 0,
				slugs != nil && !slugs[t.Slug],
				names != nil && !names[t.Name],
				include != nil && !include[t.ID],
				exclude[t.ID],
				descendants != nil && !descendants[t.ID],
				nameLike != "" && !strings.Contains(strings.ToLower(t.Name), strings.ToLower(nameLike)),
				search != "" && !strings.Contains(strings.ToLower(t.Name+" "+t.Slug), strings.ToLower(search)),
				hasParent && parent != nil && t.Parent != toInt(parent):
				continue
			}
			out = append(out, t)
		}
	}
	orderTerms(out)
	if descendants != nil { // get_term_children's order: each generation after the one above it
		depth := func(t *store.Term) int {
			n := 0
			for p := c.Tx.Term(t.Parent); p != nil && n < 100 && descendants[p.ID]; p = c.Tx.Term(p.Parent) {
				n++
			}
			return n
		}
		sortStable(out, func(a, b *store.Term) bool { return depth(a) < depth(b) })
	}
	return out
}

// postTermFields are a content type's term connections: one per taxonomy shown,
// and terms (every shown taxonomy's).
func termFieldsOf(ct *contentType) []*fieldDecl { return ct.termFields }

// termWhere declares a term connection's where arguments.
func termWhere(name string) *typeDecl {
	return &typeDecl{Name: name, Kind: input, Fields: []*fieldDecl{
		f("hideEmpty", "Boolean", nil), f("search", "String", nil), f("slug", "[String]", nil), f("parent", "Int", nil),
		f("name", "[String]", nil), f("include", "[ID]", nil), f("exclude", "[ID]", nil), f("childOf", "Int", nil), f("nameLike", "String", nil),
		f("orderby", "TermObjectsConnectionOrderbyEnum", nil), f("order", "OrderEnum", nil),
	}}
}

// postTerms are the terms of a post in shown taxonomies, as a connection's list.
func (c *call) postTerms(p *store.Post, taxes []string) []*store.Term {
	var out []*store.Term
	for _, tax := range taxes {
		for _, id := range p.TermIDs(tax) {
			if t := c.Tx.Term(id); t != nil {
				out = append(out, t)
			}
		}
	}
	orderTerms(out)
	return out
}

// stringSet is a [String] argument as a set (nil when not given).
func stringSet(v any) map[string]bool {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := map[string]bool{}
	for _, x := range list {
		out[fmtString(x)] = true
	}
	return out
}

// idSet is an [ID] argument as a set of database ids (nil when not given).
func (c *call) idSet(v any) map[int]bool {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := map[int]bool{}
	for _, x := range list {
		out[c.databaseID(x)] = true
	}
	return out
}

func fmtString(v any) string { s, _ := v.(string); return s }
