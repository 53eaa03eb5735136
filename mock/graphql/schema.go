package graphql

import (
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// siteSchema builds the schema of a site: core's types and the site's own post types
// and taxonomies registered for GraphQL, each declared once.
func siteSchema(reg *wp.Registry, v wpversion.Version) (*schema, error) {
	cts, taxes := contentTypes(reg), taxonomies(reg)
	var decls []*typeDecl
	root := &typeDecl{Name: "RootQuery", Kind: object}
	decls = append(decls, root)

	settingTypes, settingFields := settingsDecls()
	root.Fields = append(root.Fields, settingFields...)
	decls = append(decls, settingTypes...)
	decls = append(decls, relayDecls()...)
	decls = append(decls, contentInterfaces()...)
	decls = append(decls, hierarchyDecls()...)
	decls = append(decls, commonEnums(reg, cts)...)
	decls = append(decls, contentTypeDecl())

	for _, ct := range cts {
		decls = append(decls, termConnectionsOf(ct, taxes)...)
	}
	for _, ct := range cts {
		root.Fields = append(root.Fields, rootContentFields(ct)...)
		typ := &typeDecl{Name: ct.name, Kind: object, Implements: typeInterfaces(ct, v), Fields: typeFields(ct, v)}
		decls = append(decls, typ,
			&typeDecl{Name: ct.name + "IdType", Kind: enum, Values: idTypes(ct)},
			whereArgs("RootQueryTo"+ct.name+"ConnectionWhereArgs", ct, v, ""))
		decls = append(decls, connDecls("RootQueryTo"+ct.name+"Connection", ct.name)...)
		if ct.pt.Supported("comments", v) {
			decls = append(decls, connDecls(ct.name+"ToCommentConnection", "Comment")...)
		}
		if ct.pt.Supported("revisions", v) {
			decls = append(decls, connDecls(ct.name+"ToRevisionConnection", ct.name)...)
		}
	}
	decls = append(decls, whereArgs("RootQueryToContentNodeConnectionWhereArgs", nil, v, "ContentTypeEnum"))
	decls = append(decls, connDecls("RootQueryToContentNodeConnection", "ContentNode")...)
	decls = append(decls, edgeDecl("NodeWithAuthorToUserConnectionEdge", "User"), edgeDecl("NodeWithFeaturedImageToMediaItemConnectionEdge", "MediaItem"))

	decls = append(decls, termDecls(taxes, cts, root, v)...)

	root.Fields = append(root.Fields, rootUserFields()...)
	decls = append(decls, &typeDecl{Name: "User", Kind: object, Implements: []string{"Node", "UniformResourceIdentifiable", "Commenter", "DatabaseIdentifier"}, Fields: userFields()},
		&typeDecl{Name: "UserNodeIdTypeEnum", Kind: enum, Values: userIDTypes})
	decls = append(decls, avatarDecls()...)
	decls = append(decls, roleDecls()...)
	decls = append(decls, userWhereDecls(reg)...)
	decls = append(decls, edgeDecl("ContentNodeToContentTypeConnectionEdge", "ContentType"))
	decls = append(decls, connDecls("RootQueryToUserConnection", "User")...)
	decls = append(decls, connDecls("UserToPostConnection", "Post")...)

	root.Fields = append(root.Fields, rootCommentFields()...)
	decls = append(decls, commentDecls()...)
	decls = append(decls, &typeDecl{Name: "CommentNodeIdTypeEnum", Kind: enum, Values: []string{"DATABASE_ID", "ID"}})

	root.Fields = append(root.Fields, rootMenuFields()...)
	decls = append(decls, menuDecls(reg)...)

	root.Fields = append(root.Fields, rootNodeFields()...)
	root.Fields = append(root.Fields, revisionFields()...)
	decls = append(decls, connDecls("RootQueryToRevisionsConnection", "ContentNode")...)
	settingsType, allSettings := allSettingsDecl()
	root.Fields = append(root.Fields, allSettings)
	decls = append(decls, settingsType, &typeDecl{Name: "MenuItemObjectUnion", Kind: union, Members: linkableMembers(cts, taxes)})
	root.Fields = append(root.Fields, rootAnyFields()...)
	decls = append(decls, anyNodeDecls(taxes)...)
	decls = append(decls, mediaDecls(imageSizes)...)

	s, err := build(decls)
	if err != nil {
		return nil, err
	}
	s.types, s.taxes = cts, taxes
	return s, nil
}

// linkableMembers are MenuItemObjectUnion's: the types a menu item links to (posts'
// and terms' types but media).
func linkableMembers(cts []*contentType, taxes []*taxonomy) []string {
	var out []string
	for _, ct := range cts {
		if ct.pt.Slug != "attachment" {
			out = append(out, ct.name)
		}
	}
	for _, tx := range taxes {
		out = append(out, tx.name)
	}
	return out
}

// imageSizes are MediaItemSizeEnum's values: WordPress's registered sizes.
var imageSizes = []string{"LARGE", "MEDIUM", "MEDIUM_LARGE", "THUMBNAIL", "_1536X1536", "_2048X2048"}

// commonEnums are the enums and inputs every site has.
func commonEnums(reg *wp.Registry, cts []*contentType) []*typeDecl {
	var typeValues []string // every shown type, media too (WPGraphQL's allowed post types)
	for _, ct := range cts {
		typeValues = append(typeValues, typeEnum(ct))
	}
	return []*typeDecl{
		{Name: "ContentTypeEnum", Kind: enum, Values: typeValues},
		{Name: "PostStatusEnum", Kind: enum, Values: postStatuses},
		{Name: "OrderEnum", Kind: enum, Values: []string{"ASC", "DESC"}},
		{Name: "PostObjectsConnectionOrderbyEnum", Kind: enum, Values: []string{"AUTHOR", "COMMENT_COUNT", "DATE", "IN", "MENU_ORDER", "MODIFIED", "NAME_IN", "PARENT", "SLUG", "TITLE"}},
		{Name: "PostObjectsConnectionOrderbyInput", Kind: input, Fields: []*fieldDecl{f("field", "PostObjectsConnectionOrderbyEnum!", nil), f("order", "OrderEnum!", nil)}},
		{Name: "DateInput", Kind: input, Fields: []*fieldDecl{f("year", "Int", nil), f("month", "Int", nil), f("day", "Int", nil)}},
		{Name: "DateQueryInput", Kind: input, Fields: []*fieldDecl{f("year", "Int", nil), f("month", "Int", nil), f("day", "Int", nil),
			f("after", "DateInput", nil), f("before", "DateInput", nil), f("inclusive", "Boolean", nil)}},
		{Name: "TermObjectsConnectionOrderbyEnum", Kind: enum, Values: []string{"COUNT", "DESCRIPTION", "NAME", "SLUG", "TERM_GROUP", "TERM_ID", "TERM_ORDER"}},
	}
}

// termConnectionsOf sets a content type's term fields and declares their types.
func termConnectionsOf(ct *contentType, taxes []*taxonomy) []*typeDecl {
	var decls []*typeDecl
	var shown []string
	for _, tx := range taxes {
		if !hasTaxonomy(ct, tx.tax.Slug) {
			continue
		}
		tx := tx
		shown = append(shown, tx.tax.Slug)
		name := ct.name + "To" + tx.name + "Connection"
		ct.termFields = append(ct.termFields, &fieldDecl{Name: tx.plural, Type: name,
			Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: name + "WhereArgs"}),
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				return termConnection(c.postTerms(post(p), []string{tx.tax.Slug}), args)
			}})
		decls = append(decls, termWhere(name+"WhereArgs"))
		decls = append(decls, connDecls(name, tx.name)...)
	}
	if len(shown) > 0 {
		name := ct.name + "ToTermNodeConnection"
		ct.termFields = append(ct.termFields, &fieldDecl{Name: "terms", Type: name, Args: pageArgs,
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				return termConnection(c.postTerms(post(p), shown), args)
			}})
		decls = append(decls, connDecls(name, "TermNode")...)
	}
	return decls
}

