package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/site"
)

// registerDatasets are the project's datasets that declare a register section.
var registerDatasets = []string{"fixtures/examples/*.json", "fixtures/testdata/*.json", "ci/graphql/site.json",
	"ci/graphql/captures/*/site.json", "ci/wordpress/site/*.json", "contract/testdata/*.json"}

// TestRegisterReadOnce: every dataset the project has passes validation and builds
// its registry with nothing of its register section dropped — the validator and the
// registry are one reading (register_read.go). ci/gensite's TestGeneratedRegisterReadOnce
// shows the same of generated sites.
func TestRegisterReadOnce(t *testing.T) {
	seen := 0
	for _, pattern := range registerDatasets {
		files, _ := filepath.Glob(filepath.Join("..", "..", pattern))
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil || !strings.Contains(string(b), `"register"`) || !strings.Contains(string(b), `"version"`) {
				continue
			}
			seen++
			ds, err := site.Decode(b, file)
			if err != nil {
				t.Errorf("%s: the validator refuses it: %v", file, err)
				continue
			}
			checkRegisterReadOnce(t, file, ds)
		}
	}
	t.Logf("%d datasets", seen)
	if seen < 8 {
		t.Fatalf("%d datasets with a register section, want the project's (at least 8)", seen)
	}
}

// checkRegisterReadOnce fails t unless the registry of a validated dataset builds and
// holds every declaration.
func checkRegisterReadOnce(t *testing.T, name string, ds *site.Dataset) {
	t.Helper()
	g, err := site.Registry(ds)
	if err != nil {
		t.Errorf("%s: validated, yet the registry refuses it: %v", name, err)
		return
	}
	if missing := ds.Register.Missing(g); len(missing) > 0 {
		t.Errorf("%s: the registry dropped %s", name, strings.Join(missing, ", "))
	}
}

// TestRegisterRefusedWithPath: one bad declaration of each kind is refused by the
// validator with its dataset path and field, and by the registry alike — including a
// refusal only WordPress's registration function makes (a setting named as core's).
func TestRegisterRefusedWithPath(t *testing.T) {
	obj := func(kv ...any) fixtures.Args {
		var a fixtures.Args
		for i := 0; i < len(kv); i += 2 {
			a = append(a, fixtures.Arg{Key: kv[i].(string), Value: kv[i+1]})
		}
		return a
	}
	for _, c := range []struct {
		reg             fixtures.Register
		valid, registry string
	}{
		{fixtures.Register{NavMenus: obj("Main Menu", "Main")},
			`register.nav_menus: field "Main Menu": want a location name`, `the dataset's register.nav_menus: Main Menu: want`},
		{fixtures.Register{PostTypes: []fixtures.Args{obj("name", "book", "public", "yes")}},
			`register.post_types[0] (book): field "public": want true or false`, `the dataset's register.post_types[0]: public: want true or false`},
		{fixtures.Register{Taxonomies: []fixtures.Args{obj("name", "genre", "object_type", "movie")}},
			`register.taxonomies[0] (genre): field "object_type": no post type "movie" is registered`, `the dataset's register.taxonomies[0]: object_type: no post type`},
		{fixtures.Register{Meta: []fixtures.Args{obj("object_type", "post", "meta_key", "n", "type", "integer", "default", "x")}},
			`register.meta[0] (n): field "default": ` + fixtures.MsgMetaDefaultType, `the dataset's register.meta[0]: default: ` + fixtures.MsgMetaDefaultType},
		{fixtures.Register{RestFields: []fixtures.Args{obj("object_type", "post", "attribute", "reading_time")}},
			`register.rest_fields[0] (reading_time): field "schema": want an object with a type`, `the dataset's register.rest_fields[0]: schema: want`},
		{fixtures.Register{PostStatuses: []fixtures.Args{obj("name", "publish")}},
			`register.post_statuses[0] (publish): field "name": "publish" is registered already`, `the dataset's register.post_statuses[0]: name: "publish" is registered already`},
		{fixtures.Register{Roles: []fixtures.Args{obj("role", "editor", "display_name", "Editor")}},
			`register.roles[0] (editor): field "role": "editor" exists already`, `the dataset's register.roles[0]: role: "editor" exists already`},
		{fixtures.Register{Settings: []fixtures.Args{obj("option_group", "general", "option_name", "my_title", "show_in_rest", obj("name", "title"))}},
			`register.settings[0] (my_title): setting "my_title": another setting is named "title" in REST`, `the dataset's register.settings[0]: setting "my_title": another setting`},
		{fixtures.Register{RestRoutes: []fixtures.Args{obj("namespace", "wpmock/v1", "route", "/items")}},
			`register.rest_routes[0] (/items): field "namespace": wpmock/v1 is the mock's own`, `the dataset's register.rest_routes[0]: namespace: wpmock/v1`},
	} {
		ds := fixtures.Example()
		ds.Register = &c.reg
		if err := ds.Validate(); err == nil || !strings.HasPrefix(err.Error(), c.valid) {
			t.Errorf("validator: got %v, want %s...", err, c.valid)
		}
		if _, err := site.Registry(ds); err == nil || !strings.HasPrefix(err.Error(), c.registry) {
			t.Errorf("registry: got %v, want %s...", err, c.registry)
		}
	}
}
