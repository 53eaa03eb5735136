package wp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// nav-menu.php: the classic menus. A menu is a nav_menu term; its items are
// nav_menu_item posts in it, each described by post meta as WordPress stores it
// (the keys below): what it points at (a post of a type, a term of a taxonomy, a
// type's archive, or a custom URL), its parent item, the link's target, classes and
// XFN. The post's title is the item's own label ("" takes the object's), its content
// the description, its excerpt the title attribute, its menu_order the position.
// Which theme locations show a menu, and whether it takes new top-level pages, are
// kept on the term (store.Term.Locations, AutoAdd), the theme mod nav_menu_locations
// and the option nav_menu_options in WordPress.

// The meta keys of a menu item (wp_update_nav_menu_item).
const (
	MenuItemType     = "_menu_item_type"             // custom, post_type, post_type_archive, taxonomy
	MenuItemParent   = "_menu_item_menu_item_parent" // the parent item's id, as a string
	MenuItemObjectID = "_menu_item_object_id"        // the post or term id (a custom item's own id)
	MenuItemObject   = "_menu_item_object"           // the post type or taxonomy ("custom")
	MenuItemTarget   = "_menu_item_target"           // "" or "_blank"
	MenuItemClasses  = "_menu_item_classes"          // a serialized PHP list of class names
	MenuItemXFN      = "_menu_item_xfn"              // the XFN relationships, space-separated
	MenuItemURL      = "_menu_item_url"              // a custom item's URL
)

// MenuItemMetaKeys are the keys in the order wp_update_nav_menu_item writes them.
var MenuItemMetaKeys = []string{MenuItemType, MenuItemParent, MenuItemObjectID, MenuItemObject, MenuItemTarget,
	MenuItemClasses, MenuItemXFN, MenuItemURL}

// MenuItem is a menu item as wp_setup_nav_menu_item decorates its post.
type MenuItem struct {
	Post             *store.Post
	Type, Object     string
	ObjectID, Parent int
	// Title is the item's label: its own, else the object's (filtered by the_title
	// for a post), else "#<id> (no title)".
	Title string
	// URL is the link; NoURL: get_post_type_archive_link answered false (a type
	// without an archive), which the API prints as false.
	URL       string
	NoURL     bool
	TypeLabel string
	AttrTitle string
	// Description is wp_trim_words of the post's content (200 words).
	Description string
	Target      string
	Classes     []string
	XFN         string
	// Invalid: the object is gone, trashed, or of an unknown type or taxonomy.
	Invalid bool
}

// menuItemMeta reads a menu item's meta by key (the first row of each).
func menuItemMeta(tx *store.Tx, id int) map[string]string {
	out := map[string]string{}
	for _, m := range tx.PostMeta(id) {
		if _, seen := out[m.Key]; !seen {
			out[m.Key] = m.Value
		}
	}
	return out
}

// TheTitle is the_title's filters (wptexturize, convert_chars, trim).
func TheTitle(s string) string { return strings.TrimSpace(wpfunc.Texturize(s)) }

// anyPostType is get_post_type_object: any registered type shown in REST or not
// (served, described, or hidden like revision), nil for none.
func anyPostType(g *Registry, slug string) *PostType {
	for _, pt := range g.RegisteredPostTypes() {
		if pt.Slug == slug {
			return pt
		}
	}
	return nil
}

// anyTaxonomy is get_taxonomy over the taxonomies shown in REST (served or
// described), nil for others.
func anyTaxonomy(g *Registry, slug string, v wpversion.Version) *Taxonomy {
	for _, t := range g.ShownTaxonomies(v) {
		if t.Slug == slug {
			return t
		}
	}
	return nil
}

// label is one of a declaration's labels in version v.
func label(ms Members, key string, v wpversion.Version) string {
	s, _ := ms.At(v).Get(key)
	str, _ := s.(string)
	return str
}

// SetupNavMenuItem is wp_setup_nav_menu_item of a nav_menu_item post: the meta read,
// the object looked up for its label, title and URL, and the item marked invalid
// where the object is gone (the REST API runs outside the admin, so a page's post
// states never replace its type label).
func SetupNavMenuItem(l Permalinks, p *store.Post, v wpversion.Version) *MenuItem {
	tx := l.Tx
	g := RegistryOf(tx)
	meta := menuItemMeta(tx, p.ID)
	it := &MenuItem{Post: p, Type: meta[MenuItemType], Object: meta[MenuItemObject],
		ObjectID: wpfunc.StringToInt(meta[MenuItemObjectID]), Parent: wpfunc.StringToInt(meta[MenuItemParent])}
	noTitle := func() string { return "#" + strconv.Itoa(it.ObjectID) + " (no title)" }
	switch it.Type {
	case "post_type":
		if pt := anyPostType(g, it.Object); pt != nil {
			it.TypeLabel = label(pt.Labels, "singular_name", v)
		} else {
			it.TypeLabel, it.Invalid = it.Object, true
		}
		original := tx.Post(it.ObjectID)
		if original != nil && GetPostStatus(tx, original) == "trash" {
			it.Invalid = true
		}
		title := ""
		if original != nil {
			it.URL = l.Post(original)
			title = TheTitle(original.Title)
		} else {
			it.Invalid = true
		}
		if title == "" {
			title = noTitle()
		}
		it.Title = cmpOr(p.Title, title)
	case "post_type_archive":
		if pt := anyPostType(g, it.Object); pt != nil {
			it.Title = cmpOr(p.Title, label(pt.Labels, "archives", v))
		} else {
			it.Invalid = true
		}
		it.TypeLabel = "Post Type Archive"
		it.URL, it.NoURL = l.Archive(it.Object)
	case "taxonomy":
		if t := anyTaxonomy(g, it.Object, v); t != nil {
			it.TypeLabel = label(t.Labels, "singular_name", v)
		} else {
			it.TypeLabel, it.Invalid = it.Object, true
		}
		title := ""
		if t := tx.Term(it.ObjectID); t != nil && t.Taxonomy == it.Object {
			it.URL, title = l.Term(t), t.Name
		} else {
			it.Invalid = true
		}
		if title == "" {
			title = noTitle()
		}
		it.Title = cmpOr(p.Title, title)
	default:
		it.TypeLabel, it.Title, it.URL = "Custom Link", p.Title, meta[MenuItemURL]
	}
	it.Target = meta[MenuItemTarget]
	it.AttrTitle = p.Excerpt
	it.Description = wpfunc.TrimWords(wpfunc.StripAllTags(p.Content.String()), 200, "&hellip;")
	it.Classes = UnserializeList(meta[MenuItemClasses])
	it.XFN = meta[MenuItemXFN]
	return it
}

