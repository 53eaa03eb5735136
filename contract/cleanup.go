package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// The clean-up cannot leave residue. Each object the suite makes is registered for
// deletion when it is made, but a target that wrongly accepts a request the suite
// expects to be refused (a duplicate user, an anonymous upload) makes objects the
// suite never learns the id of. So at the end, after the registered deletions, the
// suite searches every collection it may have written to for the run's prefix
// (wpcontract-<run>, in every name it gives) and deletes what it finds: posts in any
// status (the trash included), media, users (their content reassigned to the admin),
// tags and categories, and the items and terms of the site's own types and taxonomies.

// sweepTarget is one collection the sweep searches.
type sweepTarget struct {
	what   string   // for the message
	list   string   // the search, with the prefix appended
	fields []string // where the prefix shows (dotted paths, edit context)
	delete string   // query of the DELETE
}

func (s *Suite) sweepTargets() []sweepTarget {
	const q = "per_page=100&context=edit&search="
	out := []sweepTarget{
		{"posts", "/wp/v2/posts?status=any&" + q, []string{"title.raw", "slug"}, "force=true"},
		{"trashed posts", "/wp/v2/posts?status=trash&" + q, []string{"title.raw", "slug"}, "force=true"},
		{"media", "/wp/v2/media?status=inherit,private,trash&" + q, []string{"title.raw", "slug", "source_url"}, "force=true"},
		{"users", "/wp/v2/users?" + q, []string{"username", "email", "name", "slug"}, fmt.Sprintf("force=true&reassign=%d", s.adminID())},
		{"tags", "/wp/v2/tags?" + q, []string{"name", "slug"}, "force=true"},
		{"categories", "/wp/v2/categories?" + q, []string{"name", "slug"}, "force=true"},
	}
	// the site's own types and taxonomies, when the custom group read them
	s.mu.Lock()
	d := s.decl
	s.mu.Unlock()
	if d == nil {
		return out
	}
	for _, st := range s.customTypes(nopT{}) {
		out = append(out, sweepTarget{st.slug + " items", st.route() + "?status=any&" + q, []string{"title.raw", "slug"}, "force=true"},
			sweepTarget{"trashed " + st.slug + " items", st.route() + "?status=trash&" + q, []string{"title.raw", "slug"}, "force=true"})
	}
	for _, tx := range s.customTaxonomies(nopT{}) {
		out = append(out, sweepTarget{tx.slug + " terms", tx.route() + "?" + q, []string{"name", "slug"}, "force=true"})
	}
	return out
}

// sweep deletes what is left with the run's prefix and says what it did.
func (s *Suite) sweep() string {
	s.mu.Lock()
	skip := s.preflightMsg != "" || s.spec == nil || s.anonymousOnly || s.cfg.ReadOnly
	s.mu.Unlock()
	if skip {
		return ""
	}
	admin := s.as(s.admin())
	var found, failed []string
	for _, st := range s.sweepTargets() {
		route := st.list[:strings.Index(st.list, "?")]
		seen := map[int]bool{}
		for range 20 { // deleting as it goes, page 1 again until nothing is left
			l := admin.get(nopT{}, st.list+url.QueryEscape(s.prefix))
			var ids []int
			for i, it := range l.list() {
				id := int(numberAt(l, fmt.Sprintf("%d.id", i)))
				if id != 0 && !seen[id] && s.carriesPrefix(it, st.fields) {
					ids = append(ids, id)
				}
			}
			if len(ids) == 0 {
				break
			}
			for _, id := range ids {
				seen[id] = true
				d := admin.do(nopT{}, http.MethodDelete, fmt.Sprintf("%s/%d?%s", route, id, st.delete), nil)
				if d.Status == http.StatusOK {
					found = append(found, fmt.Sprintf("%s %d", strings.TrimSuffix(st.what, "s"), id))
				} else {
					failed = append(failed, fmt.Sprintf("%s %d (DELETE answered %d %s)", strings.TrimSuffix(st.what, "s"), id, d.Status, d.code()))
				}
			}
		}
	}
	msg := "nothing with the prefix " + s.prefix + " was left behind"
	if len(found) > 0 {
		msg = fmt.Sprintf("deleted %s with the prefix %s that the registered deletions missed "+
			"(the target made them for requests the suite expected it to refuse): %s", plural(len(found), "object"), s.prefix, strings.Join(found, ", "))
	}
	if len(failed) > 0 {
		msg += fmt.Sprintf("; could not delete %s: delete them by hand", strings.Join(failed, ", "))
	}
	return msg
}

// carriesPrefix says whether an object found by the search really is the run's (the
// search matches the prefix anywhere, even in content).
func (s *Suite) carriesPrefix(obj any, fields []string) bool {
	for _, f := range fields {
		if v, _ := at(obj, f); v != nil {
			if str, ok := v.(string); ok && strings.Contains(strings.ToLower(str), s.prefix) {
				return true
			}
		}
	}
	return false
}
