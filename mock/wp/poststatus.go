package wp

import (
	"fmt"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// post.php's post statuses: core's (create_initial_post_types) and a site's own
// (register_post_status), each with the flags WordPress reads: who may see a post in
// it (public, private, protected), whether it is shown at all (internal), whether
// searches and "any" include it (exclude_from_search).

// PostStatus is a registered post status.
type PostStatus struct {
	Slug, Label                     string
	Public, Private, Protected      bool
	Internal                        bool
	Queryable                       bool // publicly_queryable
	ShowInList, ShowInStatusList    bool // show_in_admin_all_list, show_in_admin_status_list
	ExcludeFromSearch, DateFloating bool
}

// CoreStatuses are WordPress's statuses in registration order.
var CoreStatuses = []*PostStatus{
	{Slug: "publish", Label: "Published", Public: true, Queryable: true, ShowInList: true, ShowInStatusList: true},
	{Slug: "future", Label: "Scheduled", Protected: true, ShowInList: true, ShowInStatusList: true},
	{Slug: "draft", Label: "Draft", Protected: true, ShowInList: true, ShowInStatusList: true, DateFloating: true},
	{Slug: "pending", Label: "Pending", Protected: true, ShowInList: true, ShowInStatusList: true, DateFloating: true},
	{Slug: "private", Label: "Private", Private: true, ShowInList: true, ShowInStatusList: true},
	{Slug: "trash", Label: "Trash", Internal: true, ShowInStatusList: true, ExcludeFromSearch: true},
	{Slug: "auto-draft", Label: "auto-draft", Internal: true, DateFloating: true, ExcludeFromSearch: true},
	{Slug: "inherit", Label: "inherit", Internal: true},
	{Slug: "request-pending", Label: "Pending", Internal: true, ExcludeFromSearch: true},
	{Slug: "request-confirmed", Label: "Confirmed", Internal: true, ExcludeFromSearch: true},
	{Slug: "request-failed", Label: "Failed", Internal: true, ExcludeFromSearch: true},
	{Slug: "request-completed", Label: "Completed", Internal: true, ExcludeFromSearch: true},
}

// RegisterPostStatus is register_post_status(name, args) with its defaults: a status
// given none of public, private, protected and internal is internal; publicly_queryable
// follows public, exclude_from_search internal, and the admin lists show what is
// not internal.
func (g *Registry) RegisterPostStatus(name string, args wpfunc.Object) error {
	if !namePattern.MatchString(name) || len(name) > 20 {
		return fmt.Errorf("post status name %q: 1 to 20 lower-case letters, digits, _ or -", name)
	}
	if g.Status(name) != nil {
		return fmt.Errorf("post status %q is registered already", name)
	}
	a := argsOf(args)
	given := func(key string) bool { _, ok := args.Get(key); return ok }
	st := &PostStatus{Slug: name, Label: a.str("label", name), Public: a.bool("public", false),
		Private: a.bool("private", false), Protected: a.bool("protected", false), Internal: a.bool("internal", false),
		DateFloating: a.bool("date_floating", false)}
	if !given("public") && !given("private") && !given("protected") && !given("internal") {
		st.Internal = true
	}
	st.Queryable = a.bool("publicly_queryable", st.Public)
	st.ExcludeFromSearch = a.bool("exclude_from_search", st.Internal)
	st.ShowInList = a.bool("show_in_admin_all_list", !st.Internal)
	st.ShowInStatusList = a.bool("show_in_admin_status_list", !st.Internal)
	g.Statuses = append(g.Statuses, st)
	return nil
}

// Status is the registered status slug, nil for none.
func (g *Registry) Status(slug string) *PostStatus {
	for _, st := range g.Statuses {
		if st.Slug == slug {
			return st
		}
	}
	return nil
}

// StatusSlugs are the slugs of the statuses keep accepts, in registration order:
// get_post_stati filtered.
func (g *Registry) StatusSlugs(keep func(*PostStatus) bool) []string {
	var out []string
	for _, st := range g.Statuses {
		if keep(st) {
			out = append(out, st.Slug)
		}
	}
	return out
}

// SiteStatuses are the statuses the site registered itself.
func (g *Registry) SiteStatuses() []*PostStatus {
	return g.Statuses[len(CoreStatuses):]
}

// statusPublic says whether a post in status may be read by anyone (its status object
// is public); unknown statuses are not.
func (g *Registry) statusPublic(status string) bool {
	st := g.Status(status)
	return st != nil && st.Public
}

// statusPrivate says whether status is private (read_private_posts reads it).
func (g *Registry) statusPrivate(status string) bool {
	st := g.Status(status)
	return st != nil && st.Private
}
