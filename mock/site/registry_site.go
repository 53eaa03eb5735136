package site

import (
	"fmt"
	"github.com/wpmock/wpmock/mock/wpfunc"

	"github.com/wpmock/wpmock/mock/wp"
)

// siteDeclarations counts what a dataset registers beyond its types, taxonomies, meta
// and fields: statuses, roles, settings and plugin routes.
func siteDeclarations(r *Register) int {
	return len(r.PostStatuses) + len(r.Roles) + len(r.Settings) + len(r.RestRoutes)
}

// registerSite registers a dataset's roles (add_role), settings (register_setting),
// post statuses
// (register_post_status, on init)
// and plugin routes (register_rest_route, on rest_api_init) in the registry.
func registerSite(g *wp.Registry, r *Register) error {
	for i, a := range r.Roles {
		caps, _ := JSONOf(argOr(a, "capabilities")).(wpfunc.Object)
		if err := g.AddRole(a.String("role"), a.String("display_name"), caps); err != nil {
			return fmt.Errorf("the dataset's register.roles[%d]: %w", i, err)
		}
	}
	for i, a := range r.Settings {
		if err := g.RegisterSetting(a.String("option_group"), a.String("option_name"), argsWithout(a, "option_group", "option_name")); err != nil {
			return fmt.Errorf("the dataset's register.settings[%d]: %w", i, err)
		}
	}
	for i, a := range r.PostStatuses {
		if err := g.RegisterPostStatus(a.String("name"), argsWithout(a, "name")); err != nil {
			return fmt.Errorf("the dataset's register.post_statuses[%d]: %w", i, err)
		}
	}
	for i, a := range r.RestRoutes {
		if err := g.RegisterRestRoute(a.String("namespace"), a.String("route"), argsWithout(a, "namespace", "route")); err != nil {
			return fmt.Errorf("the dataset's register.rest_routes[%d]: %w", i, err)
		}
	}
	return nil
}

// argOr is the value of key, nil when absent.
func argOr(a Args, key string) any { v, _ := a.Get(key); return v }
