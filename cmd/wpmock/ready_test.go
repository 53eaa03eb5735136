package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// TestReadyJSON: -ready-json ends the start-up output with one JSON line giving the
// URL of a server started on port 0 and credentials that work there (the npm
// package's start() reads it); without the flag the output is the banner alone.
func TestReadyJSON(t *testing.T) {
	small := []string{"-addr", "127.0.0.1:0", "-quiet", "-posts", "2", "-users", "3", "-terms", "2", "-media", "0"}
	for _, c := range []struct {
		name     string
		flags    []string
		auth     string
		password string // "" : whatever the seed derives
	}{
		{"seeded", nil, "app-password", ""},
		{"fixed password", []string{"-admin-app-password", "abcd EFGH 1234 ijkl MNOP 5678"}, "app-password", "abcd EFGH 1234 ijkl MNOP 5678"},
		{"open", []string{"-auth", "open"}, "open", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			m, _ := runMain(t, &Main{Stdout: &out, Stderr: io.Discard}, append(append([]string{"-ready-json"}, small...), c.flags...)...)
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if !strings.HasPrefix(lines[0], "wpmock: WordPress REST API mock at "+m.URL+"/wp-json/") {
				t.Errorf("first line: got %q, want the banner", lines[0])
			}
			var r ready
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
				t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
			}
			if r.URL != m.URL || r.REST != m.URL+"/wp-json/" || r.WordPress != "6.1" || r.Auth != c.auth {
				t.Errorf("got url %q rest %q wordpress %q auth %q, want %q, %q, 6.1, %s", r.URL, r.REST, r.WordPress, r.Auth, m.URL, m.URL+"/wp-json/", c.auth)
			}
			// on 127.0.0.1, the link that signs a browser in (issue 46)
			if tok := m.Control.DashboardToken; tok == "" || r.Dashboard != m.URL+"/wpmock/?token="+tok {
				t.Errorf("dashboard %q, want %q with a token", r.Dashboard, m.URL+"/wpmock/?token=")
			}
			if r.User != "admin" || r.Password == "" || (c.password != "" && r.Password != c.password) {
				t.Errorf("got user %q password %q, want admin and %q", r.User, r.Password, c.password)
			}
			if len(r.Users) != 3 || r.Users[0].Login != "admin" || r.Users[0].Role != "administrator" {
				t.Errorf("got users %+v, want 3, admin first", r.Users)
			}
			// the credentials are the admin's: users/me in the edit context says so
			req, _ := http.NewRequest("GET", r.REST+"wp/v2/users/me?context=edit", nil)
			req.SetBasicAuth(r.User, r.Password)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var me struct {
				Username string   `json:"username"`
				Roles    []string `json:"roles"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&me); err != nil || resp.StatusCode != 200 || me.Username != "admin" || len(me.Roles) == 0 || me.Roles[0] != "administrator" {
				t.Errorf("users/me as %s: got %d %+v %v, want 200 admin administrator", r.User, resp.StatusCode, me, err)
			}
		})
	}
	t.Run("without the flag", func(t *testing.T) {
		var out bytes.Buffer
		runMain(t, &Main{Stdout: &out, Stderr: io.Discard}, small...)
		if strings.Contains(out.String(), "{") {
			t.Errorf("without -ready-json the output has JSON:\n%s", out.String())
		}
	})
}

// TestDashboardLink: on a loopback address the banner's dashboard link carries a
// per-process token, and opening it shows the site without a password; listening on
// every interface it does not, unless -dashboard-link on; -dashboard-link off never.
func TestDashboardLink(t *testing.T) {
	small := []string{"-quiet", "-posts", "2", "-users", "2", "-terms", "2", "-media", "0"}
	for _, c := range []struct {
		flags []string
		token bool
	}{
		{[]string{"-addr", "127.0.0.1:0"}, true},
		{[]string{"-port", "0"}, true},
		{[]string{"-addr", "0.0.0.0:0"}, false},
		{[]string{"-addr", "0.0.0.0:0", "-dashboard-link", "on"}, true},
		{[]string{"-addr", "127.0.0.1:0", "-dashboard-link", "off"}, false},
	} {
		var out bytes.Buffer
		m, _ := runMain(t, &Main{Stdout: &out, Stderr: io.Discard}, append(c.flags, small...)...)
		var link string
		for _, line := range strings.Split(out.String(), "\n") {
			if l, ok := strings.CutPrefix(line, "wpmock: dashboard ("); ok {
				link = l[strings.Index(l, "): ")+3:]
			}
		}
		tok := m.Control.DashboardToken
		if (tok != "") != c.token || link != m.URL+"/wpmock/"+map[bool]string{true: "?token=" + tok, false: ""}[c.token] {
			t.Errorf("wpmock %s: banner link %q, token %q; want a token: %v", strings.Join(c.flags, " "), link, tok, c.token)
			continue
		}
		jar, _ := cookiejar.New(nil)
		resp, err := (&http.Client{Jar: jar}).Get(link)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if signedIn := strings.Contains(string(page), `<tr data-type="post">`); signedIn != c.token {
			t.Errorf("wpmock %s: the banner's link signs in: %v, want %v", strings.Join(c.flags, " "), signedIn, c.token)
		}
	}
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags([]string{"-dashboard-link", "yes"}); err == nil || err.Error() != `-dashboard-link "yes": want auto, on or off` {
		t.Errorf("-dashboard-link yes: got %v", err)
	}
}
