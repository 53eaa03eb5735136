package wp

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// nav-menu.php's writes: wp_update_nav_menu_item, and _wp_auto_add_pages_to_menu,
// which a page's status change runs (transition_post_status): the posts controller
// calls it here, never through the menu items controller.

// CodeInvalidMenuID is wp_update_nav_menu_item's error for a menu id that names no menu.
const CodeInvalidMenuID = "invalid_menu_id"

// NavMenuItemArgs are the menu-item-* values wp_update_nav_menu_item takes (the menu
// items controller's prepare_item_for_database makes them).
type NavMenuItemArgs struct {
	Menu, ObjectID, Parent, Position        int
	Object, Type, Title, URL, Description   string
	AttrTitle, Target, Classes, XFN, Status string
}

// UpdateNavMenuItem is wp_update_nav_menu_item: the menu must exist (or be 0); a new
// item's position defaults to after the menu's last; the item's own title is kept
// only where it differs from its object's; its post (title, description as content,
// title attribute as excerpt, the object's parent as post_parent) and its meta.
func UpdateNavMenuItem(tx *store.Tx, v wpversion.Version, stored *store.Post, a NavMenuItemArgs) (*store.Post, *Error) {
	if a.Menu != 0 {
		if t := tx.Term(a.Menu); t == nil || t.Taxonomy != "nav_menu" {
			return nil, &Error{Code: CodeInvalidMenuID, Message: "Invalid menu ID.", Status: http.StatusBadRequest}
		}
	}
	if a.Menu == 0 {
		a.Position = 1
	} else if a.Position == 0 {
		items := MenuItems(tx, a.Menu, "publish", "draft")
		a.Position = len(items)
		if len(items) > 0 {
			a.Position = items[len(items)-1].MenuOrder() + 1
		}
	}
	originalParent := menuItemObject(tx, v, stored, &a)
	localNow, now := Now(tx)
	fill := func(p *store.Post) {
		p.Title, p.Content, p.Excerpt = a.Title, prose.Plain(a.Description), a.AttrTitle
		p.Parent = originalParent
		e := p.Extra()
		e.MenuOrder = a.Position
		p.SetExtra(e)
		if a.Menu != 0 {
			p.SetTermIDs("nav_menu", []int{a.Menu})
		}
	}
	var p *store.Post
	if stored == nil {
		p = &store.Post{Type: "nav_menu_item", Status: "draft", Date: localNow, Modified: localNow, ModifiedGMT: now,
			CommentStatus: "closed", PingStatus: "closed"}
		if a.Status == "publish" {
			p.Status, p.DateGMT = "publish", now
		}
		fill(p)
		tx.InsertPost(p)
		tx.ChangePost(p.ID, func(p *store.Post) { p.Slug = strconv.Itoa(p.ID) })
	} else {
		p = tx.ChangePost(stored.ID, func(p *store.Post) {
			fill(p)
			p.Status = "publish"
			if a.Status == "draft" {
				p.Status = "draft"
			}
			if p.Status == "publish" && p.DateGMT.IsZero() {
				p.DateGMT = GMT(tx, p.Date)
			}
			p.Modified, p.ModifiedGMT = localNow, now
		})
	}
	writeMenuItemMeta(tx, v, p.ID, a)
	after := tx.Post(p.ID)
	UpdateTermCounts(tx, stored, after)
	return after, nil
}

// AutoAddPageToMenus is _wp_auto_add_pages_to_menu (on transition_post_status): a page
// published at the top level, from any other status, joins each menu whose auto_add
// is on (after its last item) unless an item of the menu links it already.
func AutoAddPageToMenus(tx *store.Tx, v wpversion.Version, oldStatus string, p *store.Post) {
	if p.Type != "page" || p.Status != "publish" || oldStatus == "publish" || p.Parent != 0 {
		return
	}
	for _, menu := range tx.Terms("nav_menu") {
		if !menu.AutoAdd {
			continue
		}
		linked := false
		for _, it := range MenuItems(tx, menu.ID, "publish", "draft") {
			linked = linked || MenuItemLinks(tx, it, "page", p.ID)
		}
		if !linked {
			_, _ = UpdateNavMenuItem(tx, v, nil, NavMenuItemArgs{Menu: menu.ID, ObjectID: p.ID, Object: "page", Type: "post_type", Status: "publish"})
		}
	}
}

// menuItemObject is what wp_update_nav_menu_item reads of the item's object: a custom
// item's URL trimmed, another's dropped; the object's parent (else the stored item's)
// as the post's parent; the item's own title kept only where it differs from the
// object's. It returns the parent.
func menuItemObject(tx *store.Tx, v wpversion.Version, stored *store.Post, a *NavMenuItemArgs) int {
	originalParent := 0
	if stored != nil {
		originalParent = stored.Parent
	}
	if a.Type == "custom" {
		a.URL = wpfunc.Trim(a.URL)
	} else {
		a.URL = ""
		originalTitle := ""
		switch a.Type {
		case "taxonomy":
			if t := tx.Term(a.ObjectID); t != nil && t.Taxonomy == a.Object {
				originalParent, originalTitle = t.Parent, t.Name
			}
		case "post_type":
			if o := tx.Post(a.ObjectID); o != nil {
				originalParent, originalTitle = o.Parent, o.Title
			}
		case "post_type_archive":
			if pt := RegistryOf(tx).PostType(a.Object); pt != nil {
				label, _ := pt.Labels.At(v).Get("archives")
				originalTitle, _ = label.(string)
			}
		}
		if a.Title == originalTitle {
			a.Title = ""
		}
		if a.Title == "" && a.Description == "" { // "a hack to get wp to create a post object"
			a.Description = " "
		}
	}
	return originalParent
}

// writeMenuItemMeta writes the item's meta (the menu-item-* values) in
// wp_update_nav_menu_item's order, its classes and XFN sanitized.
func writeMenuItemMeta(tx *store.Tx, v wpversion.Version, id int, a NavMenuItemArgs) {
	if a.Type == "custom" {
		a.ObjectID, a.Object = id, "custom"
	}
	if a.Parent == id && v >= wpversion.V62 { // 6.2 resets an item made its own parent
		a.Parent = 0
	}
	classes := strings.Split(a.Classes, " ")
	for i, c := range classes {
		classes[i] = wpfunc.SanitizeHTMLClass(c, "")
	}
	xfn := strings.Split(a.XFN, " ")
	for i, x := range xfn {
		xfn[i] = wpfunc.SanitizeHTMLClass(x, "")
	}
	values := map[string]string{
		MenuItemType: wpfunc.SanitizeKey(a.Type), MenuItemParent: strconv.Itoa(a.Parent),
		MenuItemObjectID: strconv.Itoa(a.ObjectID), MenuItemObject: wpfunc.SanitizeKey(a.Object),
		MenuItemTarget: wpfunc.SanitizeKey(a.Target), MenuItemClasses: SerializeList(classes),
		MenuItemXFN: strings.Join(xfn, " "), MenuItemURL: wpfunc.SanitizeURL(a.URL),
	}
	for _, key := range MenuItemMetaKeys {
		value := values[key]
		SetPostMeta(tx, id, key, &value)
	}
}
