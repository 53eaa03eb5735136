package graphql

// The root fields that find any content node, term node or type: contentNode,
// termNode, contentType, contentTypes and taxonomies.

// taxNode is a taxonomy as a node (Taxonomy).
type taxNode struct{ tx *taxonomy }

func rootAnyFields() []*fieldDecl {
	return []*fieldDecl{
		{Name: "contentNode", Type: "ContentNode", Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: "ContentNodeIdTypeEnum"},
			a("contentType", "ContentTypeEnum"), a("asPreview", "Boolean")},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				typ, _ := args["contentType"].(string)
				for _, ct := range c.s.types {
					if typ != "" && typeEnum(ct) != typ {
						continue
					}
					if p := c.postBy(ct, args); p != nil {
						return c.visible(p), nil
					}
				}
				return nil, nil
			}},
		{Name: "termNode", Type: "TermNode", Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: "TermNodeIdTypeEnum"}, a("taxonomy", "TaxonomyEnum")},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				tax, _ := args["taxonomy"].(string)
				for _, tx := range c.s.taxes {
					if tax != "" && upperSnake(tx.single) != tax {
						continue
					}
					if t := c.termBy(tx.tax.Slug, args); t != nil {
						return t, nil
					}
				}
				return nil, nil
			}},
		{Name: "contentType", Type: "ContentType", Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: "ContentTypeIdTypeEnum"}},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				id := idArg(args["id"])
				if t, _ := args["idType"].(string); t != "NAME" {
					_, id = fromGlobalID(id)
				}
				for _, ct := range c.s.types {
					if ct.pt.Slug == id {
						return &typeNode{ct}, nil
					}
				}
				return nil, nil
			}},
		{Name: "contentTypes", Type: "RootQueryToContentTypeConnection", Args: pageArgs, Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			ids := make([]int, len(c.s.types))
			for i := range ids {
				ids[i] = i
			}
			return connectionOf(ids, func(i int) any { return &typeNode{c.s.types[i]} }, args)
		}},
		{Name: "taxonomies", Type: "RootQueryToTaxonomyConnection", Args: pageArgs, Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			ids := make([]int, len(c.s.taxes))
			for i := range ids {
				ids[i] = i
			}
			return connectionOf(ids, func(i int) any { return &taxNode{c.s.taxes[i]} }, args)
		}},
	}
}

func txn(p any) *taxonomy { return p.(*taxNode).tx }

func anyNodeDecls(taxes []*taxonomy) []*typeDecl {
	var taxValues []string
	for _, tx := range taxes {
		taxValues = append(taxValues, upperSnake(tx.single))
	}
	decls := []*typeDecl{
		{Name: "ContentNodeIdTypeEnum", Kind: enum, Values: []string{"DATABASE_ID", "ID", "URI"}},
		{Name: "TermNodeIdTypeEnum", Kind: enum, Values: termIDTypes},
		{Name: "ContentTypeIdTypeEnum", Kind: enum, Values: []string{"ID", "NAME"}},
		{Name: "TaxonomyEnum", Kind: enum, Values: taxValues},
		{Name: "Taxonomy", Kind: object, Implements: []string{"Node"}, Fields: []*fieldDecl{
			f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) {
				return globalID(kindTaxonomy, txn(p).tax.Slug), nil
			}),
			f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return txn(p).tax.Slug, nil }),
			f("description", "String", func(_ *call, p any, _ map[string]any) (any, error) { return txn(p).tax.Description, nil }),
			f("hierarchical", "Boolean", func(_ *call, p any, _ map[string]any) (any, error) { return txn(p).tax.Hierarchical, nil }),
			f("graphqlSingleName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return txn(p).single, nil }),
			f("graphqlPluralName", "String", func(_ *call, p any, _ map[string]any) (any, error) { return txn(p).plural, nil }),
			f("restBase", "String", func(_ *call, p any, _ map[string]any) (any, error) { return txn(p).tax.RestBase, nil }),
			f("showInGraphql", "Boolean", constant(true)),
			f("isRestricted", "Boolean", constant(false)),
		}},
	}
	decls = append(decls, connDecls("RootQueryToContentTypeConnection", "ContentType")...)
	return append(decls, connDecls("RootQueryToTaxonomyConnection", "Taxonomy")...)
}
