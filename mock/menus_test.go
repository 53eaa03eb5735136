package mock

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

// menuSite is a site with a registered location and a menu there holding a custom
// link and, below it, post 1 (the example's "Hello world!"), answering as version v.
func menuSite(t *testing.T, v rest.Version) (*testSite, int) {
	t.Helper()
	ds := fixtures.Example()
	ds.Register = &fixtures.Register{NavMenus: fixtures.Args{{Key: "primary", Value: "Primary menu"}}}
	m, err := New(Options{Dataset: ds, Clock: fixedClock, Version: v, Control: TestControl})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	s := &testSite{Mock: m, srv: srv}
	menu := s.do(t, http.MethodPost, "/wp/v2/menus", "admin", bytes.NewBufferString(`{"name":"Main","locations":["primary"]}`),
		"Content-Type", "application/json")
	if menu.status != http.StatusCreated {
		t.Fatalf("create menu: %d %s", menu.status, menu.body)
	}
	id := int(menu.json.(map[string]any)["id"].(float64))
	link := s.do(t, http.MethodPost, "/wp/v2/menu-items", "admin",
		bytes.NewBufferString(`{"title":"Home","url":"https://example.com/","menus":`+strconv.Itoa(id)+`}`), "Content-Type", "application/json")
	post := s.do(t, http.MethodPost, "/wp/v2/menu-items", "admin",
		bytes.NewBufferString(`{"type":"post_type","object_id":1,"menu_order":2,"parent":`+strconv.Itoa(int(link.json.(map[string]any)["id"].(float64)))+`,"menus":`+strconv.Itoa(id)+`}`),
		"Content-Type", "application/json")
	if link.status != http.StatusCreated || post.status != http.StatusCreated {
		t.Fatalf("create items: %d %s; %d %s", link.status, link.body, post.status, post.body)
	}
	return s, id
}

// TestMenuReadAccess pins check_has_read_only_access: whoever may edit a post type
// reads menus and items; subscribers and anonymous callers do not, unless the site's
// wpmock_public_menus option stands for 6.8's rest_menu_read_access filter; menu
// locations need edit_theme_options (or the filter).
func TestMenuReadAccess(t *testing.T) {
	for _, v := range []rest.Version{rest.V61, rest.V68} {
		s, menu := menuSite(t, v)
		for _, c := range []struct {
			path, login string
			status      int
		}{
			{"/wp/v2/menus/" + strconv.Itoa(menu), "author", 200},
			{"/wp/v2/menus/" + strconv.Itoa(menu), "subscriber", 403},
			{"/wp/v2/menu-items?menus=" + strconv.Itoa(menu), "", 401},
			{"/wp/v2/menu-items?menus=" + strconv.Itoa(menu), "contributor", 200},
			{"/wp/v2/menu-locations", "editor", 403},
			{"/wp/v2/menu-locations", "admin", 200},
		} {
			if r := s.get(t, c.path, c.login); r.status != c.status {
				t.Errorf("%s: GET %s as %q: got %d, want %d %s", v, c.path, c.login, r.status, c.status, r.body)
			}
		}
		s.store.Write(func(tx *store.Tx) { tx.SetOption(publicMenusOption, true) })
		want := 401 // 6.1 has no rest_menu_read_access filter
		if v >= rest.V68 {
			want = 200
		}
		for _, path := range []string{"/wp/v2/menus", "/wp/v2/menu-items?menus=" + strconv.Itoa(menu), "/wp/v2/menu-locations"} {
			if r := s.get(t, path, ""); r.status != want {
				t.Errorf("%s, public menus: GET %s anonymous: got %d, want %d", v, path, r.status, want)
			}
		}
	}
}

// TestMenuExportRoundTrip: an export of a site with a menu (a term with its
// locations, items as posts with their meta) loads back into the same answers.
func TestMenuExportRoundTrip(t *testing.T) {
	s, menu := menuSite(t, rest.V68)
	before := s.get(t, "/wp/v2/menu-items?menus="+strconv.Itoa(menu)+"&context=edit", "admin")
	ds, err := fixtures.Decode(s.get(t, "/wpmock/v1/dataset", "admin").body, "export")
	if err != nil {
		t.Fatal(err)
	}
	again := newTestSiteWith(t, ds)
	again.Passwords = s.Passwords // an export keeps the hashes of the same passwords
	after := again.get(t, "/wp/v2/menu-items?menus="+strconv.Itoa(menu)+"&context=edit", "admin")
	strip := func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(s.srv.URL[7:]), []byte("SITE")) }
	if !bytes.Equal(strip(before.body), bytes.ReplaceAll(after.body, []byte(again.srv.URL[7:]), []byte("SITE"))) {
		t.Errorf("the items differ after an export and a load:\n%s\n%s", before.body, after.body)
	}
	loc := again.get(t, "/wp/v2/menu-locations/primary", "admin")
	if m, _ := loc.json.(map[string]any); m["menu"] != float64(menu) {
		t.Errorf("the location after a load: %s", loc.body)
	}
}
