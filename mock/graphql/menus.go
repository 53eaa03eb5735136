package graphql

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Menus and menu items as WPGraphQL shows them: a menu is public when it is assigned
// to a theme location (else only to those who may edit_theme_options), its items
// in menu order.

// menuItem is a nav_menu_item post in the schema.
type menuItem struct{ *wp.MenuItem }

func item(p any) *menuItem { return p.(*menuItem) }

func (c *call) menuVisible(t *store.Term) bool {
	return t != nil && t.Taxonomy == "nav_menu" && (len(t.Locations) > 0 || (c.Actor != nil && c.Actor.Can("edit_theme_options")))
}

func (c *call) menuItemOf(p *store.Post) *menuItem {
	return &menuItem{wp.SetupNavMenuItem(c.links(), p, c.site.Version)}
}

// locationEnum is a theme location's MenuLocationEnum value.
func locationEnum(name string) string { return upperSnake(name) }

// upperSnake is WPGraphQL's enum value of a name: upper case, underscores, and an
// underscore before a leading digit (1536x1536 is _1536X1536).
func upperSnake(s string) string {
	s = strings.ToUpper(strings.NewReplacer("-", "_", " ", "_").Replace(s))
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = "_" + s
	}
	return s
}

// locationsOf are MenuLocationEnum values of the locations.
func locationsOf(list []string) any {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, len(list))
	for i, l := range list {
		out[i] = locationEnum(l)
	}
	return out
}

func menuFields() []*fieldDecl {
	return []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID(kindTerm, term(p).ID), nil }),
		f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).ID, nil }),
		f("menuId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).ID, nil }).deprecated(deprecatedForDatabaseID),
		f("name", "String", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).Name, nil }),
		f("slug", "String", func(_ *call, p any, _ map[string]any) (any, error) { return term(p).Slug, nil }),
		f("count", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfZero(term(p).Count), nil }),
		f("locations", "[MenuLocationEnum]", func(_ *call, p any, _ map[string]any) (any, error) { return locationsOf(term(p).Locations), nil }),
		f("isRestricted", "Boolean", constant(false)),
		{Name: "menuItems", Type: "MenuToMenuItemConnection", Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "MenuToMenuItemConnectionWhereArgs"}),
			Resolve: func(c *call, p any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				return c.menuItemConnection(wp.MenuItems(c.Tx, term(p).ID, "publish"), where, args)
			}},
	}
}

// menuItemConnection is a connection of menu items, filtered by where's parent.
func (c *call) menuItemConnection(list []*store.Post, where map[string]any, args map[string]any) (any, error) {
	parent, hasParent := -1, false
	if v, ok := where["parentDatabaseId"]; ok && v != nil {
		parent, hasParent = toInt(v), true
	}
	if v, ok := where["parentId"]; ok && v != nil {
		parent, hasParent = c.databaseID(v), true
	}
	var items []*menuItem
	var ids []int
	for _, p := range list {
		mi := c.menuItemOf(p)
		if hasParent && mi.Parent != parent {
			continue
		}
		items, ids = append(items, mi), append(ids, p.ID)
	}
	return connectionOf(ids, func(i int) any { return items[i] }, args)
}

func menuItemFields() []*fieldDecl {
	return []*fieldDecl{
		f("id", "ID!", func(_ *call, p any, _ map[string]any) (any, error) { return globalID(kindPost, item(p).Post.ID), nil }),
		f("databaseId", "Int!", func(_ *call, p any, _ map[string]any) (any, error) { return item(p).Post.ID, nil }),
		f("label", "String", func(_ *call, p any, _ map[string]any) (any, error) { return item(p).Title, nil }),
		f("url", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(item(p).URL), nil }),
		f("uri", "String", func(c *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(c.relative(item(p).URL)), nil }),
		f("path", "String", func(c *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(c.relative(item(p).URL)), nil }),
		f("target", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(item(p).Target), nil }),
		f("title", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(item(p).AttrTitle), nil }),
		f("description", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(item(p).Description), nil }),
		f("linkRelationship", "String", func(_ *call, p any, _ map[string]any) (any, error) { return nilIfEmpty(item(p).XFN), nil }),
		f("cssClasses", "[String]", func(_ *call, p any, _ map[string]any) (any, error) {
			out := []string{}
			for _, cl := range item(p).Classes {
				if cl != "" {
					out = append(out, cl)
				}
			}
			return out, nil
		}),
		f("order", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return item(p).Post.MenuOrder(), nil }),
		f("parentId", "ID", func(_ *call, p any, _ map[string]any) (any, error) {
			if id := item(p).Parent; id != 0 {
				return globalID(kindPost, id), nil
			}
			return nil, nil
		}),
		f("parentDatabaseId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return item(p).Parent, nil }),
		f("menuItemId", "Int", func(_ *call, p any, _ map[string]any) (any, error) { return item(p).Post.ID, nil }).deprecated(deprecatedForDatabaseID),
		f("locations", "[MenuLocationEnum]", func(c *call, p any, _ map[string]any) (any, error) {
			if t := c.Tx.Term(wp.MenuOf(item(p).Post)); t != nil {
				return locationsOf(t.Locations), nil
			}
			return nil, nil
		}),
		f("menu", "MenuItemToMenuConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
			if t := c.Tx.Term(wp.MenuOf(item(p).Post)); c.menuVisible(t) {
				return t, nil
			}
			return nil, nil
		}),
		f("connectedNode", "MenuItemToMenuItemLinkableConnectionEdge", func(c *call, p any, _ map[string]any) (any, error) {
			mi := item(p)
			switch mi.Type {
			case "post_type":
				return c.visible(c.Tx.Post(mi.ObjectID)), nil
			case "taxonomy":
				if t := c.Tx.Term(mi.ObjectID); t != nil {
					return t, nil
				}
			}
			return nil, nil
		}),
		connectedObject,
		{Name: "childItems", Type: "MenuItemToMenuItemConnection", Args: pageArgs, Resolve: func(c *call, p any, args map[string]any) (any, error) {
			return c.menuItemConnection(wp.MenuItems(c.Tx, wp.MenuOf(item(p).Post), "publish"), map[string]any{"parentDatabaseId": item(p).Post.ID}, args)
		}},
	}
}

