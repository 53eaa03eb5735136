package contract

import (
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"testing"

	dataset "github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// A customized site served by the mock from its declarations (testdata/pluginsite.json):
// a post type "tour" in the namespace trek/v1, a taxonomy "region" on tours and pages, a
// protected status "archived", and three routes a plugin registered in trek/v1 (GET with
// bounds, an enum and an email, GET+POST by id with a pattern and a boolean, POST-only
// with a required bounded integer). The plugins group checks each route for what the
// index promises of it; the defects break one promise each, on the site's own surfaces.

// runPluginSite runs the groups named against the mock serving pluginsite.json,
// wrapped by defect.
func runPluginSite(t *testing.T, only []string, defect func(http.Handler) http.Handler) *Report {
	t.Helper()
	b, err := os.ReadFile("testdata/pluginsite.json")
	if err != nil {
		t.Fatal(err)
	}
	decl, err := dataset.Decode(b, "pluginsite.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := mock.New(mock.Options{Control: control.Mount, Dataset: decl, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(defect(m))
	defer srv.Close()
	var skip []string
	for _, g := range sortedGroups() {
		if !slices.Contains(only, g.name) {
			skip = append(skip, g.name)
		}
	}
	rec := NewRecorder("contract")
	rep := Run(rec, Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Skip: skip})
	rec.Finish()
	return rep
}

// TestSuiteChecksPluginRoutes: every route of the plugin's namespace is checked under
// rule ids naming it, the coverage table shows its methods checked, and the site, right
// as the mock serves it, passes.
func TestSuiteChecksPluginRoutes(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	rep := runPluginSite(t, []string{"plugins"}, func(h http.Handler) http.Handler { return h })
	if rep.Failed() {
		t.Fatalf("the plugins group fails on the mock serving pluginsite.json:\n%s", rep.Text())
	}
	for _, id := range []string{
		"plugins/trek/v1/listed", "plugins/trek/v1/namespace-index",
		"plugins/trek/v1/bookings/options-endpoints", "plugins/trek/v1/bookings/POST-no-route",
		"plugins/trek/v1/bookings/GET/required", "plugins/trek/v1/bookings/GET/invalid-limit-minimum",
		"plugins/trek/v1/bookings/GET/invalid-limit-maximum", "plugins/trek/v1/bookings/GET/invalid-order-enum",
		"plugins/trek/v1/bookings/GET/invalid-email-format", "plugins/trek/v1/bookings/GET/served",
		"plugins/trek/v1/bookings/{id}/POST/invalid-code-pattern", "plugins/trek/v1/bookings/{id}/POST/invalid-paid-type",
		"plugins/trek/v1/bookings/{id}/DELETE-no-route",
		"plugins/trek/v1/feedback/submit/POST/required", "plugins/trek/v1/feedback/submit/POST/invalid-rating-maximum",
	} {
		if r, ok := rep.Rule(id); !ok || r.Passed == 0 {
			t.Errorf("rule %s was not checked", id)
		}
	}
	if _, ok := rep.Rule("plugins/trek/v1/tours/options-200"); ok {
		t.Errorf("the post type's routes in trek/v1 were checked as a plugin's (the custom group checks them)")
	}
	want := map[string]string{"/trek/v1/bookings": "GET", "/trek/v1/bookings/(?P<id>\\d+)": "GET POST", "/trek/v1/feedback/submit": "POST"}
	for _, rc := range rep.Coverage.Routes {
		if w, ok := want[rc.Route]; ok {
			if got := joinWords(rc.Checked); got != w {
				t.Errorf("coverage of %s: checked %q, want %q", rc.Route, got, w)
			}
			delete(want, rc.Route)
		}
	}
	if len(want) > 0 {
		t.Errorf("the coverage table does not list %v", want)
	}
}

func joinWords(l []string) string {
	out := ""
	for i, s := range l {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out
}

// pluginDefects break one promise of the plugin's routes each, through a proxy in
// front of the mock.
var pluginDefects = []defect{
	{"OPTIONS on a plugin route leaves out an argument the index publishes", "plugins/trek/v1/bookings/options-endpoints", []string{"plugins"},
		editObjects(on("OPTIONS", `/trek/v1/bookings`), func(m map[string]any) {
			if args, ok := at(m, "endpoints.0.args"); ok {
				delete(args.(map[string]any), "order")
			}
		})},
	{"a plugin route that only reads accepts DELETE", "plugins/trek/v1/bookings/DELETE-no-route", []string{"plugins"},
		func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if on("DELETE", `/trek/v1/bookings`)(r) {
					w.Header().Set("Content-Type", "application/json")
					_, _ = w.Write([]byte(`{"deleted":true}`))
					return
				}
				h.ServeHTTP(w, r)
			})
		}},
	{"a plugin route lets a limit below its minimum through", "plugins/trek/v1/bookings/GET/invalid-limit-minimum", []string{"plugins"},
		forceQuery(and(on("GET", `/trek/v1/bookings`), hasQuery("limit", "0")), nil, "limit")},
}

// TestPluginRouteDefects: each defect on the site's own routes fails exactly the rule
// that names it, and no other.
func TestPluginRouteDefects(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	for _, d := range pluginDefects {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel() // a mock of its own per defect
			rep := runPluginSite(t, d.only, d.wrap)
			var failed []string
			for _, r := range rep.FailedRules() {
				failed = append(failed, r.ID)
			}
			if !slices.Equal(failed, []string{d.rule}) {
				t.Errorf("failed rules %v, want exactly [%s]\n%s", failed, d.rule, rep.Text())
			}
		})
	}
}

// The proof's defect for the plugins group, on the default mock's own namespace
// (wpmock/v1, a route WordPress does not register).
func init() {
	defects = append(defects, defect{"OPTIONS on a plugin route lists a method the index does not", "plugins/wpmock/v1/openapi.json/options-methods",
		[]string{"plugins"}, editObjects(on("OPTIONS", `/wpmock/v1/openapi\.json`), func(m map[string]any) { m["methods"] = []any{"GET", "POST"} })})
}

// TestSuiteChecksOwnSurfaces: on the declared site, the custom group checks the type in
// its own namespace, the taxonomy on tours and pages and the status of its own, under
// ids naming them, and passes where the mock serves them as WordPress does.
func TestSuiteChecksOwnSurfaces(t *testing.T) {
	suiteOnly(t)
	if testing.Short() || ConfigFromEnv().URL != "" {
		t.Skip("runs the suite against the in-process mock")
	}
	t.Parallel()
	rep := runPluginSite(t, []string{"custom"}, func(h http.Handler) http.Handler { return h })
	if rep.Failed() {
		t.Fatalf("the custom group fails on the mock serving pluginsite.json:\n%s", rep.Text())
	}
	for _, id := range []string{"custom/tour/edit-keys", "custom/tour/filter-regions", "custom/region/count",
		"custom/tour/meta-types", "custom/tour/meta-defaults", "custom/region/meta-defaults",
		"custom/setting/trek_season/read-back", "custom/setting/trek_capacity/read-back",
		"custom/status/archived/read", "custom/status/archived/filter", "custom/status/archived/read-post"} {
		if r, ok := rep.Rule(id); !ok || r.Passed == 0 {
			t.Errorf("rule %s was not checked", id)
		}
	}
}
