package mock

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Writes of menu items: the menu items controller's prepare_item_for_database, then
// wp_update_nav_menu_item. Every check runs before the first change.

// prepareMenuItem is prepare_item_for_database: the stored item's values (an update)
// or the defaults (a create), the request's over them (defaults included, as
// WordPress fills them in before), the object's kind found from its id, and the
// checks of the item's kind.
func (res *posts) prepareMenuItem(r *rest.Request, stored *store.Post) (wp.NavMenuItemArgs, *rest.Error) {
	a := wp.NavMenuItemArgs{Position: 1, Type: "custom", Status: "publish"}
	if stored != nil {
		it := menuItem(r, stored)
		a = wp.NavMenuItemArgs{Menu: wp.MenuOf(stored), ObjectID: it.ObjectID, Object: it.Object, Parent: it.Parent,
			Position: max(stored.MenuOrder(), 1), Type: it.Type, Title: it.Title, URL: it.URL,
			Description: it.Description, AttrTitle: it.AttrTitle, Target: it.Target,
			Classes: strings.Join(it.Classes, " "), XFN: it.XFN, Status: stored.Status}
	}
	ints := map[string]*int{"object_id": &a.ObjectID, "parent": &a.Parent, "menu_order": &a.Position}
	for name, p := range ints {
		if r.Has(name) {
			*p = r.Int(name)
		}
	}
	strs := map[string]*string{"object": &a.Object, "type": &a.Type, "url": &a.URL, "description": &a.Description,
		"attr_title": &a.AttrTitle, "target": &a.Target, "status": &a.Status}
	for name, p := range strs {
		if r.Has(name) {
			*p = r.String(name)
		}
	}
	classes, xfn := strings.Split(a.Classes, " "), strings.Split(a.XFN, " ")
	if r.Has("classes") {
		classes = r.Strings("classes")
	}
	if r.Has("xfn") {
		xfn = r.Strings("xfn")
	}
	if id := r.Int("menus"); id != 0 {
		a.Menu = max(id, -id)
	}
	switch t := r.Param("title").(type) {
	case string:
		a.Title = t
	case map[string]any:
		if raw, _ := t["raw"].(string); raw != "" {
			a.Title = raw
		}
	}
	if err := checkMenuItem(r, &a); err != nil {
		return a, err
	}
	a.Classes, a.XFN = strings.Join(classes, " "), strings.Join(xfn, " ")
	if a.Status != "publish" {
		a.Status = "draft"
	}
	return a, nil
}

// checkMenuItem finds the object's kind from its id (a term's taxonomy, a post's
// type) and runs the checks of the item's kind; every failure is kept, the first
// answered with the others as its additional errors, as WordPress's WP_Error gathers
// them.
func checkMenuItem(r *rest.Request, a *wp.NavMenuItemArgs) *rest.Error {
	tx := txOf(r)
	var errs []*rest.Error
	fail := func(code, msg string) {
		errs = append(errs, &rest.Error{Code: code, Message: msg, Status: http.StatusBadRequest})
	}
	if a.Object == "" {
		switch a.Type {
		case "taxonomy":
			if t := tx.Term(max(a.ObjectID, -a.ObjectID)); t == nil {
				fail(codeTermInvalidID, msgTermInvalidIDItems)
			} else {
				a.Object = t.Taxonomy
			}
		case "post_type":
			if p := tx.Post(max(a.ObjectID, -a.ObjectID)); p == nil {
				fail(codePostInvalidID, "Invalid post ID.")
			} else {
				a.Object = p.Type
			}
		}
	}
	if a.Type == "post_type_archive" && !registeredType(r, a.Object) {
		fail(codePostInvalidType, "Invalid post type.")
	}
	if a.Type == "custom" {
		if a.Title == "" {
			fail(codeTitleRequired, "The title is required when using a custom menu item type.")
		}
		if a.URL == "" {
			fail(codeURLRequired, "The url is required when using a custom menu item type.")
		}
	}
	if len(errs) == 0 {
		return nil
	}
	err := errs[0]
	for _, e := range errs[1:] {
		err.AdditionalErrors = append(err.AdditionalErrors, e)
	}
	return err
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
	p, werr := wp.UpdateNavMenuItem(tx, res.m.version, stored, a)
	if werr != nil {
		return nil, rest.Errorf(werr.Status, werr.Code, "%s", werr.Message)
	}
	r.SetParam("context", rest.Edit)
	body := res.item.RenderIn(r, p, rest.Edit)
	if stored == nil {
		return rest.Created(body, r.RestURL("/"+Namespace+"/"+res.pt.RestBase+"/"+strconv.Itoa(p.ID))), nil
	}
	return rest.OK(body), nil
}
