package graphql

import (
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Less used root fields frontends still send: revisions, the deprecated postBy and
// pageBy, allSettings, and menu items' connectedObject union.

func revisionFields() []*fieldDecl {
	return []*fieldDecl{
		{Name: "revisions", Type: "RootQueryToRevisionsConnection", Args: pageArgs, Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			var list []*store.Post
			for _, rv := range c.Tx.PostsByID("revision") {
				if c.readable(rv) {
					list = append(list, rv)
				}
			}
			orderPosts(list, "date", "desc")
			return postConnection(list, args)
		}},
		{Name: "postBy", Type: "Post", Args: []argDecl{a("id", "ID"), a("postId", "Int"), a("uri", "String"), a("slug", "String")},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) { return c.deprecatedBy("post", args) }, Deprecated: deprecatedBy},
		{Name: "pageBy", Type: "Page", Args: []argDecl{a("id", "ID"), a("pageId", "Int"), a("uri", "String")},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) { return c.deprecatedBy("page", args) }, Deprecated: deprecatedBy},
	}
}

// deprecatedBy is postBy/pageBy: the post by whichever of its ids is given.
func (c *call) deprecatedBy(typ string, args map[string]any) (any, error) {
	cts := c.typesNamed(typ)
	if len(cts) == 0 {
		return nil, nil
	}
	by := map[string]any{}
	switch {
	case args["id"] != nil:
		by["id"], by["idType"] = args["id"], "ID"
	case args[typ+"Id"] != nil:
		by["id"], by["idType"] = idArg(args[typ+"Id"]), "DATABASE_ID"
	case args["uri"] != nil:
		by["id"], by["idType"] = args["uri"], "URI"
	case args["slug"] != nil:
		by["id"], by["idType"] = args["slug"], "SLUG"
	default:
		return nil, nil
	}
	return c.visible(c.postBy(cts[0], by)), nil
}

// revisionConnections are a type's revisions connection.
func revisionsOf(ct *contentType) *fieldDecl {
	return &fieldDecl{Name: "revisions", Type: ct.name + "ToRevisionConnection", Args: pageArgs, Resolve: func(c *call, p any, args map[string]any) (any, error) {
		if !c.canEdit(post(p)) {
			return postConnection(nil, args)
		}
		return postConnection(wp.RevisionsOf(c.Tx, post(p).ID), args)
	}}
}

// allSettingsDecl is the Settings type: every group's fields, named group+Field.
func allSettingsDecl() (*typeDecl, *fieldDecl) {
	d := &typeDecl{Name: "Settings", Kind: object}
	for _, g := range settingGroups {
		for _, s := range g.fields {
			s := s
			d.Fields = append(d.Fields, f(g.root+upperFirst(s.field), s.typ, func(c *call, _ any, _ map[string]any) (any, error) {
				if s.private && (c.Actor == nil || !c.Actor.Can("manage_options")) {
					return nil, nil
				}
				return c.option(s), nil
			}))
		}
	}
	return d, f("allSettings", "Settings", func(*call, any, map[string]any) (any, error) { return settingsValue{}, nil })
}

// connectedObject is a menu item's object as MenuItemObjectUnion.
var connectedObject = f("connectedObject", "MenuItemObjectUnion", func(c *call, p any, _ map[string]any) (any, error) {
	mi := item(p)
	switch mi.Type {
	case "post_type":
		return c.visible(c.Tx.Post(mi.ObjectID)), nil
	case "taxonomy":
		return termOrNil(c.Tx.Term(mi.ObjectID)), nil
	}
	return nil, nil
}).deprecated("Deprecated in favor of the connectedNode field")
