package contract

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestDepthDefectsOnWordPress is issue 48's proof through a real WordPress: each of
// depthDefects and siteDefects (a customized site's: the CI site's declarations) wraps a proxy in front of the site WPCONTRACT_URL names, and the
// defect's rule must fail there as it does on the mock. The unbroken proxy must pass
// first, so a defect is not "caught" by the proxy itself. Run by hand (make proof
// leaves it out without a WordPress):
//
//	set -a; . $WP_STATE_DIR/env; set +a
//	WPCONTRACT_PROOF=1 go test -count=1 -run '^TestDepthDefectsOnWordPress$' ./contract/
func TestDepthDefectsOnWordPress(t *testing.T) {
	proofOnly(t)
	cfg := ConfigFromEnv()
	if cfg.URL == "" {
		t.Skip("needs a WordPress: WPCONTRACT_URL, WPCONTRACT_USER, WPCONTRACT_PASSWORD")
	}
	site, err := url.Parse(cfg.URL)
	if err != nil {
		t.Fatal(err)
	}
	base := defect{name: "baseline", only: issue48Groups, wrap: func(h http.Handler) http.Handler { return h }}
	if rep := runThroughProxy(t, cfg, site, base); rep.Failed() {
		t.Fatalf("the suite fails through the unbroken proxy, so defects cannot be told apart:\n%s", rep.Text())
	}
	all := slices.Clone(depthDefects)
	for _, d := range siteDefects {
		all = append(all, d.defect) // a version fact's defect is read from the site's own version
	}
	for _, d := range all {
		t.Run(d.name, func(t *testing.T) {
			rep := runThroughProxy(t, cfg, site, d)
			if r, ok := rep.Rule(d.rule); ok && r.Failed > 0 {
				return
			}
			var failed []string
			for _, r := range rep.FailedRules() {
				failed = append(failed, r.ID)
			}
			t.Errorf("rule %s did not fail through the proxy; the rules that did: %v", d.rule, failed)
		})
	}
}

// runThroughProxy runs d's groups against the site through a proxy that d breaks.
// The proxy writes its own origin for the site's in the answers, as WordPress would
// had its home been the proxy's (WordPress builds its links from the home option, not
// the request's Host).
func runThroughProxy(t *testing.T, cfg Config, site *url.URL, d defect) *Report {
	t.Helper()
	origin := site.Scheme + "://" + site.Host
	var srv *httptest.Server
	rp := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: site.Scheme, Host: site.Host})
	director := rp.Director
	rp.Director = func(r *http.Request) {
		director(r)
		r.Header.Del("Accept-Encoding") // answers in plain text, so they can be rewritten
	}
	rp.ModifyResponse = func(resp *http.Response) error {
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		for _, form := range [][2]string{{origin, srv.URL}, {strings.ReplaceAll(origin, "/", `\/`), strings.ReplaceAll(srv.URL, "/", `\/`)}} {
			b = bytes.ReplaceAll(b, []byte(form[0]), []byte(form[1]))
			for k, vs := range resp.Header {
				for i, v := range vs {
					resp.Header[k][i] = strings.ReplaceAll(v, form[0], form[1])
				}
			}
		}
		resp.Body = io.NopCloser(bytes.NewReader(b))
		if resp.Request.Method != http.MethodHead {
			// no length: a defect may rewrite the body again (as the mock sends none)
			resp.ContentLength = -1
			resp.Header.Del("Content-Length")
		}
		return nil
	}
	srv = httptest.NewServer(d.wrap(rp))
	defer srv.Close()
	run := cfg
	run.URL = srv.URL + site.Path
	run.Skip = nil
	for _, g := range sortedGroups() {
		if !slices.Contains(d.only, g.name) {
			run.Skip = append(run.Skip, g.name)
		}
	}
	rec := NewRecorder("contract")
	rep := Run(rec, run)
	rec.Finish()
	return rep
}
