package control

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
)

// dashboardSite is a site whose dashboard signs in by link with token.
func dashboardSite(t *testing.T, opts mock.Options, co Options) *httptest.Server {
	t.Helper()
	opts.Dataset, opts.Clock = fixtures.Example(), fixedClock
	m, err := newMock(opts, co)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return srv
}

// getPage GETs a dashboard URL with client c, returning the status and the body.
func getPage(t *testing.T, c *http.Client, url string) (*http.Response, string) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(body)
}

// TestDashboardSignInByLink: the banner's link (?token=) signs a browser in with an
// HttpOnly cookie scoped to the dashboard and redirects to the clean URL, where the
// page arrives with the site's counts, users and last requests rendered, and the
// administrator's credentials for its script (issue 46: every new tab asked for the
// application password, and a headless screenshot was blank). Without the cookie, or
// with a wrong token, the page asks for the password and holds no data.
func TestDashboardSignInByLink(t *testing.T) {
	const token = "T0KEN1234567890ABCDEFGHIJK"
	srv := dashboardSite(t, mock.Options{}, Options{DashboardToken: token})
	http.Get(srv.URL + "/wp-json/wp/v2/posts?per_page=1&dashboard-probe") // a request for the log
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	resp, _ := getPage(t, noFollow, srv.URL+"/wpmock/?token="+token)
	cookie := resp.Header.Get("Set-Cookie")
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "./" {
		t.Errorf("the link: got %d to %q, want 303 to ./", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, want := range []string{"=" + token, "Path=/wpmock/", "HttpOnly", "SameSite=Strict"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("the link's cookie %q lacks %s", cookie, want)
		}
	}

	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	resp, page := getPage(t, browser, srv.URL+"/wpmock/?token="+token)
	if resp.Request.URL.RawQuery != "" {
		t.Errorf("the browser ended at %s, want the URL without the token", resp.Request.URL)
	}
	for _, want := range []string{
		`<meta name="wpmock-authorization" content="Basic `,
		`<section id="login" hidden>`, `<main id="overview">`,
		`<tr data-type="post"><td>posts<span class="muted"> (post)</span></td><td class="path">wp/v2/posts</td><td class="num">`,
		`<tr data-login="admin"><td>admin</td><td>administrator</td><td class="mono">`,
		`<td class="path">/wp-json/wp/v2/posts?per_page=1&amp;dashboard-probe</td><td class="s2">200</td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("signed in, the page lacks %s", want)
		}
	}
	if resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("the signed-in page's Cache-Control: %q, want no-store", resp.Header.Get("Cache-Control"))
	}

	for name, url := range map[string]string{
		"no cookie":      srv.URL + "/wpmock/",
		"a wrong token":  srv.URL + "/wpmock/?token=" + strings.ToLower(token),
		"an empty token": srv.URL + "/wpmock/?token=",
	} {
		resp, page := getPage(t, noFollow, url)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Set-Cookie") != "" ||
			!strings.Contains(page, `<section id="login">`) || strings.Contains(page, "wpmock-authorization") ||
			strings.Contains(page, `data-login="admin"`) {
			t.Errorf("%s: got %d, cookie %q; want the sign-in form and no data", name, resp.StatusCode, resp.Header.Get("Set-Cookie"))
		}
		if name == "a wrong token" && !strings.Contains(page, "token is not this mock&#39;s") {
			t.Errorf("%s: the page does not say why it asks for a password", name)
		}
	}

	// signing out clears the cookie: the next visit asks for the password
	if _, page := getPage(t, browser, srv.URL+"/wpmock/?signout"); !strings.Contains(page, `<section id="login">`) {
		t.Error("after ?signout the page is still signed in")
	}
}

// TestDashboardSignInNamedSite: a named site's dashboard takes the same token, its
// cookie scoped to its own path.
func TestDashboardSignInNamedSite(t *testing.T) {
	srv := dashboardSite(t, mock.Options{}, Options{DashboardToken: "abc"})
	jar, _ := cookiejar.New(nil)
	_, page := getPage(t, &http.Client{Jar: jar}, srv.URL+"/sites/w1/wpmock/?token=abc")
	if !strings.Contains(page, `<span id="site-name">site w1</span>`) || !strings.Contains(page, `data-type="post"`) {
		t.Errorf("w1's dashboard by link is not signed in:\n%.600s", page)
	}
	u, _ := http.NewRequest(http.MethodGet, srv.URL+"/wpmock/", nil)
	if c := jar.Cookies(u.URL); len(c) > 0 {
		t.Errorf("w1's cookie reaches the default site's dashboard: %v", c)
	}
}

// TestDashboardNoToken: without a token (the mock on a public address) no link signs
// in, whatever it carries; under -auth=open the page is rendered with the site's data
// and no credentials, as the routes need none.
func TestDashboardNoToken(t *testing.T) {
	srv := dashboardSite(t, mock.Options{}, Options{})
	if _, page := getPage(t, http.DefaultClient, srv.URL+"/wpmock/?token="); !strings.Contains(page, `<section id="login">`) {
		t.Error("no token: ?token= signed in")
	}
	open := dashboardSite(t, mock.Options{OpenAuth: true}, Options{})
	_, page := getPage(t, http.DefaultClient, open.URL+"/wpmock/")
	if !strings.Contains(page, `data-type="post"`) || strings.Contains(page, "wpmock-authorization") {
		t.Error("-auth=open: the page is not rendered with the site, or carries credentials")
	}
}
