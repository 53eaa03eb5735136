package contract

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/rest"
)

// The deliberate defects of the facts group (issue 44), one per rule, each a site that
// takes a fact from somewhere else than its own settings, or does not keep what was
// written. They join siteDefects, so TestSiteDefectsOnMock (make proof) runs them on
// the customized mock and TestDepthDefectsOnWordPress through a proxy in front of a
// real WordPress; the facts group joins the groups both check unbroken first.
func init() {
	issue48Groups = append(issue48Groups, "facts")
	siteDefects = append(siteDefects, factDefects...)
	// one defect per kind of fact joins TestSuiteCatchesDefects on the seeded mock too,
	// so every group has its defects there (the rest would repeat TestSiteDefectsOnMock)
	for _, d := range factDefects {
		if slices.Contains(factsOnSeededMock, d.rule) {
			laterDefects = append(laterDefects, d)
		}
	}
}

var factsOnSeededMock = []string{"facts/timezone/written", "facts/formats/read-back", "facts/posts-per-page/lists", "facts/front-page/links",
	"facts/discussion/written", "facts/permalinks/term-base", "facts/roles/may-publish", "facts/menus/parent-kept"}

const (
	indexPath      = ``
	settingsPath   = `/wp/v2/settings`
	categoriesPath = `/wp/v2/categories(/\d+)?`
	menuItemPath   = `/wp/v2/menu-items/\d+`
)

var factDefects = []laterDefect{
	{rest.V61, defect{"the index names UTC where the site has no time zone string", "facts/timezone/index", []string{"facts"},
		editObjects(on("GET", indexPath), func(m map[string]any) {
			if m["timezone_string"] == "" {
				m["timezone_string"] = "UTC"
			}
		})}},
	{rest.V61, defect{"a UTC site's dates are given an hour's offset (London's summer time)", "facts/timezone/dates", []string{"facts"},
		editObjects(on("POST", posts), func(m map[string]any) {
			if d, err := time.Parse(wpDate, textOf(m["date"])); err == nil && m["date"] == m["date_gmt"] {
				m["date_gmt"] = d.Add(-time.Hour).Format(wpDate)
			}
		})}},
	{rest.V61, defect{"the index keeps the time zone the site was installed with", "facts/timezone/written", []string{"facts"},
		editObjects(on("GET", indexPath), func(m map[string]any) { m["timezone_string"], m["gmt_offset"] = "", "0" })}},
	{rest.V61, defect{"a time zone written is not applied to new posts' dates", "facts/timezone/applied", []string{"facts"},
		editObjects(on("POST", posts), func(m map[string]any) {
			if m["date"] != nil {
				m["date_gmt"] = m["date"]
			}
		})}},
	{rest.V61, defect{"a date format written is ignored", "facts/formats/read-back", []string{"facts"},
		editBody(on("POST", settingsPath), func(b map[string]any) { delete(b, "date_format") })}},
	{rest.V61, defect{"a posts_per_page written is ignored", "facts/posts-per-page/written", []string{"facts"},
		editBody(on("POST", settingsPath), func(b map[string]any) { delete(b, "posts_per_page") })}},
	{rest.V61, defect{"REST lists without per_page answer two items (posts_per_page as the rule writes it)", "facts/posts-per-page/lists", []string{"facts"},
		forceQuery(and(on("GET", posts), func(r *http.Request) bool { return !r.URL.Query().Has("per_page") }), map[string]string{"per_page": "2"})}},
	{rest.V61, defect{"a new post's ping_status is closed whatever default_ping_status says", "facts/discussion/defaults", []string{"facts"},
		editObjects(on("POST", posts), func(m map[string]any) { m["ping_status"] = "closed" })}},
	{rest.V61, defect{"new posts are open to comments whatever default_comment_status says", "facts/discussion/written", []string{"facts"},
		editObjects(on("POST", posts), func(m map[string]any) { m["comment_status"] = "open" })}},
	{rest.V61, defect{"the settings answer page_for_posts as unset", "facts/front-page/written", []string{"facts"},
		editObjects(on("GET", settingsPath), func(m map[string]any) { m["page_for_posts"] = 0 })}},
	{rest.V61, defect{"the front page links its own permalink, not the home URL", "facts/front-page/links", []string{"facts"},
		editObjects(on("GET", `/wp/v2/pages/\d+`), func(m map[string]any) {
			if u, err := url.Parse(textOf(m["link"])); err == nil && u.Path == "/" && u.RawQuery == "" {
				m["link"] = textOf(m["link"]) + textOf(m["slug"]) + "/"
			}
		})}},
	{rest.V61, defect{"categories link another scheme than the home", "facts/permalinks/home", []string{"facts"},
		editObjects(on("", categoriesPath), func(m map[string]any) {
			m["link"] = strings.Replace(textOf(m["link"]), "http://", "https://", 1)
		})}},
	{rest.V61, defect{"category links leave out the structure's trailing slash", "facts/permalinks/structure", []string{"facts"},
		editObjects(on("", categoriesPath), func(m map[string]any) { m["link"] = strings.TrimSuffix(textOf(m["link"]), "/") })}},
	{rest.V61, defect{"a child category's link leaves out its parent", "facts/permalinks/term-base", []string{"facts"},
		editObjects(on("", categoriesPath), func(m map[string]any) {
			if u, err := url.Parse(textOf(m["link"])); err == nil && m["parent"] != 0.0 && u.RawQuery == "" {
				u.Path = "/category/" + textOf(m["slug"]) + "/"
				m["link"] = u.String()
			}
		})}},
	{rest.V61, defect{"users show no extra capabilities", "facts/roles/capabilities", []string{"facts"},
		editObjects(and(on("GET", `/wp/v2/users/\d+`), hasQuery("context", "edit")), func(m map[string]any) { m["extra_capabilities"] = map[string]any{} })}},
	{rest.V61, defect{"a contributor's post is published", "facts/roles/may-publish", []string{"facts"},
		asAdminWhen(and(on("POST", posts), func(r *http.Request) bool { u, _, _ := r.BasicAuth(); return strings.HasSuffix(u, "-contributor") }))}},
	{rest.V61, defect{"an author creates categories", "facts/roles/may-manage-terms", []string{"facts"},
		asAdminWhen(and(on("POST", `/wp/v2/categories`), func(r *http.Request) bool { u, _, _ := r.BasicAuth(); return strings.HasSuffix(u, "-author") }))}},
	{rest.V61, defect{"a menu item's new menu_order is ignored", "facts/menus/order-kept", []string{"facts"},
		editBody(on("POST", menuItemPath), func(b map[string]any) { delete(b, "menu_order") })}},
	{rest.V61, defect{"a write naming no parent moves a menu item to the top level", "facts/menus/parent-kept", []string{"facts"},
		editBody(on("POST", menuItemPath), func(b map[string]any) {
			if _, ok := b["parent"]; !ok {
				b["parent"] = 0
			}
		})}},
	{rest.V61, defect{"visitors read a menu on a site that keeps menus closed", "facts/menus/read-access", []string{"facts"},
		asAdminWhen(and(on("GET", `/wp/v2/menus/\d+`), anonymousRequest))}},
}
