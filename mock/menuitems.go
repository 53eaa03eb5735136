package mock

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Errors of the menu items controller's writes (prepare_item_for_database and
// wp_update_nav_menu_item), all 400; several found at once are one error with the
// others as additional_errors.
const (
	codeTermInvalidID     = "rest_term_invalid_id"   // a taxonomy item whose object_id is no term
	codePostInvalidType   = "rest_post_invalid_type" // an archive item of no registered type
	codeTitleRequired     = "rest_title_required"    // a custom item without a title
	codeURLRequired       = "rest_url_required"      // a custom item without a URL
	codeInvalidMenuID     = wp.CodeInvalidMenuID     // menus names no menu
	msgMenuItemTrash      = "Menu items do not support trashing. Set 'force=true' to delete."
	msgTermInvalidIDItems = "Invalid term ID."
)

// menuItemHooks are WP_REST_Menu_Items_Controller's overrides of the posts controller:
//
//   - get_collection_params: menu_order, ordered by menu_order ascending, 100 a page;
//   - get_item_schema and prepare_item_for_response: the item as
//     wp_setup_nav_menu_item decorates it (menuItemFields), its menu a single id;
//   - prepare_links: the object it points at (wp:menu-item-object, embeddable), and
//     get_schema_links' link for it;
//   - the permission checks: read access for whoever may edit some post type (or
//     everyone, where menus are public: menus.go);
//   - create_item, update_item: prepare_item_for_database and wp_update_nav_menu_item
//     (menuitemwrite.go); delete_item: no trash.
var menuItemHooks = &typeHooks{
	defaultStatus: "publish", createStatus: "publish",
	listArgs: menuItemListArgs,
	prepareItemsQuery: func(r *rest.Request, q *wp.PostQuery) {
		if r.Has("menu_order") {
			n := r.Int("menu_order")
			q.MenuOrder = &n
		}
	},
	readAccess:  menuReadAccess(msgCannotViewMenuItems),
	itemSchema:  menuItemFields,
	schemaOrder: []string{"title", "id", "type_label", "type", "status", "parent", "attr_title", "classes", "description", "menu_order", "object", "object_id", "target", "url", "xfn", "invalid", "menus", "meta"},
	links:       menuItemLinks,
	schemaLinks: func(href string) []any {
		return []any{rest.Object{{Key: "rel", Value: "https://api.w.org/menu-item-object"}, {Key: "title", Value: "Get linked object."},
			{Key: "href", Value: href}, {Key: "targetSchema", Value: rest.Object{{Key: "type", Value: "object"},
				{Key: "properties", Value: rest.Object{{Key: "object", Value: rest.Object{{Key: "type", Value: "integer"}}}}}}}}}
	},
	publishes: true, allowBatch: true,
	createItem: (*posts).writeMenuItem,
	updateItem: (*posts).writeMenuItem,
	deleteItem: (*posts).deleteMenuItem,
}

// menuItemListArgs is the menu items' get_collection_params: the posts controller's
// with 100 items a page, order ascending and orderby menu_order (its own enum,
// where posts' has no menu_order), then menu_order.
func menuItemListArgs(args []*rest.Schema) []*rest.Schema {
	for i, a := range args {
		switch a.Name {
		case "per_page":
			c := *a
			args[i] = c.Def(100)
		case "order":
			args[i] = rest.Str("order").Desc("Order sort attribute ascending or descending.").Def("asc").OneOfEnum("asc", "desc")
		case "orderby":
			args[i] = rest.Str("orderby").Desc("Sort collection by object attribute.").Def("menu_order").
				OneOfEnum("author", "date", "id", "include", "modified", "parent", "relevance", "slug", "include_slugs", "title", "menu_order")
		}
	}
	return append(args, rest.Int("menu_order").Desc("Limit result set to posts with a specific menu_order value."))
}

// menuItem is wp_setup_nav_menu_item of the post, as the request's site links it.
func menuItem(r *rest.Request, p *store.Post) *wp.MenuItem {
	return wp.SetupNavMenuItem(permalinks(r), p, r.Server().Version)
}