// cmpOr is the item's own title where it has one, else the object's.
func cmpOr(own, original string) string {
	if own == "" {
		return original
	}
	return own
}

// MenuOf is the menu (nav_menu term id) a menu item is in, 0 for none.
func MenuOf(p *store.Post) int {
	if ids := p.TermIDs("nav_menu"); len(ids) > 0 {
		return ids[0]
	}
	return 0
}

// MenuItems are a menu's items of the given statuses by menu_order
// (wp_get_nav_menu_items' query), then id.
func MenuItems(tx *store.Tx, menu int, statuses ...string) []*store.Post {
	var out []*store.Post
	for _, p := range tx.PostsByID("nav_menu_item") {
		if MenuOf(p) == menu && slices.Contains(statuses, p.Status) {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b *store.Post) int { return a.MenuOrder() - b.MenuOrder() })
	return out
}

// DeleteNavMenu is wp_delete_nav_menu: the menu's items are deleted with it (by
// deletePost, wp_delete_post of each), then the term; the locations it had are
// left without a menu.
func DeleteNavMenu(tx *store.Tx, t *store.Term, deletePost func(p *store.Post)) {
	for _, p := range MenuItems(tx, t.ID, "publish", "draft", "pending", "future", "private", "trash", "auto-draft") {
		deletePost(p)
	}
	DeleteTerm(tx, t)
}

// MenuAt is the menu assigned to a theme location (get_nav_menu_locations), 0 for none.
func MenuAt(tx *store.Tx, location string) int {
	for _, t := range tx.Terms("nav_menu") {
		if slices.Contains(t.Locations, location) {
			return t.ID
		}
	}
	return 0
}

// SetMenuLocations is the menus controller's handle_locations: the menu takes exactly
// the locations given, which other menus lose.
func SetMenuLocations(tx *store.Tx, menu int, locations []string) {
	for _, t := range tx.Terms("nav_menu") {
		var keep []string
		if t.ID == menu {
			keep = slices.Clone(locations)
		} else {
			keep = slices.DeleteFunc(slices.Clone(t.Locations), func(l string) bool { return slices.Contains(locations, l) })
		}
		if !slices.Equal(keep, t.Locations) {
			tx.ChangeTerm(t.ID, func(u *store.Term) { u.Locations = keep })
		}
	}
}

// Location is a theme location (register_nav_menus: its name and description).
type Location struct{ Name, Description string }

// SerializeList is PHP's serialize() of a list of strings (the classes meta).
func SerializeList(list []string) string {
	var b strings.Builder
	b.WriteString("a:" + strconv.Itoa(len(list)) + ":{")
	for i, s := range list {
		b.WriteString("i:" + strconv.Itoa(i) + ";s:" + strconv.Itoa(len(s)) + ":\"" + s + "\";")
	}
	b.WriteString("}")
	return b.String()
}

// UnserializeList reads what SerializeList writes; anything else is one class, as
// (array) of a string gives. An empty value is [""] ((array) "").
func UnserializeList(s string) []string {
	if !strings.HasPrefix(s, "a:") {
		return []string{s}
	}
	var out []string
	rest := s[strings.IndexByte(s, '{')+1:]
	for {
		i := strings.Index(rest, ";s:")
		if i < 0 {
			break
		}
		rest = rest[i+3:]
		colon := strings.IndexByte(rest, ':')
		n, err := strconv.Atoi(rest[:colon])
		if err != nil || colon+2+n > len(rest) {
			break
		}
		out = append(out, rest[colon+2:colon+2+n])
		rest = rest[colon+2+n:]
	}
	if out == nil {
		return []string{}
	}
	return out
}

// MenuItemsOf are the menu items of the kind ("post_type", "taxonomy") pointing at the
// object id: what _wp_delete_post_menu_item and _wp_delete_tax_menu_item delete with
// the post or term.
func MenuItemsOf(tx *store.Tx, kind string, id int) []*store.Post {
	var out []*store.Post
	for _, p := range tx.PostsByID("nav_menu_item") {
		meta := menuItemMeta(tx, p.ID)
		if meta[MenuItemType] == kind && wpfunc.StringToInt(meta[MenuItemObjectID]) == id {
			out = append(out, p)
		}
	}
	return out
}

// MenuItemLinks says whether the menu item p points at the object id of type or
// taxonomy object.
func MenuItemLinks(tx *store.Tx, p *store.Post, object string, id int) bool {
	meta := menuItemMeta(tx, p.ID)
	return meta[MenuItemObject] == object && wpfunc.StringToInt(meta[MenuItemObjectID]) == id
}
