package main

import (
	"fmt"

	"github.com/wpmock/wpmock/fixtures"
)

// The ids the content script gives the objects the site's options name: WordPress's
// page_on_front, page_for_posts and default_category hold ids, and the dataset must say
// the same id the site has. wp_insert_post() takes an import_id; the content script moves
// the one term to its id (nothing else is numbered that high on a new site).
const (
	frontPageID     = 900
	postsPageID     = 901
	defaultCategory = 500
	uncategorizedID = 1 // the category wp_install() creates
	contentYear     = 2024
	futureYear      = 2031
)

// drawSettings draws zero to three register_setting settings in REST: scalars (some
// under a REST name of their own or with a schema), arrays and objects.
func (g *gen) drawSettings() {
	for range g.r.IntN(4) {
		name := g.name(metaNouns, 60, true) + "_setting"
		s := g.anySchema()
		a := obj("option_group", []string{"general", "reading", g.prefix + "_options"}[g.r.IntN(3)],
			"option_name", name, "type", s.String("type"), "description", "The site's "+label(name)+".")
		if g.chance(0.5) {
			a = set(a, "default", g.value(s))
		}
		sir := obj()
		if g.chance(0.3) {
			sir = set(sir, "name", g.derived(name+"_rest", name+"_api"))
		}
		if len(s) > 1 {
			sir = set(sir, "schema", schemaBody(s))
		}
		if len(sir) == 0 {
			a = set(a, "show_in_rest", true)
		} else {
			a = set(a, "show_in_rest", sir)
		}
		g.settings = append(g.settings, a)
		g.settingSchemas = append(g.settingSchemas, s)
	}
}

// routeArgs are argument shapes a plugin route validates: bounds, an enum, a pattern, a
// format, a boolean.
func (g *gen) routeArg(name string) fixtures.Args {
	var a fixtures.Args
	switch g.r.IntN(5) {
	case 0:
		a = obj("type", "integer", "minimum", 1, "maximum", 50)
	case 1:
		a = obj("type", "string", "enum", []any{"asc", "desc", "random"})
	case 2:
		a = obj("type", "string", "pattern", "^[a-z]{2,8}$")
	case 3:
		a = obj("type", "string", "format", "email")
	default:
		a = obj("type", "boolean")
	}
	a = set(a, "description", "The "+name+" to use.")
	if g.chance(0.35) {
		a = set(a, "required", true)
	} else if g.chance(0.5) {
		a = set(a, "default", g.value(a))
	}
	return a
}

var argNames = []string{"limit", "kind", "code", "email", "flag", "level", "query", "mode"}

// drawRoutes draws one to three register_rest_route routes in the plugin's namespace:
// collections, items by a path parameter, POST-only submissions.
func (g *gen) drawRoutes() {
	used := map[string]bool{}
	for range 1 + g.r.IntN(3) {
		noun := thingNouns[g.r.IntN(len(thingNouns))]
		var route string
		args := obj()
		methods := any("GET")
		switch g.r.IntN(4) {
		case 0:
			route = "/" + plural(noun)
		case 1:
			route = "/" + plural(noun) + `/(?P<id>\d+)`
			args = set(args, "id", obj("type", "integer", "description", "The "+noun+"'s id."))
		case 2:
			route = "/" + noun + `/(?P<slug>[a-z0-9-]+)`
		default:
			route = "/" + noun + "/submit"
			methods = "POST"
		}
		if used[route] {
			continue
		}
		used[route] = true
		if methods == "GET" && g.chance(0.3) {
			methods = []string{"GET", "POST"}
		}
		for _, n := range some(g, argNames, 0.3) {
			args = set(args, n, g.routeArg(n))
		}
		returns := obj("ok", true, "route", route, "data", g.value(g.anySchema()))
		a := obj("namespace", g.ns, "route", route, "methods", methods, "args", args,
			"permission", []string{"public", "public", "edit_posts", "manage_options", g.prefix + "_manage"}[g.r.IntN(5)],
			"returns", returns)
		var echo []string
		for _, arg := range args {
			if g.chance(0.6) {
				echo = append(echo, arg.Key)
			}
		}
		if len(echo) > 0 {
			a = set(a, "echo", echo)
		}
		g.routes = append(g.routes, a)
	}
}

// drawMenus draws one to three register_nav_menus locations.
func (g *gen) drawMenus() {
	g.menus = fixtures.Args{}
	for _, i := range g.r.Perm(len(locationNouns))[:1+g.r.IntN(3)] {
		loc := locationNouns[i]
		g.menus = append(g.menus, fixtures.Arg{Key: loc, Value: label(loc) + " menu"})
	}
}

var (
	permalinks = []string{"/%postname%/", "/%year%/%monthnum%/%postname%/", "/%category%/%postname%/",
		"/archives/%post_id%", "/%year%/%postname%/", "/%year%/%monthnum%/%day%/%postname%/"}
	zones       = []string{"Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Adelaide", "Pacific/Auckland", "America/Sao_Paulo"}
	offsets     = []float64{5.5, -3, 9.5, 5.75, -9.5, 2}
	dateFormats = []string{"F j, Y", "Y-m-d", "m/d/Y", "d/m/Y", "j. F Y"}
	timeFormats = []string{"g:i a", "g:i A", "H:i"}
)

// drawOptions draws the site's settings: links, time zone, formats, the front page,
// paging, the default category and comment status, and whether menus are public.
func (g *gen) drawOptions() fixtures.Args {
	o := obj("blogname", label(g.prefix)+" site "+fmt.Sprint(g.seed), "blogdescription", "A generated site ("+fmt.Sprint(g.seed)+")")
	o = set(o, "permalink_structure", permalinks[g.r.IntN(len(permalinks))])
	o = set(o, "category_base", []string{"", "topics", "sections"}[g.r.IntN(3)])
	o = set(o, "tag_base", []string{"", "keywords"}[g.r.IntN(2)])
	if g.chance(0.5) {
		o = set(o, "timezone_string", zones[g.r.IntN(len(zones))])
		o = set(o, "gmt_offset", 0)
	} else {
		o = set(o, "timezone_string", "")
		o = set(o, "gmt_offset", offsets[g.r.IntN(len(offsets))])
	}
	o = set(o, "date_format", dateFormats[g.r.IntN(len(dateFormats))])
	o = set(o, "time_format", timeFormats[g.r.IntN(len(timeFormats))])
	o = set(o, "start_of_week", g.r.IntN(7))
	if g.chance(0.6) {
		o = set(o, "show_on_front", "page")
		o = set(o, "page_on_front", frontPageID)
		o = set(o, "page_for_posts", postsPageID)
	} else {
		o = set(o, "show_on_front", "posts")
	}
	o = set(o, "posts_per_page", 3+g.r.IntN(18))
	o = set(o, "default_category", []int{uncategorizedID, defaultCategory}[g.r.IntN(2)])
	o = set(o, "default_comment_status", []string{"open", "closed"}[g.r.IntN(2)])
	o = set(o, "default_ping_status", []string{"open", "closed"}[g.r.IntN(2)])
	return set(o, "wpmock_public_menus", g.chance(0.5))
}
