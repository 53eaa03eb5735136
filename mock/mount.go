package mock

import (
	"crypto/subtle"
	"io"
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The mock's own tooling beside WordPress (the wpmock/v1 control plane: reset, the
// dataset, snapshots, faults, the request log, webhooks, named sites, the dashboard)
// is a package of its own, mock/control, built over this file's API; the mock never
// imports it. Whoever builds the server mounts it (Options.Control: cmd/wpmock, the
// tests that need it), and the mock knows it only as a Control: the routes it adds,
// the handler in front of the REST server, and what it is told of each write.

// OwnNamespace is the mock's own namespace beside WordPress's: routes a test harness
// needs and WordPress has no equivalent of. The index lists it like any namespace.
const OwnNamespace = "wpmock/v1"

// Control is a control plane mounted on one site (Options.Control makes the site's, and
// the plane itself those of the named sites it makes with Named).
type Control interface {
	// Routes are the plane's own routes, registered after WordPress's.
	Routes() []*rest.Route
	// ServeHTTP answers every request to the site; it hands those it does not answer
	// itself to the site's REST server (Mock.Server).
	ServeHTTP(w http.ResponseWriter, r *http.Request)
	// Changed is told of a write that went through and changed the content, inside
	// its transaction once the handler is done; what it returns (nil: nothing) runs
	// after the lock, on the request's goroutine, before the answer is sent.
	Changed(r *rest.Request, tx *store.Tx) (after func())
	// Close stops what the plane runs in the background (Mock.Close).
	Close()
}

// Options returns the options the site was made with (a cloned site's URL filled in).
func (m *Mock) Options() Options { return m.opts }

// Base is a named site's path (/sites/<name>); "" for a site served at the root.
func (m *Mock) Base() string { return m.base }

// Named makes a site served under base: a store built as a reset builds one, from the
// start-up dataset, and a REST server of its own, with the Control mount makes for it
// (nil: none). What only
// reading the dataset made is shared: the dataset itself (read-only), the plain
// passwords, the OpenAPI examples. A cloned site's recorded answers are not replayed
// (their links are the original site's).
func (m *Mock) Named(base string, mount func(*Mock) Control) *Mock {
	opts := m.opts
	opts.Control = mount
	n := &Mock{opts: opts, store: m.fresh(), version: m.version, base: base, reg: m.reg,
		dataset: m.dataset, regenerate: m.regenerate, startupPosts: m.startupPosts,
		Passwords: m.Passwords, examples: m.examples, exampleSite: m.exampleSite}
	n.replay.ServerHeader = m.replay.ServerHeader
	n.serve()
	return n
}

// Administers reports whether the request may use the mock's own routes: the
// administrator's (manage_options), or anyone's under -auth=open.
func (m *Mock) Administers(r *rest.Request) bool { return m.opts.OpenAuth || can(r, "manage_options") }

// CallerLogin is the login of the request's caller, "" for anonymous.
func CallerLogin(r *rest.Request) string {
	if c := who(r); c != nil {
		return c.Login
	}
	return ""
}

// CommentStatus is a stored comment_approved value as the REST API names it.
func CommentStatus(approved string) string { return commentStatusName(approved) }

// Unchanged tells the mock, from the handler of a write, that the request changed no
// content (a snapshot saved, a named site ended): nothing is reported to Control.Changed,
// and a cloned site keeps replaying.
func (m *Mock) Unchanged() { m.unchanged = true }

// ResetIn swaps the store for a fresh copy of the start-up dataset, inside the
// request's exclusive transaction: no other request sees a half-reset site, and a
// cloned site's recorded answers describe it again.
func (m *Mock) ResetIn(tx *store.Tx) {
	tx.Replace(m.fresh())
	m.replay.Reset = true
}

// LoadIn swaps the store for one holding ds, as -data loads a file, inside the
// request's exclusive transaction; replays says a cloned site's recorded answers
// describe ds (it was saved while they did).
func (m *Mock) LoadIn(tx *store.Tx, ds *site.Dataset, replays bool) {
	tx.Replace(m.build(ds, postRowsOf(ds.Posts), m.savedOptions(ds)))
	m.replay.Reset = replays
}

// DatasetIn is the site's content in the transaction, as a dataset.
func (m *Mock) DatasetIn(tx *store.Tx) *site.Dataset { return m.datasetOf(tx) }

// ExportIn streams the site's content in the transaction as a dataset file (see
// exportOf: the rows are shared, not copied).
func (m *Mock) ExportIn(tx *store.Tx) func(io.Writer) error { return m.exportOf(tx) }

// Replays reports whether a cloned site answers with its recorded answers now (its
// content is as loaded).
func (m *Mock) Replays() bool { return m.replay.Pristine() }

// PrintedPassword is the user's application password as the banner prints it
// (Mock.Passwords), while the user still has it: false if it was revoked, or the user
// came later and has none known.
func (m *Mock) PrintedPassword(u *store.User) (string, bool) {
	plain, ok := m.Passwords[u.Login]
	if !ok {
		return "", false
	}
	hash := []byte(site.HashPassword(wp.NormalizeApplicationPassword(plain)))
	for _, ap := range u.AppPasswords {
		if subtle.ConstantTimeCompare([]byte(ap.Hash), hash) == 1 {
			return plain, true
		}
	}
	return "", false
}

// callerRole names the caller's role for the recording (Options.Record): its first
// role, "anonymous" for nobody.
func callerRole(c any) string {
	if c, _ := c.(*wp.Caller); c != nil {
		if len(c.Roles) > 0 {
			return c.Roles[0]
		}
		return "none"
	}
	return "anonymous"
}