// termDecls declares the taxonomies' types and root fields.
func termDecls(taxes []*taxonomy, cts []*contentType, root *typeDecl, v wpversion.Version) []*typeDecl {
	tn := termNodeFields()
	decls := []*typeDecl{
		{Name: "TermNode", Kind: iface, Implements: []string{"Node", "UniformResourceIdentifiable"}, Fields: tn},
		{Name: "HierarchicalTermNode", Kind: iface, Implements: []string{"Node", "TermNode", "DatabaseIdentifier", "HierarchicalNode", "UniformResourceIdentifiable"},
			Fields: append(append([]*fieldDecl{}, tn...), f("parentId", "ID", nil), f("parentDatabaseId", "Int", nil))},
	}
	var names []string
	for _, tx := range taxes {
		names = append(names, tx.tax.Slug)
		root.Fields = append(root.Fields, rootTermFields(tx)...)
		ifaces := []string{"Node", "TermNode", "UniformResourceIdentifiable", "DatabaseIdentifier", "MenuItemLinkable"}
		if tx.tax.Hierarchical {
			ifaces = append(ifaces, "HierarchicalTermNode", "HierarchicalNode")
			decls = append(decls, edgeDecl(tx.name+"ToParent"+tx.name+"ConnectionEdge", tx.name))
			decls = append(decls, connDecls(tx.name+"To"+tx.name+"Connection", tx.name)...)
			decls = append(decls, connDecls(tx.name+"ToAncestors"+tx.name+"Connection", tx.name)...)
		}
		decls = append(decls, &typeDecl{Name: tx.name, Kind: object, Implements: ifaces, Fields: taxonomyFields(tx, cts)},
			&typeDecl{Name: tx.name + "IdType", Kind: enum, Values: termIDTypes},
			termWhere("RootQueryTo"+tx.name+"ConnectionWhereArgs"))
		decls = append(decls, connDecls("RootQueryTo"+tx.name+"Connection", tx.name)...)
		if typed := typesOf(cts, tx); len(typed) > 0 { // contentNodes: the content of the term's types
			var values []string
			for _, ct := range typed {
				values = append(values, typeEnum(ct))
			}
			typesEnum := "ContentTypesOf" + tx.name + "Enum"
			decls = append(decls, &typeDecl{Name: typesEnum, Kind: enum, Values: values},
				whereArgs(tx.name+"ToContentNodeConnectionWhereArgs", nil, v, typesEnum))
			decls = append(decls, connDecls(tx.name+"ToContentNodeConnection", "ContentNode")...)
		}
		for _, ct := range cts {
			if ct.pt.Slug != "attachment" && hasTaxonomy(ct, tx.tax.Slug) {
				decls = append(decls, whereArgs(tx.name+"To"+ct.name+"ConnectionWhereArgs", ct, v, ""))
				decls = append(decls, connDecls(tx.name+"To"+ct.name+"Connection", ct.name)...)
			}
		}
	}
	root.Fields = append(root.Fields, &fieldDecl{Name: "terms", Type: "RootQueryToTermNodeConnection",
		Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryToTermNodeConnectionWhereArgs"}),
		Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			where, _ := args["where"].(map[string]any)
			return termConnection(c.queryTerms(names, where), args)
		}})
	rootWhere := termWhere("RootQueryToTermNodeConnectionWhereArgs")
	rootWhere.Fields = append(rootWhere.Fields, f("taxonomies", "[TaxonomyEnum]", nil))
	decls = append(decls, rootWhere)
	return append(decls, connDecls("RootQueryToTermNodeConnection", "TermNode")...)
}

