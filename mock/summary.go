package mock

import (
	"crypto/subtle"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// summaryRoute is GET /wpmock/v1/summary: what the dashboard shows of the site in one
// answer, read in one transaction: the site, the counts per resource (posts of every
// type the site registers, its own too, by status; terms per taxonomy; comments by
// status; users), and the users with the application passwords the banner prints
// (Mock.Passwords), each while its user still has it. The administrator's, as
// GET /wpmock/v1/dataset is, which holds the same passwords' hashes.
type summaryRoute struct{ m *Mock }

// summaryUsers bounds the users listed (a large site has thousands); the count is whole.
const summaryUsers = 100

// commentStatuses are the stored comment_approved values and their REST names.
var commentStatuses = []struct{ stored, name string }{{"1", "approved"}, {"0", "hold"}, {"spam", "spam"}, {"trash", "trash"}}

func (s *summaryRoute) routes() []*rest.Route {
	c := &control{m: s.m}
	return []*rest.Route{ownRoute("summary", &rest.Endpoint{Methods: rest.Readable, Permission: c.permission, Handler: s.get})}
}

func (s *summaryRoute) get(r *rest.Request) (*rest.Response, *rest.Error) {
	tx, reg := txOf(r), registry(r)
	auth := "app-password"
	if s.m.opts.OpenAuth {
		auth = "open"
	}
	types := []any{}
	for _, pt := range reg.PostTypes {
		if pt.RestBase == "" || !pt.Shown.In(s.m.version) {
			continue
		}
		statuses, total := rest.Object{}, 0
		for _, st := range reg.Statuses { // the registered ones, besides which none is stored
			if n := len(tx.PostsByStatus(pt.Slug, st.Slug)); n > 0 {
				statuses = append(statuses, rest.Member{Key: st.Slug, Value: n})
				total += n
			}
		}
		types = append(types, rest.Object{{"type", pt.Slug}, {"rest", pt.RESTNamespace() + "/" + pt.RestBase},
			{"count", total}, {"statuses", statuses}})
	}
	taxonomies := []any{}
	for _, tax := range reg.Taxonomies {
		if tax.RestBase == "" || !tax.Shown.In(s.m.version) {
			continue
		}
		taxonomies = append(taxonomies, rest.Object{{"taxonomy", tax.Slug}, {"rest", tax.RESTNamespace() + "/" + tax.RestBase},
			{"count", len(tx.Terms(tax.Slug))}})
	}
	comments := rest.Object{}
	for _, st := range commentStatuses {
		comments = append(comments, rest.Member{Key: st.name, Value: len(tx.CommentsWithStatus(st.stored))})
	}
	users := []any{}
	for i, u := range tx.Users() {
		if i == summaryUsers {
			break
		}
		users = append(users, rest.Object{{"id", u.ID}, {"login", u.Login}, {"name", u.Name}, {"roles", u.Roles},
			{"app_passwords", len(u.AppPasswords)}, {"password", s.password(u)}})
	}
	site := strings.TrimPrefix(s.m.base, SitesPrefix)
	return rest.OK(rest.Object{
		{"site", rest.Object{{"name", site}, {"url", r.Site}, {"rest", r.Site + "/wp-json/"},
			{"title", wp.OptionString(tx, "blogname")}, {"wordpress", s.m.version.String()}, {"auth", auth}}},
		{"posts", types},
		{"terms", taxonomies},
		{"comments", rest.Object{{"count", len(tx.Comments())}, {"statuses", comments}}},
		{"users", rest.Object{{"count", tx.UserCount()}, {"listed", users}}},
		{"requests", rest.Object{{"last", s.m.opts.Requests.Last()}, {"listeners", s.m.opts.Requests.Listeners()}}},
	}), nil
}

// password is the user's application password as the banner prints it, while the user
// still has it (nil if it was revoked, or the user came later and has none known).
func (s *summaryRoute) password(u *store.User) any {
	plain, ok := s.m.Passwords[u.Login]
	if !ok {
		return nil
	}
	hash := []byte(site.HashPassword(normalizeAppPassword(plain)))
	for _, ap := range u.AppPasswords {
		if subtle.ConstantTimeCompare([]byte(ap.Hash), hash) == 1 {
			return plain
		}
	}
	return nil
}
