package mock

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/fixtures/prose"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Writes of menu items: the menu items controller's prepare_item_for_database, then
// wp_update_nav_menu_item. Every check runs before the first change.

// navMenuItemArgs are prepare_item_for_database's menu-item-* values.
type navMenuItemArgs struct {
	menu, objectID, parent, position        int
	object, typ, title, url, description    string
	attrTitle, target, classes, xfn, status string
}

// prepareMenuItem is prepare_item_for_database: the stored item's values (an update)
// or the defaults (a create), the request's over them (defaults included, as
// WordPress fills them in before), the object's kind found from its id, and the
// checks of the item's kind.
func (res *posts) prepareMenuItem(r *rest.Request, stored *store.Post) (navMenuItemArgs, *rest.Error) {
	a := navMenuItemArgs{position: 1, typ: "custom", status: "publish"}
	if stored != nil {
		it := menuItem(r, stored)
		a = navMenuItemArgs{menu: wp.MenuOf(stored), objectID: it.ObjectID, object: it.Object, parent: it.Parent,
			position: max(stored.MenuOrder(), 1), typ: it.Type, title: it.Title, url: it.URL,
			description: it.Description, attrTitle: it.AttrTitle, target: it.Target,
			classes: strings.Join(it.Classes, " "), xfn: it.XFN, status: stored.Status}
	}
	ints := map[string]*int{"object_id": &a.objectID, "parent": &a.parent, "menu_order": &a.position}
	for name, p := range ints {
		if r.Has(name) {
			*p = r.Int(name)
		}
	}
	strs := map[string]*string{"object": &a.object, "type": &a.typ, "url": &a.url, "description": &a.description,
		"attr_title": &a.attrTitle, "target": &a.target, "status": &a.status}
	for name, p := range strs {
		if r.Has(name) {
			*p = r.String(name)
		}
	}
	classes, xfn := strings.Split(a.classes, " "), strings.Split(a.xfn, " ")
	if r.Has("classes") {
		classes = r.Strings("classes")
	}
	if r.Has("xfn") {
		xfn = r.Strings("xfn")
	}
	if id := r.Int("menus"); id != 0 {
		a.menu = max(id, -id)
	}
	switch t := r.Param("title").(type) {
	case string:
		a.title = t
	case map[string]any:
		if raw, _ := t["raw"].(string); raw != "" {
			a.title = raw
		}
	}
	tx := txOf(r)
	var errs []*rest.Error
	fail := func(code, msg string) {
		errs = append(errs, &rest.Error{Code: code, Message: msg, Status: http.StatusBadRequest})
	}
	if a.object == "" {
		switch a.typ {
		case "taxonomy":
			if t := tx.Term(max(a.objectID, -a.objectID)); t == nil {
				fail(codeTermInvalidID, msgTermInvalidIDItems)
			} else {
				a.object = t.Taxonomy
			}
		case "post_type":
			if p := tx.Post(max(a.objectID, -a.objectID)); p == nil {
				fail(codePostInvalidID, "Invalid post ID.")
			} else {
				a.object = p.Type
			}
		}
	}
	if a.typ == "post_type_archive" && !registeredType(r, a.object) {
		fail(codePostInvalidType, "Invalid post type.")
	}
	if a.typ == "custom" {
		if a.title == "" {
			fail(codeTitleRequired, "The title is required when using a custom menu item type.")
		}
		if a.url == "" {
			fail(codeURLRequired, "The url is required when using a custom menu item type.")
		}
	}
	if len(errs) > 0 {
		err := errs[0]
		for _, e := range errs[1:] {
			err.AdditionalErrors = append(err.AdditionalErrors, e)
		}
		return a, err
	}
	a.classes, a.xfn = strings.Join(classes, " "), strings.Join(xfn, " ")
	if a.status != "publish" {
		a.status = "draft"
	}
	return a, nil
}

// registeredType says whether slug is a registered post type (get_post_type_object).
func registeredType(r *rest.Request, slug string) bool {
	for _, pt := range registry(r).RegisteredPostTypes() {
		if pt.Slug == slug {
			return true
		}
	}
	return slug == "revision" || slug == "custom_css" || slug == "customize_changeset" ||
		slug == "oembed_cache" || slug == "user_request" || slug == "wp_global_styles"
}

// writeMenuItem is the menu items controller's create_item and update_item: the
// item prepared, then saved as wp_update_nav_menu_item saves it, and answered in
// edit context (a create with 201).
func (res *posts) writeMenuItem(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	var stored *store.Post
	if r.Has("id") {
		var err *rest.Error
		if stored, err = getPost(r, r.Int("id"), res.pt.Slug); err != nil {
			return nil, err
		}
	}
	a, err := res.prepareMenuItem(r, stored)
	if err != nil {
		return nil, err
	}
	p, err := res.m.saveMenuItem(tx, stored, a)
	if err != nil {
		return nil, err
	}
	r.SetParam("context", rest.Edit)
	body := res.item.RenderIn(r, p, rest.Edit)
	if stored == nil {
		return rest.Created(body, r.RestURL("/"+Namespace+"/"+res.pt.RestBase+"/"+strconv.Itoa(p.ID))), nil
	}
	return rest.OK(body), nil
}

