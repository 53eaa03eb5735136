package mock

import (
	"net/http"
	"strconv"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// codeMenuLocationInvalid: GET /menu-locations/<name> of a location the theme does not
// register (404).
const codeMenuLocationInvalid, msgMenuLocationInvalid = "rest_menu_location_invalid", "Invalid menu location."

// menuLocations is /wp/v2/menu-locations (WP_REST_Menu_Locations_Controller): the
// theme's locations (wp.Registry.Locations, register_nav_menus) with the menu each
// shows. A site without locations of its own has none, as a block theme (the
// reference sites' Twenty Twenty-Three) registers none; a dataset registers a classic
// theme's (register.nav_menus, fixtures/README.md).
type menuLocations struct {
	m    *Mock
	item *rest.Item[wp.Location]
}

type locationField = rest.Field[wp.Location]

func (res *menuLocations) declare() *rest.Item[wp.Location] {
	if res.item != nil {
		return res.item
	}
	ro := func(s *rest.Schema) *rest.Schema { return s.Ctx(rest.Embed, rest.View, rest.Edit).RO() }
	res.item = (&rest.Item[wp.Location]{Title: "menu-location", Links: res.links, Fields: []*locationField{
		rest.F(ro(rest.Str("name").Desc("The name of the menu location.")),
			func(_ *rest.Request, l *wp.Location) any { return l.Name }),
		rest.F(ro(rest.Str("description").Desc("The description of the menu location.")),
			func(_ *rest.Request, l *wp.Location) any { return l.Description }),
		rest.F(ro(rest.Int("menu").Desc("The ID of the assigned menu.")),
			func(r *rest.Request, l *wp.Location) any { return wp.MenuAt(txOf(r), l.Name) }),
	}}).For(res.m.version)
	return res.item
}

// links is prepare_links: self, collection and the menu shown there (embeddable).
func (res *menuLocations) links(r *rest.Request, l *wp.Location) rest.Links {
	base := "/" + Namespace + "/menu-locations"
	ls := rest.Links{}.Add("self", r.RestURL(base+"/"+l.Name)).Add("collection", r.RestURL(base))
	if menu := wp.MenuAt(txOf(r), l.Name); menu != 0 {
		ls = ls.Embed("wp:menu", r.RestURL("/"+Namespace+"/menus/"+strconv.Itoa(menu)))
	}
	return ls
}

func (res *menuLocations) routes() []*rest.Route {
	it := res.declare()
	base := "/" + Namespace + "/menu-locations"
	return []*rest.Route{
		{Namespace: Namespace, Pattern: base, Shape: rest.Shape{Keyed: true}, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{contextArg()}, Permission: res.permission, Handler: res.list},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<location>[\w-]+)`, Schema: it.SchemaJSON, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{
				rest.Str("location").Desc("An alphanumeric identifier for the menu location."), contextArg(),
			}, Permission: res.permission, Handler: res.get},
		}},
	}
}

// permission is get_items_permissions_check and get_item_permissions_check:
// edit_theme_options, or from 6.8 the rest_menu_read_access filter (public menus).
func (res *menuLocations) permission(r *rest.Request) *rest.Error {
	if publicMenus(r) || can(r, "edit_theme_options") {
		return nil
	}
	return r.Forbidden(codeCannotView, msgCannotViewLocations)
}

// list is get_items: the locations by name ([] when there are none, as PHP encodes an
// empty array).
func (res *menuLocations) list(r *rest.Request) (*rest.Response, *rest.Error) {
	locations := registry(r).Locations
	if len(locations) == 0 {
		return rest.OK([]any{}), nil
	}
	out := make(rest.Object, 0, len(locations))
	for i := range locations {
		out = append(out, rest.Member{Key: locations[i].Name, Value: res.item.Render(r, &locations[i])})
	}
	return rest.OK(out), nil
}

// get is get_item.
func (res *menuLocations) get(r *rest.Request) (*rest.Response, *rest.Error) {
	l := registry(r).Location(r.String("location"))
	if l == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeMenuLocationInvalid, msgMenuLocationInvalid)
	}
	return rest.OK(res.item.Render(r, l)), nil
}