// relative is a URL's path below the home URL, or the URL itself when it is
// elsewhere (a custom link), as WPGraphQL's menu item uri gives it.
func (c *call) relative(u string) string {
	if strings.HasPrefix(u, c.Home) {
		return c.uri(u)
	}
	return u
}

var menuIDTypes = []string{"DATABASE_ID", "ID", "LOCATION", "NAME", "SLUG"}

func rootMenuFields() []*fieldDecl {
	return []*fieldDecl{
		{Name: "menu", Type: "Menu", Args: []argDecl{a("id", "ID!"), {Name: "idType", Type: "MenuNodeIdTypeEnum"}},
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				id := idArg(args["id"])
				var t *store.Term
				switch idType, _ := args["idType"].(string); idType {
				case "DATABASE_ID":
					n, _ := strconv.Atoi(id)
					t = c.Tx.Term(n)
				case "LOCATION":
					for _, l := range wp.RegistryOf(c.Tx).Locations {
						if locationEnum(l.Name) == id || l.Name == id {
							t = c.Tx.Term(wp.MenuAt(c.Tx, l.Name))
						}
					}
				case "NAME", "SLUG":
					for _, x := range c.Tx.Terms("nav_menu") {
						if (idType == "NAME" && x.Name == id) || (idType == "SLUG" && x.Slug == id) {
							t = x
						}
					}
				default:
					if kind, v := fromGlobalID(id); kind == kindTerm {
						n, _ := strconv.Atoi(v)
						t = c.Tx.Term(n)
					}
				}
				if !c.menuVisible(t) {
					return nil, nil
				}
				return t, nil
			}},
		{Name: "menus", Type: "RootQueryToMenuConnection", Args: pageArgs, Resolve: func(c *call, _ any, args map[string]any) (any, error) {
			var list []*store.Term
			for _, t := range c.Tx.Terms("nav_menu") {
				if c.menuVisible(t) {
					list = append(list, t)
				}
			}
			orderTerms(list) // by name, as WPGraphQL lists terms
			return termConnection(list, args)
		}},
		{Name: "menuItems", Type: "RootQueryToMenuItemConnection", Args: append(append([]argDecl{}, pageArgs...), argDecl{Name: "where", Type: "RootQueryToMenuItemConnectionWhereArgs"}),
			Resolve: func(c *call, _ any, args map[string]any) (any, error) {
				where, _ := args["where"].(map[string]any)
				var list []*store.Post
				if loc, _ := where["location"].(string); loc != "" {
					for _, l := range wp.RegistryOf(c.Tx).Locations {
						if locationEnum(l.Name) == loc {
							if menu := wp.MenuAt(c.Tx, l.Name); menu != 0 {
								list = wp.MenuItems(c.Tx, menu, "publish")
							}
						}
					}
				} else {
					for _, t := range c.Tx.Terms("nav_menu") {
						if c.menuVisible(t) {
							list = append(list, wp.MenuItems(c.Tx, t.ID, "publish")...)
						}
					}
				}
				return c.menuItemConnection(list, where, args)
			}},
	}
}

func menuWhere(name string) *typeDecl {
	return &typeDecl{Name: name, Kind: input, Fields: []*fieldDecl{
		f("id", "Int", nil), f("location", "MenuLocationEnum", nil), f("parentDatabaseId", "Int", nil), f("parentId", "ID", nil)}}
}