// menuItemFields is the menu items controller's get_item_schema, in
// prepare_item_for_response's order (menuItemHooks.schemaOrder is the schema's).
func menuItemFields(res *posts, fields []*postField) []*postField {
	item := func(get func(it *wp.MenuItem) any) func(r *rest.Request, p *store.Post) any {
		return func(r *rest.Request, p *store.Post) any { return get(menuItem(r, p)) }
	}
	str := func(name, desc string) *rest.Schema { return rest.Str(name).Desc(desc).Ctx(all...) }
	textArg := func(a *rest.Schema) { a.SchemaFirst, a.Sanitize = true, sanitizeWith(wpfunc.SanitizeTextField) }
	listArg := func(a *rest.Schema) { a.SchemaFirst, a.Sanitize = true, sanitizeClassList }
	out := []*postField{
		rest.F(rest.Int("id").Desc("Unique identifier for the object.").SchemaDef(0).Min(0).Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any { return p.ID }),
		rest.Nested(rest.New("title", "string", "object").Desc("The title for the object.").Ctx(all...),
			rest.F(rest.Str("raw").Desc("Title for the object, as it exists in the database.").Ctx(editOnly...),
				item(func(it *wp.MenuItem) any { return it.Title })),
			rest.F(rest.Str("rendered").Desc("HTML title for the object, transformed for display.").Ctx(all...).RO(),
				item(func(it *wp.MenuItem) any { return wp.TheTitle(it.Title) })),
		).WithArg(rawText),
		rest.F(str("status", "A named status for the object.").OneOfEnum("publish", "future", "draft", "pending", "private").SchemaDef("publish"),
			func(_ *rest.Request, p *store.Post) any { return p.Status }),
		rest.F(str("url", "The URL to which this menu item points.").Fmt("uri"),
			item(func(it *wp.MenuItem) any {
				if it.NoURL {
					return false
				}
				return it.URL
			})).WithArg(urlArg),
		rest.F(str("attr_title", "Text for the title attribute of the link element for this menu item."),
			item(func(it *wp.MenuItem) any { return it.AttrTitle })).WithArg(textArg),
		rest.F(str("description", "The description of this menu item."),
			item(func(it *wp.MenuItem) any { return it.Description })).WithArg(textArg),
		rest.F(str("type", `The family of objects originally represented, such as "post_type" or "taxonomy".`).
			OneOfEnum("taxonomy", "post_type", "post_type_archive", "custom").SchemaDef("custom"),
			item(func(it *wp.MenuItem) any { return it.Type })),
		rest.F(str("type_label", "The singular label used to describe this type of menu item.").RO(),
			item(func(it *wp.MenuItem) any { return it.TypeLabel })),
		rest.F(str("object", `The type of object originally represented, such as "category", "post", or "attachment".`),
			item(func(it *wp.MenuItem) any { return it.Object })).WithArg(func(a *rest.Schema) {
			a.SchemaFirst, a.Sanitize = true, sanitizeWith(wpfunc.SanitizeKey)
		}),
		rest.F(rest.Int("object_id").Desc("The database ID of the original object this menu item represents, for example the ID for posts or the term_id for categories.").
			Ctx(all...).Min(0).SchemaDef(0),
			item(func(it *wp.MenuItem) any { return max(it.ObjectID, -it.ObjectID) })),
		rest.F(rest.Int("parent").Desc("The ID for the parent of the object.").Ctx(all...).Min(0).SchemaDef(0),
			item(func(it *wp.MenuItem) any { return it.Parent })),
		rest.F(rest.Int("menu_order").Desc("The DB ID of the nav_menu_item that is this item's menu parent, if any, otherwise 0.").
			Ctx(all...).Min(1).SchemaDef(1),
			func(_ *rest.Request, p *store.Post) any { return p.MenuOrder() }),
		rest.F(str("target", "The target attribute of the link element for this menu item.").OneOfEnum("_blank", ""),
			item(func(it *wp.MenuItem) any { return it.Target })),
		rest.F(rest.Arr("classes", rest.Str("")).Desc("Class names for the link element of this menu item.").Ctx(all...),
			item(func(it *wp.MenuItem) any { return it.Classes })).WithArg(listArg),
		rest.F(rest.Arr("xfn", rest.Str("")).Desc("The XFN relationship expressed in the link of this menu item.").Ctx(all...),
			item(func(it *wp.MenuItem) any {
				out := []string{}
				for _, x := range strings.Split(it.XFN, " ") {
					out = append(out, wpfunc.SanitizeHTMLClass(x, ""))
				}
				return out
			})).WithArg(listArg),
		rest.F(rest.Bool("invalid").Desc("Whether the menu item represents an object that no longer exists.").Ctx(all...).RO(),
			item(func(it *wp.MenuItem) any { return it.Invalid })),
	}
	out = append(out, pfMetaOf(res.m, "nav_menu_item")...)
	out = append(out, rest.F(rest.Int("menus").Desc("The terms assigned to the object in the nav_menu taxonomy.").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return wp.MenuOf(p) }))
	return out
}

