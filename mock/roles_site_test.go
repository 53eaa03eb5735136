package mock

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
)

// gadgetSite is the example site with a post type of its own capability type
// (gadget/gadgets) and a role granted some of its capabilities (add_role), a user
// "gizmo" in that role, and a gadget of the administrator's.
func gadgetSite(t *testing.T) (s *testSite, theirs int) {
	t.Helper()
	ds := fixtures.Example()
	var reg fixtures.Register
	decodeInto(t, `{
	 "post_types": [{"name": "gadget", "public": true, "show_in_rest": true, "rest_namespace": "acme/v1",
	  "rest_base": "gadgets", "supports": ["title", "editor", "author"], "capability_type": ["gadget", "gadgets"],
	  "map_meta_cap": true}],
	 "roles": [{"role": "gadgeteer", "display_name": "Gadgeteer",
	  "capabilities": {"read": true, "edit_gadgets": true, "edit_published_gadgets": true, "publish_gadgets": true, "edit_posts": false}}]
	}`, &reg)
	ds.Register = &reg
	next := ds.NextIDs()
	ds.Users = append(ds.Users, fixtures.User{ID: next.Users, Login: "gizmo", Slug: "gizmo", Email: "gizmo@example.com",
		Name: "gizmo", Registered: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), Roles: []string{"gadgeteer"},
		AppPasswords: []fixtures.AppPassword{{UUID: "11111111-1111-4111-8111-111111111111", Name: "t",
			Password: "gizmoPassword0123456789ab", Created: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}}})
	ds.Posts = append(ds.Posts, fixtures.Post{ID: next.Posts, Type: "gadget", Status: "publish", Author: 1,
		Date: ds.Posts[0].Date, Slug: "widget", Title: "Widget"})
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	return newTestSiteWith(t, ds), next.Posts
}

// TestSiteRoles: a role the site adds has exactly its own capabilities: its users
// write the type whose capability type it is granted, and nothing else; the
// administrator, whose role lists none of that type's capabilities, may not either.
// The users' roles and capabilities, and the role filters, show it. (WordPress 7.1,
// same registration: the bodies and codes below.)
func TestSiteRoles(t *testing.T) {
	s, theirs := gadgetSite(t)
	w := s.send(t, "POST", "/acme/v1/gadgets", "gizmo", map[string]any{"title": "Mine", "status": "publish"})
	if st, _ := w.json.(map[string]any)["status"].(string); w.status != 201 || st != "publish" {
		t.Errorf("gizmo creates a gadget: %d %.300s", w.status, w.body)
	}
	s.send(t, "POST", "/acme/v1/gadgets/"+strconv.Itoa(theirs), "gizmo", map[string]any{"title": "theirs"}).
		wantError(t, http.StatusForbidden, "rest_cannot_edit")
	s.send(t, "POST", "/wp/v2/posts", "gizmo", map[string]any{"title": "p"}).wantError(t, http.StatusForbidden, "rest_cannot_create")
	s.send(t, "POST", "/acme/v1/gadgets", "admin", map[string]any{"title": "x"}).wantError(t, http.StatusForbidden, "rest_cannot_create")

	me := s.get(t, "/wp/v2/users/me?context=edit&_fields=roles,capabilities,extra_capabilities", "gizmo")
	want := `{"roles":["gadgeteer"],"capabilities":{"read":true,"edit_gadgets":true,"edit_published_gadgets":true,"publish_gadgets":true,"edit_posts":false,"gadgeteer":true},"extra_capabilities":{"gadgeteer":true}}`
	if got := strings.TrimSpace(string(me.body)); got != want {
		t.Errorf("gizmo's capabilities:\n got %s\nwant %s", got, want)
	}
	byRole := idsOf(t, s.get(t, "/wp/v2/users?roles=gadgeteer&context=edit", "admin"))
	byCap := idsOf(t, s.get(t, "/wp/v2/users?capabilities=edit_gadgets&context=edit", "admin"))
	if len(byRole) != 1 || !slices.Equal(byRole, byCap) {
		t.Errorf("users by role %v, by capability %v: want gizmo alone in both", byRole, byCap)
	}
	// giving a user the role: it exists
	if r := s.send(t, "POST", "/wp/v2/users", "admin", map[string]any{"username": "g2", "email": "g2@example.com",
		"password": "pw", "roles": []string{"gadgeteer"}}); r.status != 201 {
		t.Errorf("create a gadgeteer: %d %.200s", r.status, r.body)
	}
	s.send(t, "POST", "/wp/v2/users", "admin", map[string]any{"username": "g3", "email": "g3@example.com",
		"password": "pw", "roles": []string{"nobody"}}).wantError(t, http.StatusBadRequest, "rest_user_invalid_role")
}

// TestSiteRolesRefused: role declarations the dataset refuses.
func TestSiteRolesRefused(t *testing.T) {
	for _, c := range []struct{ roles, want string }{
		{`[{"role": "editor", "display_name": "E"}]`, `"editor" exists already`},
		{`[{"role": "x"}]`, `field "display_name": missing`},
		{`[{"role": "x", "display_name": "X", "capabilities": {"read": 1}}]`, `field "capabilities.read": want true or false`},
		{`[{"role": "x", "display_name": "X", "capabilities": ["read"]}]`, `field "capabilities": want an object`},
	} {
		ds := fixtures.Example()
		var reg fixtures.Register
		decodeInto(t, `{"roles": `+c.roles+`}`, &reg)
		ds.Register = &reg
		if err := ds.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.roles, err, c.want)
		}
	}
	ds := fixtures.Example()
	ds.Users[0].Roles = []string{"gadgeteer"}
	if err := ds.Validate(); err == nil || !strings.Contains(err.Error(), `unknown role "gadgeteer"`) {
		t.Errorf("a user in a role nobody adds: got %v", err)
	}
}
