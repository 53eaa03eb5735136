package control

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/internal/sitetest"
)

// Shared test helpers: a site with the control plane mounted behind httptest, and
// requests as each seeded user (as package mock's tests make them).

// fixedClock is the clock of test sites.
func fixedClock() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }

// newMock is mock.New with the control plane mounted, as cmd/wpmock mounts it.
func newMock(mo mock.Options, co Options) (*mock.Mock, error) {
	m, _, err := newMockSite(mo, co)
	return m, err
}

// newMockSite is newMock, and the plane mounted on the default site.
func newMockSite(mo mock.Options, co Options) (*mock.Mock, *site, error) {
	p, err := New(co)
	if err != nil {
		return nil, nil, err
	}
	var ctl *site
	mo.Control = func(m *mock.Mock) mock.Control {
		c := p.Mount(m)
		if m.Base() == "" {
			ctl = c.(*site)
		}
		return c
	}
	m, err := mock.New(mo)
	return m, ctl, err
}

type testSite struct {
	*mock.Mock
	ctl *site // the plane on the default site
	srv *httptest.Server
}

func newTestSite(t testing.TB) *testSite {
	t.Helper()
	return newTestSiteWith(t, fixtures.Example())
}

// newTestSiteWith is a test site starting from ds.
func newTestSiteWith(t testing.TB, ds *fixtures.Dataset) *testSite {
	t.Helper()
	m, ctl, err := newMockSite(mock.Options{Dataset: ds, Clock: fixedClock}, Options{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return &testSite{Mock: m, ctl: ctl, srv: srv}
}

// named is the test site's named site <name>, under /sites/<name>/.
func (s *testSite) named(name string) *testSite {
	return &testSite{Mock: s.Mock, ctl: s.ctl, srv: &httptest.Server{URL: s.srv.URL + SitesPrefix + name}}
}

// reply is a decoded response.
type reply struct {
	status int
	header http.Header
	body   []byte
	json   any
}

// do sends a request as login ("" for anonymous) to a path under /wp-json.
func (s *testSite) do(t testing.TB, method, path, login string, body io.Reader, header ...string) reply {
	t.Helper()
	r := sitetest.Do(t, method, s.srv.URL+"/wp-json"+path, login, s.Passwords[login], body, header...)
	return reply{status: r.Status, header: r.Header, body: r.Body, json: r.JSON}
}

func (s *testSite) get(t testing.TB, path, login string) reply {
	t.Helper()
	return s.do(t, http.MethodGet, path, login, nil)
}

// send sends body as JSON.
func (s *testSite) send(t testing.TB, method, path, login string, body any) reply {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return s.do(t, method, path, login, bytes.NewReader(b), "Content-Type", "application/json")
}

// upload is a multipart POST /wp/v2/media with a "file" part named name.
func (s *testSite) upload(t testing.TB, login, name string, data []byte) reply {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	return s.do(t, http.MethodPost, "/wp/v2/media", login, &body, "Content-Type", mw.FormDataContentType())
}

// fetch GETs a URL of the test site (an uploaded file).
func (s *testSite) fetch(t testing.TB, url string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// testPNG is a 5x3 PNG.
func testPNG(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 5, 3))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// errorCode returns the "code" of an error body.
func (r reply) errorCode() string {
	if m, ok := r.json.(map[string]any); ok {
		c, _ := m["code"].(string)
		return c
	}
	return ""
}

// wantError checks status and code of an error response.
func (r reply) wantError(t testing.TB, status int, code string) {
	t.Helper()
	if r.status != status || r.errorCode() != code {
		t.Errorf("got %d %s, want %d %s\n%s", r.status, r.errorCode(), status, code, r.body)
	}
}

// obj returns the reply's body as an object.
func (r reply) obj(t testing.TB) map[string]any {
	t.Helper()
	m, ok := r.json.(map[string]any)
	if !ok {
		t.Fatalf("body is not an object: %s", r.body)
	}
	return m
}

func (r reply) id(t testing.TB) int { t.Helper(); return int(r.obj(t)["id"].(float64)) }
