package mock

import (
	"net/http"

	"github.com/wpmock/wpmock/mock/dashboard"
)

// codeDashboardFile answers a path under /wpmock/ that is none of the dashboard's files.
const codeDashboardFile = "wpmock_dashboard_not_found"

// serveDashboard answers the dashboard's page and files (mock/dashboard), public as a
// WordPress site's wp-admin login page is: what it shows comes from the admin-only
// wpmock/v1 routes (requests.go, summary.go, control.go, snapshots.go, faults.go,
// webhooks.go, sites.go), with the credentials the visitor gives the page.
func (m *Mock) serveDashboard(w http.ResponseWriter, r *http.Request) {
	if !dashboard.Serve(w, r, r.URL.Path) {
		m.writeFault(w, http.StatusNotFound, codeDashboardFile, "The dashboard has no such file.", "")
	}
}