// menuDecls declares menus and menu items.
func menuDecls(reg *wp.Registry) []*typeDecl {
	var locations []string
	for _, l := range reg.Locations {
		locations = append(locations, locationEnum(l.Name))
	}
	if len(locations) == 0 {
		locations = []string{"EMPTY"} // WPGraphQL's value when the theme registers none
	}
	decls := []*typeDecl{
		{Name: "Menu", Kind: object, Implements: []string{"Node", "DatabaseIdentifier"}, Fields: menuFields()},
		{Name: "MenuItem", Kind: object, Implements: []string{"Node", "DatabaseIdentifier"}, Fields: menuItemFields()},
		{Name: "MenuLocationEnum", Kind: enum, Values: locations},
		{Name: "MenuNodeIdTypeEnum", Kind: enum, Values: menuIDTypes},
		menuWhere("MenuToMenuItemConnectionWhereArgs"), menuWhere("RootQueryToMenuItemConnectionWhereArgs"),
		edgeDecl("MenuItemToMenuConnectionEdge", "Menu"),
		edgeDecl("MenuItemToMenuItemLinkableConnectionEdge", "MenuItemLinkable"),
	}
	decls = append(decls, connDecls("MenuToMenuItemConnection", "MenuItem")...)
	decls = append(decls, connDecls("MenuItemToMenuItemConnection", "MenuItem")...)
	decls = append(decls, connDecls("RootQueryToMenuItemConnection", "MenuItem")...)
	return append(decls, connDecls("RootQueryToMenuConnection", "Menu")...)
}

// typename is the object type of a value, for interfaces and unions.
func (c *call) typename(v any) string {
	switch x := v.(type) {
	case *store.Post:
		typ := x.Type
		if typ == "revision" {
			if parent := c.Tx.Post(x.Parent); parent != nil {
				typ = parent.Type
			}
		}
		for _, ct := range c.s.types {
			if ct.pt.Slug == typ {
				return ct.name
			}
		}
	case *menuItem:
		return "MenuItem"
	case *store.Term:
		if x.Taxonomy == "nav_menu" {
			return "Menu"
		}
		for _, tx := range c.s.taxes {
			if tx.tax.Slug == x.Taxonomy {
				return tx.name
			}
		}
	case *store.User:
		return "User"
	case *store.Comment:
		return "Comment"
	case *commentAuthor:
		return "CommentAuthor"
	case *typeNode:
		return "ContentType"
	case settingsValue:
		return x.typ
	}
	return ""
}

// typesNamed are the shown post types of the slugs.
func (c *call) typesNamed(slugs ...string) []*contentType {
	var out []*contentType
	for _, ct := range c.s.types {
		for _, s := range slugs {
			if ct.pt.Slug == s {
				out = append(out, ct)
			}
		}
	}
	return out
}
