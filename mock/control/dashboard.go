package control

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strconv"

	"github.com/wpmock/wpmock/mock/dashboard"
)

// codeDashboardFile answers a path under /wpmock/ that is none of the dashboard's files.
const codeDashboardFile = "wpmock_dashboard_not_found"

// codeDashboardRender answers a page that could not be rendered (a bug).
const codeDashboardRender = "wpmock_dashboard_render"

// dashboardRequests is how many of the last requests the page arrives with.
const dashboardRequests = 50

// serveDashboard answers the dashboard's page and files (mock/dashboard), public as a
// WordPress site's wp-admin login page is: what it shows comes from the admin-only
// wpmock/v1 routes (requests.go, summary.go, control.go, snapshots.go, faults.go,
// webhooks.go, sites.go), with the credentials the visitor gives the page, or that the
// banner's link signed the browser in for (Options.DashboardToken).
func (s *site) serveDashboard(w http.ResponseWriter, r *http.Request) {
	if dashboard.IsPage(r.URL.Path) {
		s.serveDashboardPage(w, r)
		return
	}
	if !dashboard.Serve(w, r, r.URL.Path) {
		writeFault(w, http.StatusNotFound, codeDashboardFile, "The dashboard has no such file.", "")
	}
}

// serveDashboardPage renders the page: signed in (by the banner's link, or with no
// password needed under -auth=open), with the site's summary and last requests in it,
// read through the same admin-only routes the page's script then calls.
func (s *site) serveDashboardPage(w http.ResponseWriter, r *http.Request) {
	token, open := s.plane.opts.DashboardToken, s.m.Options().OpenAuth
	done, bad := dashboard.SignIn(w, r, token, s.base+dashboard.Path)
	if done {
		return
	}
	var page dashboard.Page
	if bad {
		page.Message = "This link's token is not this mock's (was it started again?): open the dashboard link its banner prints now, or give the administrator's application password."
	}
	page.SignedInByLink = dashboard.SignedIn(r, token)
	if page.SignedInByLink || open {
		if !open {
			page.Authorization = s.adminAuthorization()
		}
		page.Summary, page.Requests = s.dashboardContent(r, page.Authorization)
		if page.Summary == nil && page.Message == "" {
			page.Message = "The administrator's application password is no longer the one the banner printed: give one of theirs."
		}
	}
	if err := dashboard.Render(w, r, page); err != nil {
		writeFault(w, http.StatusInternalServerError, codeDashboardRender, err.Error(), "")
	}
}

// adminAuthorization is the Authorization header of the administrator whose
// application password the banner prints: "admin", else the first administrator.
func (s *site) adminAuthorization() string {
	login := ""
	for _, u := range s.m.StartupKept().Users {
		if _, ok := s.m.Passwords[u.Login]; ok && len(u.Roles) > 0 && u.Roles[0] == "administrator" && (login == "" || u.Login == "admin") {
			login = u.Login
		}
	}
	if login == "" {
		return ""
	}
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(login+":"+s.m.Passwords[login]))
}

// dashboardContent reads the summary and the last requests as the page's script does,
// with its credentials, as the site's own requests (not in the request log). A refusal
// (the password revoked since) leaves the summary nil.
func (s *site) dashboardContent(r *http.Request, authorization string) (*dashboard.Summary, []dashboard.Request) {
	get := func(route string) []byte {
		req := httptest.NewRequest(http.MethodGet, "http://"+r.Host+"/wp-json/wpmock/v1/"+route, nil)
		req.Host, req.TLS = r.Host, r.TLS
		if authorization != "" {
			req.Header.Set("Authorization", authorization)
		}
		rec := httptest.NewRecorder()
		s.m.Server().ServeInternal(rec, req)
		if rec.Code != http.StatusOK {
			return nil
		}
		return rec.Body.Bytes()
	}
	b := get("summary")
	if b == nil {
		return nil, nil
	}
	summary, err := dashboard.DecodeSummary(b)
	if err != nil {
		return nil, nil
	}
	var requests []dashboard.Request
	if b := get("requests?limit=" + strconv.Itoa(dashboardRequests)); b != nil {
		requests, _ = dashboard.DecodeRequests(b)
	}
	// newest first, as the script adds them
	for i, j := 0, len(requests)-1; i < j; i, j = i+1, j-1 {
		requests[i], requests[j] = requests[j], requests[i]
	}
	return summary, requests
}