// saveMenuItem is wp_update_nav_menu_item: the menu must exist (or be 0); a new
// item's position defaults to after the menu's last; the item's own title is kept
// only where it differs from its object's; its post (title, description as content,
// title attribute as excerpt, the object's parent as post_parent) and its meta.
func (m *Mock) saveMenuItem(tx *store.Tx, stored *store.Post, a navMenuItemArgs) (*store.Post, *rest.Error) {
	if a.menu != 0 {
		if t := tx.Term(a.menu); t == nil || t.Taxonomy != "nav_menu" {
			return nil, rest.Errorf(http.StatusBadRequest, codeInvalidMenuID, "Invalid menu ID.")
		}
	}
	if a.menu == 0 {
		a.position = 1
	} else if a.position == 0 {
		items := wp.MenuItems(tx, a.menu, "publish", "draft")
		a.position = len(items)
		if len(items) > 0 {
			a.position = items[len(items)-1].MenuOrder() + 1
		}
	}
	originalParent := 0
	if stored != nil {
		originalParent = stored.Parent
	}
	if a.typ == "custom" {
		a.url = wpfunc.Trim(a.url)
	} else {
		a.url = ""
		originalTitle := ""
		switch a.typ {
		case "taxonomy":
			if t := tx.Term(a.objectID); t != nil && t.Taxonomy == a.object {
				originalParent, originalTitle = t.Parent, t.Name
			}
		case "post_type":
			if o := tx.Post(a.objectID); o != nil {
				originalParent, originalTitle = o.Parent, o.Title
			}
		case "post_type_archive":
			if pt := wp.RegistryOf(tx).PostType(a.object); pt != nil {
				v, _ := pt.Labels.At(m.version).Get("archives")
				originalTitle, _ = v.(string)
			}
		}
		if a.title == originalTitle {
			a.title = ""
		}
		if a.title == "" && a.description == "" { // "a hack to get wp to create a post object"
			a.description = " "
		}
	}
	localNow, now := wp.Now(tx)
	fill := func(p *store.Post) {
		p.Title, p.Content, p.Excerpt = a.title, prose.Plain(a.description), a.attrTitle
		p.Parent = originalParent
		e := p.Extra()
		e.MenuOrder = a.position
		p.SetExtra(e)
		if a.menu != 0 {
			p.SetTermIDs("nav_menu", []int{a.menu})
		}
	}
	var p *store.Post
	if stored == nil {
		p = &store.Post{Type: "nav_menu_item", Status: "draft", Date: localNow, Modified: localNow, ModifiedGMT: now,
			CommentStatus: "closed", PingStatus: "closed"}
		if a.status == "publish" {
			p.Status, p.DateGMT = "publish", now
		}
		fill(p)
		tx.InsertPost(p)
		tx.ChangePost(p.ID, func(p *store.Post) { p.Slug = strconv.Itoa(p.ID) })
	} else {
		p = tx.ChangePost(stored.ID, func(p *store.Post) {
			fill(p)
			p.Status = "publish"
			if a.status == "draft" {
				p.Status = "draft"
			}
			if p.Status == "publish" && p.DateGMT.IsZero() {
				p.DateGMT = wp.GMT(tx, p.Date)
			}
			p.Modified, p.ModifiedGMT = localNow, now
		})
	}
	if a.typ == "custom" {
		a.objectID, a.object = p.ID, "custom"
	}
	if a.parent == p.ID && m.version >= rest.V62 { // 6.2 resets an item made its own parent
		a.parent = 0
	}
	classes := strings.Split(a.classes, " ")
	for i, c := range classes {
		classes[i] = wpfunc.SanitizeHTMLClass(c, "")
	}
	xfn := strings.Split(a.xfn, " ")
	for i, x := range xfn {
		xfn[i] = wpfunc.SanitizeHTMLClass(x, "")
	}
	values := map[string]string{
		wp.MenuItemType: wpfunc.SanitizeKey(a.typ), wp.MenuItemParent: strconv.Itoa(a.parent),
		wp.MenuItemObjectID: strconv.Itoa(a.objectID), wp.MenuItemObject: wpfunc.SanitizeKey(a.object),
		wp.MenuItemTarget: wpfunc.SanitizeKey(a.target), wp.MenuItemClasses: wp.SerializeList(classes),
		wp.MenuItemXFN: strings.Join(xfn, " "), wp.MenuItemURL: wpfunc.SanitizeURL(a.url),
	}
	for _, key := range wp.MenuItemMetaKeys {
		v := values[key]
		setMeta(tx, p.ID, key, &v)
	}
	after := tx.Post(p.ID)
	wp.UpdateTermCounts(tx, stored, after)
	return after, nil
}

// autoAddPage is _wp_auto_add_pages_to_menu (on transition_post_status): a page
// published at the top level, from any other status, joins each menu whose auto_add
// is on (after its last item) unless an item of the menu links it already.
func (m *Mock) autoAddPage(tx *store.Tx, oldStatus string, p *store.Post) {
	if p.Type != "page" || p.Status != "publish" || oldStatus == "publish" || p.Parent != 0 {
		return
	}
	for _, menu := range tx.Terms("nav_menu") {
		if !menu.AutoAdd {
			continue
		}
		linked := false
		for _, it := range wp.MenuItems(tx, menu.ID, "publish", "draft") {
			linked = linked || wp.MenuItemLinks(tx, it, "page", p.ID)
		}
		if !linked {
			_, _ = m.saveMenuItem(tx, nil, navMenuItemArgs{menu: menu.ID, objectID: p.ID, object: "page", typ: "post_type", status: "publish"})
		}
	}
}
