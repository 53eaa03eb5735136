// Package control is the mock's control plane: the tooling a test harness needs beside
// WordPress, which WordPress has no equivalent of, in the mock's own namespace
// wpmock/v1 (mock.OwnNamespace). Reset and the dataset (control.go), named snapshots
// (snapshots.go), latency and injected faults (faults.go), the request log
// (requests.go), what a write changed (changes.go) and the webhooks it is posted to
// (webhooks.go, over mock/webhook), named sites under /sites/<name>/ (sites.go), the
// recorded calls, and the dashboard at /wpmock/ (dashboard.go, summary.go, over
// mock/dashboard).
//
// It is built over the mock's public API (mock/mount.go) and the mock never imports
// it: whoever builds the server mounts it, cmd/wpmock and the tests that need it,
// with mock.Options.Control set to a Plane's Mount. A request walks down: the plane's
// handler (sites, dashboard, faults), then the site's REST server, the controllers of
// package mock, mock/wp and mock/store.
package control

import (
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/dashboard"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/webhook"
)

// Options configure the control plane of a mock and its named sites.
type Options struct {
	// DashboardToken, when set, signs a browser in to the dashboard that opens its
	// page with ?token=<it> (dashboard.Link; the banner prints the link on a local
	// address): a cookie, and the page acts with the administrator's application
	// password. Empty: the page asks for the password.
	DashboardToken string
	// OnChange is called after each request that changed the site's content (a
	// write that went through and changed a row, a reset), with what it changed
	// (changes.go), once the store is unlocked, on the request's goroutine before its
	// answer is sent: it should only take note (cmd/wpmock's -persist signals a
	// saver, which takes Dataset). A refused write changes nothing (handlers check
	// before they change) and is not reported; nor is an application password's
	// last use, which authentication records on any request, nor a write of the
	// mock's own settings (faults, webhooks). The Change is shared: read it, never
	// change it. The default site's changes only: a named site's are not reported.
	OnChange func(*webhook.Change)
	// Webhooks are the receivers each change is posted to, and how (cmd/wpmock's
	// -webhook, -webhook-preset, -webhook-secret); more can be added while running
	// (POST /wpmock/v1/webhooks).
	Webhooks webhook.Config
	// Faults slows answers down and makes a share of them fail (faults.go); the zero
	// value is off.
	Faults Faults
	// MaxSites bounds the named sites (/sites/<name>/, sites.go) alive at once: a new
	// one past it ends the one least recently used. 0 is DefaultMaxSites; a negative
	// number is no bound.
	MaxSites int
}

// Plane is the control plane of one mock: its options and the webhook deliveries,
// which the named sites share.
type Plane struct {
	opts  Options
	hooks *webhook.Dispatcher
}

// New makes the control plane of one mock, its webhook deliveries started (a
// receiver's URL or preset that is wrong is an error); mock.Options.Control is its
// Mount.
func New(opts Options) (*Plane, error) {
	hooks, err := webhook.New(opts.Webhooks)
	if err != nil {
		return nil, err
	}
	return &Plane{opts: opts, hooks: hooks}, nil
}

// Mount mounts a plane of its own with the zero Options (faults off, no webhooks, at
// most DefaultMaxSites named sites) on a site: mock.Options.Control for a caller that
// keeps no Plane, as tests serving the mock as cmd/wpmock serves it.
func Mount(m *mock.Mock) mock.Control {
	p, err := New(Options{})
	if err != nil { // no webhooks, nothing to refuse
		panic(err)
	}
	return p.Mount(m)
}

// Close stops the webhook deliveries (Mock.Close does it for a mounted plane).
func (p *Plane) Close() { p.hooks.Close() }

// Mount mounts the plane on a site: mock.New calls it for the default site, and
// Mock.Named for each named site the default site makes (Base not ""), which share
// the plane's webhooks.
func (p *Plane) Mount(m *mock.Mock) mock.Control {
	s := &site{m: m, plane: p, base: m.Base()}
	s.faults.init(p.opts.Faults, m.Options().Seed)
	if s.base == "" {
		s.sites = newSiteSet(s, p.opts.MaxSites)
		s.onChange = p.opts.OnChange
	}
	return s
}

// site is the plane mounted on one site: its own faults, snapshots and change
// numbers; the default site's named sites and OnChange.
type site struct {
	m         *mock.Mock
	plane     *Plane
	base      string                // a named site's path, /sites/<name>; "" for the default site
	faults    faults                // latency and injected failures, see faults.go
	snapshots snapshotSet           // the site's named snapshots (snapshots.go)
	sites     *siteSet              // the named sites (sites.go); nil in a named site
	onChange  func(*webhook.Change) // Options.OnChange, the default site's
	changeSeq atomic.Uint64         // numbers the changes (changes.go)
}

// Routes are the wpmock/v1 routes, in the order the index lists them.
func (s *site) Routes() []*rest.Route {
	var out []*rest.Route
	for _, r := range []interface{ routes() []*rest.Route }{
		&control{s},        // reset and dataset
		&snapshotsRoute{s}, // named snapshots
		&faultsRoute{s},    // latency and faults
		&webhooksRoute{s},  // webhook receivers and deliveries
		&requestsRoute{s},  // the request log, streamed to the dashboard
		&summaryRoute{s},   // counts and users, for the dashboard
	} {
		out = append(out, r.routes()...)
	}
	if s.base == "" { // the default site lists and deletes the named ones
		out = append(out, (&sitesRoute{s}).routes()...)
		if calls := s.m.Options().Record; calls != nil { // -record: the calls so far
			out = append(out, (&recording{s: s, calls: calls}).routes()...)
		}
	}
	return out
}

// ServeHTTP serves the site, and the named sites under /sites/<name>/ (sites.go).
func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.sites != nil && s.sites.serve(w, r) {
		return
	}
	if dashboard.Is(r.URL.Path) && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		s.serveDashboard(w, r) // before the faults: the page loads even while answers are slowed
		return
	}
	s.serveWithFaults(w, r)
}

// Changed describes a write's change when someone listens (OnChange, webhooks), and
// hands it to them after the lock.
func (s *site) Changed(r *rest.Request, tx *store.Tx) func() {
	hooked := s.plane.hooks.Active()
	if !hooked && s.onChange == nil {
		return nil
	}
	change := s.describe(r, tx)
	return func() {
		if s.onChange != nil {
			s.onChange(change)
		}
		if hooked && (change.Reset || len(change.Items) > 0) {
			s.plane.hooks.Send(change)
		}
	}
}

// Close stops the webhook deliveries: one under way is cancelled, those waiting are
// dropped. A named site's leaves them to the default site's.
func (s *site) Close() {
	if s.base == "" {
		s.plane.Close()
	}
}

// name is the site's name as the answers show it, "" for the default site.
func (s *site) name() string { return strings.TrimPrefix(s.base, SitesPrefix) }

// ownRoute is the route /wpmock/v1/<name> of the mock's own namespace.
func ownRoute(name string, endpoints ...*rest.Endpoint) *rest.Route {
	return &rest.Route{Namespace: mock.OwnNamespace, Pattern: "/" + mock.OwnNamespace + "/" + name, Endpoints: endpoints}
}

// permission lets the administrator use the mock's own routes, and anyone under
// -auth=open.
func (s *site) permission(r *rest.Request) *rest.Error {
	if s.m.Administers(r) {
		return nil
	}
	return r.Forbidden(rest.CodeForbidden, "Sorry, you are not allowed to do that.")
}
