package mock

import (
	"fmt"
	"html"
	"net/http"
	"slices"
	"strconv"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Errors of the menus, menu items and menu locations controllers.
const (
	// The read access refusals (rest_cannot_view, 401/403) of /menus, /menu-items and /menu-locations.
	msgCannotViewMenus     = "Sorry, you are not allowed to view menus."
	msgCannotViewMenuItems = "Sorry, you are not allowed to view menu items."
	msgCannotViewLocations = "Sorry, you are not allowed to view menu locations."
	// codeMenuExists: a create or rename to another menu's name (400, data.term_id).
	codeMenuExists = "menu_exists"
	msgMenuExists  = "The menu name <strong>%s</strong> conflicts with another menu name. Please try another."
	// codeInvalidMenuLocation: locations naming one the theme does not register (inside
	// rest_invalid_param, data.location).
	codeInvalidMenuLocation, msgInvalidMenuLocation = "rest_invalid_menu_location", "Invalid menu location."
	// msgMenuTrash: DELETE /menus/<id> without force (501 rest_trash_not_supported).
	msgMenuTrash = "Menus do not support trashing. Set 'force=true' to delete."
)

// publicMenusOption is the mock's own option standing in for a plugin's
// rest_menu_read_access filter (6.8): when true, anyone may read menus, menu items
// and menu locations.
const publicMenusOption = "wpmock_public_menus"

// menuHooks are WP_REST_Menus_Controller's overrides of the terms controller: the
// schema without count, link and taxonomy, with locations and auto_add; read access
// for whoever may edit some post type (or everyone, where menus are public); the
// menu-location links; create and update through wp_update_nav_menu_object (names
// unique among menus, the slug always made from the name, the description replaced);
// locations and auto_add written after; wp_delete_nav_menu, which deletes the items.
var menuHooks = &termHooks{
	itemSchema:   menuSchema,
	readAccess:   menuReadAccess(msgCannotViewMenus),
	links:        menuLinks,
	create:       (*terms).writeMenu,
	update:       (*terms).writeMenu,
	trashMessage: msgMenuTrash,
	deleteTerm: func(res *terms, r *rest.Request, t *store.Term) {
		tx := txOf(r)
		wp.DeleteNavMenu(tx, t, func(p *store.Post) { wp.DeletePost(tx, p) })
	},
}

// menuSchema is the menus controller's get_item_schema.
func menuSchema(res *terms, fields []*termField) []*termField {
	out := slices.DeleteFunc(fields, func(f *termField) bool {
		return f.Name == "count" || f.Name == "link" || f.Name == "taxonomy"
	})
	locations := rest.Arr("locations", rest.Str("")).Desc("The locations assigned to the menu.").Ctx(rest.ViewEdit...)
	return append(out,
		rest.F(locations, func(_ *rest.Request, t *store.Term) any { return stringList(t.Locations) }).WithArg(locationsArg),
		rest.F(rest.Bool("auto_add").Desc("Whether to automatically add top level pages to this menu.").Ctx(rest.ViewEdit...),
			func(_ *rest.Request, t *store.Term) any { return t.AutoAdd }))
}

// locationsArg is the locations argument's validate_callback: a list of strings, each
// a registered location.
func locationsArg(a *rest.Schema) {
	a.Sanitize = func(r *rest.Request, v any, param string) (any, *rest.Error) {
		v, err := a.Validate(v, param)
		if err != nil {
			return nil, err
		}
		list, _ := v.([]any)
		for _, l := range list {
			s, _ := l.(string)
			if !slices.ContainsFunc(registry(r).Locations, func(loc wp.Location) bool { return loc.Name == s }) {
				return nil, &rest.Error{Code: codeInvalidMenuLocation, Message: msgInvalidMenuLocation,
					Data: rest.Object{{Key: "location", Value: s}}}
			}
		}
		return v, nil
	}
}

func stringList(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// menuReadAccess is check_has_read_only_access of the menus and menu items
// controllers: menus are public where the site says so (6.8's rest_menu_read_access
// filter), else edit_theme_options, edit_posts or any REST type's edit_posts.
func menuReadAccess(msg string) func(r *rest.Request) *rest.Error {
	return func(r *rest.Request) *rest.Error {
		if publicMenus(r) || can(r, "edit_theme_options") || can(r, "edit_posts") {
			return nil
		}
		v := r.Server().Version
		for _, pt := range registry(r).RegisteredPostTypes() {
			if pt.Shown.In(v) && can(r, pt.Cap("edit_posts")) {
				return nil
			}
		}
		return r.Forbidden(codeCannotView, msg)
	}
}

// publicMenus is the rest_menu_read_access filter (6.8) as the site's option.
func publicMenus(r *rest.Request) bool {
	if r.Server().Version < rest.V68 {
		return false
	}
	v, _ := txOf(r).Option(publicMenusOption)
	return !wpfunc.Empty(v)
}

// menuLinks is the menus controller's prepare_links: the locations showing the menu.
func menuLinks(r *rest.Request, t *store.Term, ls rest.Links) rest.Links {
	for _, l := range t.Locations {
		ls = ls.Embed("wp:menu-location", r.RestURL("/"+Namespace+"/menu-locations/"+l))
	}
	return ls
}

// writeMenu is the menus controller's create_item and update_item:
// wp_update_nav_menu_object with the request's name (an update keeps the name it
// has), its description ("" when not sent) and no slug (made from the name), then
// the locations and auto_add. The answer is in view context; a create's is 201.
func (res *terms) writeMenu(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	create := !r.Has("id")
	var old *store.Term
	if !create {
		var err *rest.Error
		if old, err = res.getTerm(r, r.Int("id")); err != nil {
			return nil, err
		}
	}
	if v, ok := r.Raw("parent"); ok && v != nil {
		return nil, rest.Errorf(http.StatusBadRequest, codeNotHierarchical, msgNotHierarchical)
	}
	name := ""
	if old != nil {
		name = old.Name
	}
	if r.Has("name") {
		name = r.String("name")
	}
	for _, o := range tx.Terms("nav_menu") { // get_term_by( 'name' ): as stored, case-insensitively
		if wpfunc.StrToLower(o.Name) == wpfunc.StrToLower(termName(name)) && (old == nil || o.ID != old.ID) {
			err := (&rest.Error{Code: codeMenuExists, Message: fmt.Sprintf(msgMenuExists, html.EscapeString(name)),
				Status: http.StatusBadRequest}).With("term_id", o.ID)
			err.AdditionalData = []any{o.ID}
			return nil, err
		}
	}
	t := &store.Term{Taxonomy: "nav_menu", Name: termName(name), Description: wpfunc.Kses(r.String("description"))}
	if wpfunc.Trim(t.Name) == "" {
		return nil, rest.Errorf(http.StatusBadRequest, codeEmptyTermName, msgEmptyTermName)
	}
	if old != nil {
		next := *old
		next.Name, next.Description = t.Name, t.Description
		next.Slug = wp.UniqueTermSlug(tx, wpfunc.SanitizeTitle(t.Name), &next)
		t = tx.ChangeTerm(old.ID, func(u *store.Term) { *u = next })
	} else {
		t.Slug = wp.UniqueTermSlug(tx, wpfunc.SanitizeTitle(t.Name), t)
		tx.InsertTerm(t)
	}
	t, failed := res.writeMetaAndFields(r, t)
	if failed != nil {
		return nil, failed
	}
	if r.Has("locations") {
		wp.SetMenuLocations(tx, t.ID, r.Strings("locations"))
	}
	if r.Has("auto_add") && r.Bool("auto_add") != t.AutoAdd {
		tx.ChangeTerm(t.ID, func(u *store.Term) { u.AutoAdd = r.Bool("auto_add") })
	}
	t = tx.Term(t.ID)
	r.SetParam("context", rest.View)
	body := res.item.RenderIn(r, t, rest.View)
	if create {
		return rest.Created(body, r.RestURL("/"+Namespace+"/"+res.base+"/"+strconv.Itoa(t.ID))), nil
	}
	return rest.OK(body), nil
}