// sanitizeWith is an arg_options sanitize_callback applied to a string argument.
func sanitizeWith(clean func(string) string) func(*rest.Request, any, string) (any, *rest.Error) {
	return func(_ *rest.Request, v any, _ string) (any, *rest.Error) {
		s, _ := v.(string)
		return clean(s), nil
	}
}

// sanitizeClassList is the classes' and xfn's sanitize_callback:
// array_map( 'sanitize_html_class', wp_parse_list( $value ) ).
func sanitizeClassList(_ *rest.Request, v any, _ string) (any, *rest.Error) {
	var list []string
	switch x := v.(type) {
	case string:
		list = wpfunc.ParseList(x)
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				list = append(list, wpfunc.ParseList(s)...)
			}
		}
	}
	out := make([]any, 0, len(list))
	for _, s := range list {
		out = append(out, wpfunc.SanitizeHTMLClass(s, ""))
	}
	return out, nil
}

// urlArg is the url argument's validate_callback: "" or a URL sanitize_url keeps
// something of, else rest_invalid_url; then sanitize_url.
func urlArg(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
		s, ok := v.(string)
		if !ok {
			return a.Validate(v, param)
		}
		if s == "" {
			return "", nil
		}
		clean := wpfunc.SanitizeURL(s)
		if clean == "" {
			return nil, &rest.Error{Code: "rest_invalid_url", Message: "Invalid URL."}
		}
		return clean, nil
	}
}

// menuItemLinks is what the menu items controller's prepare_links adds: the object
// the item points at, a post or a term, by its route (none for custom links and
// archives, or an object without a route).
func menuItemLinks(_ *posts, r *rest.Request, p *store.Post, ls rest.Links) rest.Links {
	it := menuItem(r, p)
	if it.ObjectID == 0 {
		return ls
	}
	tx := txOf(r)
	switch it.Type {
	case "post_type":
		if o := tx.Post(it.ObjectID); o != nil {
			if route := wp.RouteForPost(tx, o); route != "/" {
				return ls.Embed("wp:menu-item-object", r.RestURL(route), rest.Member{Key: "post_type", Value: o.Type})
			}
		}
	case "taxonomy":
		if t := tx.Term(it.ObjectID); t != nil {
			if tax := registry(r).Taxonomy(t.Taxonomy); tax != nil {
				return ls.Embed("wp:menu-item-object", r.RestURL("/"+tax.RESTNamespace()+"/"+tax.RestBase+"/"+strconv.Itoa(t.ID)),
					rest.Member{Key: "taxonomy", Value: t.Taxonomy})
			}
		}
	}
	return ls
}

// deleteMenuItem is the menu items controller's delete_item: only with force, the
// answer the item as it was in the request's context.
func (res *posts) deleteMenuItem(r *rest.Request) (*rest.Response, *rest.Error) {
	p, err := getPost(r, r.Int("id"), res.pt.Slug)
	if err != nil {
		return nil, err
	}
	if !r.Bool("force") {
		return nil, rest.Errorf(http.StatusNotImplemented, codeTrashNotSupported, msgMenuItemTrash)
	}
	previous := withoutLinks(res.item.Render(r, p))
	wp.DeletePost(txOf(r), p)
	return rest.OK(rest.Object{{Key: "deleted", Value: true}, {Key: "previous", Value: previous}}), nil
}
