// Package mock is the reference mock server of the WordPress REST API v2 (namespace
// wp/v2): posts, pages, media, users, categories, tags, comments, search, post meta,
// revisions, post types, taxonomies, statuses and application passwords, in memory,
// answering as WordPress 6.1 does, or as 6.8 or 7.1 (Options.Version, rest.Profiles).
// New returns an http.Handler; cmd/wpmock wires it to a listener.
//
// Each resource lives in its own file and declares itself once (its fields, arguments
// and routes); the engine in mock/rest turns that declaration into routing, validation,
// context filtering, links, OPTIONS, the index and the OpenAPI document. Post types
// and taxonomies are declarations too, the site's registry (wp.Registry: core's and the
// dataset's own): a controller is built per registered type and per registered taxonomy. Every post
// type, attachments included, has the one posts controller (posts.go); what a type's
// controller does differently is its hooks (posthooks.go; the attachments' in media.go).
package mock

import (
	"fmt"
	"log"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/front"
	"github.com/wpmock/wpmock/mock/graphql"
	"github.com/wpmock/wpmock/mock/openapidoc"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Namespace is the API namespace the mock serves.
const Namespace = "wp/v2"

// Options configure a mock site.
type Options struct {
	// SiteURL fixes the site URL in links ("http://127.0.0.1:8080"); empty derives it
	// from each request's Host header.
	SiteURL string
	// Name and Description are the site title and tagline.
	Name, Description string
	// SiteOptions are wp_options set over the dataset's (permalink_structure,
	// timezone_string, gmt_offset: cmd/wpmock's -permalinks and -timezone).
	SiteOptions map[string]any
	// Clock supplies "now" for new and changed content; nil is time.Now.
	Clock func() time.Time
	// Dataset is the site's start-up content (the format: mock/site); nil generates
	// one from Seed and Size.
	Dataset *site.Dataset
	// Seed chooses the generated dataset when no Dataset is given.
	Seed int64
	// Size is the generated site's size; the zero Size is the generator's default
	// (fixtures.DefaultSize).
	Size site.Size
	// Generator makes the site of Seed and Size when no Dataset is given, and the
	// content of a Dataset that only declares; nil is the one registered
	// (site.DefaultGenerator: fixtures', once imported). The mock makes no fake data
	// of its own.
	Generator site.Generator
	// OpenAuth makes every request act as the administrator (-auth=open).
	OpenAuth bool
	// AdminAppPassword fixes the administrator's application password; empty derives
	// one from the seed.
	AdminAppPassword string
	// MaxBody bounds request bodies (uploads included), in bytes; 0 means 64 MiB.
	MaxBody int64
	// Log receives one line per request; nil is silent.
	Log *log.Logger
	// Requests keeps the last requests for the dashboard's live log (mock/control),
	// the named sites' too; nil makes one of rest.DefaultRequestLog requests.
	Requests *rest.RequestLog
	// Version is the WordPress version the mock answers as (rest.Profiles); 0 is
	// the dataset's version if it records one, else 6.1.
	Version rest.Version
	// Control mounts the mock's control plane on the site (mount.go; package
	// mock/control's Mount or Plane.Mount): the wpmock/v1 routes, named sites,
	// faults, webhooks, the dashboard. nil serves WordPress alone.
	Control func(*Mock) Control

	// Record, when set, records the distinct calls clients make and the shapes of
	// their answers (wpmock -record; rest.Calls), readable live at GET
	// /wpmock/v1/calls. The requests New makes itself are not recorded.
	Record *rest.Calls

	// regenerateAbove is regenerateAbove (seed.go) where not zero, for tests.
	regenerateAbove int
}

// Mock is a mock WordPress site.
type Mock struct {
	renders wp.RenderCache // rendered content and excerpts, a clone's while unchanged
	replay  site.Replay    // a cloned site's recorded answers, see mock/site/replay.go
	drawn   wp.DrawnSizes  // seeded images' sub-sizes drawn when read, see imageresize.go
	opts    Options
	store   *store.Store
	server  *rest.Server
	// reg is what the site registers: core's post types and taxonomies and the
	// dataset's own (wp.Registry); the store keeps it for the layers below.
	reg *wp.Registry
	// metaKeys are the meta keys registered for each served post type ("post/<type>")
	// and taxonomy ("term/<taxonomy>") in the mock's version (buildMetaKeys).
	metaKeys map[string]fields.Meta
	// dataset is the start-up content, which a reset restores. A large generated
	// site's is kept without its posts, which are generated again when asked for
	// (startup), and startupPosts counts them by type.
	dataset      *site.Dataset
	regenerate   bool
	startupPosts map[string]int
	// version is the WordPress version the mock answers as (never 0 after New).
	version rest.Version
	// Passwords are the seeded users' application passwords by login, for the banner.
	Passwords map[string]string
	// examples are the OpenAPI document's example items, read from the seeded site at
	// exampleSite (package openapidoc).
	examples    map[string]any
	exampleSite string
	// base is a named site's path, /sites/<name>; "" for the default site.
	base string
	// control is the control plane mounted on the site (Options.Control); nil: none.
	control Control
	// graphql answers /graphql as WPGraphQL does (package graphql).
	graphql *graphql.Server
	// unchanged is set (Unchanged), inside a write transaction, by a request of the
	// mock's own that went through without changing the content (a snapshot saved):
	// inTx then reports no change to the control plane (Control.Changed), and a cloned
	// site keeps replaying.
	unchanged bool
}

// New builds a mock site with its seeded dataset.
func New(opts Options) (*Mock, error) {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Requests == nil {
		opts.Requests = rest.NewRequestLog(0)
	}
	m := &Mock{opts: opts, store: store.New(opts.Clock), version: opts.Version, reg: wp.Core}
	if err := m.seed(); err != nil {
		return nil, err
	}
	m.recordedSite(m.dataset)
	m.replay.Load(m.dataset, m.opts.SiteURL)
	if m.version == 0 {
		m.version = rest.V61
		if v := m.dataset.WPVersion; v != "" {
			var err error
			if m.version, err = rest.ParseVersion(v); err != nil {
				return nil, fmt.Errorf("the dataset's wp_version: %w", err)
			}
		}
	}
	m.serve()
	ex := openapidoc.Collect(m.server, m.opts.SiteURL)
	m.examples, m.exampleSite = ex.Items, ex.Site
	if opts.Record != nil { // from here on: the start-up's own requests are not calls
		opts.Record.Skip = append(opts.Record.Skip, OwnNamespace)
		opts.Record.Role = callerRole
		m.server.Calls = opts.Record
	}
	return m, nil
}

// serve builds the site's REST server and registers its routes.
func (m *Mock) serve() {
	m.buildMetaKeys()
	m.server = &rest.Server{
		SiteURL:  m.opts.SiteURL,
		BasePath: m.base,
		Auth:     m.authenticate,
		LoggedIn: func(c any) bool { return c != nil && c.(*wp.Caller) != nil },
		CallerName: func(c any) string {
			if c, _ := c.(*wp.Caller); c != nil {
				return c.Login
			}
			return ""
		},
		Fallback: http.HandlerFunc(m.serveSite),
		MaxBody:  m.opts.MaxBody,
		Index:    m.siteIndex,
		Log:      m.opts.Log,
		Requests: m.opts.Requests,
		Wrap:     m.inTx,
		Replay:   m.replayed,
		// a cloned site's web server's own fields (X-Powered-By), on the mock's answers too
		ServerHeader: m.replay.ServerHeader,
		Version:      m.version,
		// items' encoded JSON is cached per store generation (rest/fragments.go)
		Generation: m.store.Generation,
	}
	if m.opts.Control != nil {
		m.control = m.opts.Control(m)
	}
	for _, r := range m.resources() {
		m.server.Register(r.routes()...)
	}
	m.graphql = graphql.New(graphql.Config{Store: m.store, Home: m.server.SiteURLOf, Version: m.version,
		Renders: &m.renders, OpenAuth: m.opts.OpenAuth, Hash: site.HashPassword})
}

// Close stops what the control plane runs in the background (the webhook deliveries:
// one under way is cancelled, those waiting are dropped). The site still answers.
func (m *Mock) Close() {
	if m.control != nil {
		m.control.Close()
	}
}

// Warm does ahead of time what the first requests would otherwise wait for: the lists
// by id, and the orderings other than the date (two seconds for a million posts). It
// takes the store's read lock for that long, so writes wait; reads go on.
func (m *Mock) Warm() { m.store.Read(func(tx *store.Tx) { tx.Warm() }) }

// Requests is the log of the last requests, the named sites' too (Options.Requests):
// a server shutting down closes it, to end the dashboard's streams.
func (m *Mock) Requests() *rest.RequestLog { return m.opts.Requests }

// Version is the WordPress version the mock answers as.
func (m *Mock) Version() rest.Version { return m.version }

// resource is what every resource file provides: its routes, built from its declaration.
type resource interface {
	routes() []*rest.Route
}

// hasAutosaves says whether create_initial_rest_routes registers the type's autosaves
// routes: every type but attachments until 6.6, then a type supporting autosave
// (get_autosave_rest_controller; supporting editor implies it), so a type without
// the editor has none.
func hasAutosaves(pt *wp.PostType, v rest.Version) bool {
	if v < autosaveSupport.Since {
		return pt.Slug != "attachment"
	}
	return pt.Supported("autosave", v)
}

// autosaveSupport is the versions whose autosaves routes follow the autosave feature.
var autosaveSupport = rest.Span{Since: rest.V66}

// resources lists the resources in the order WordPress registers their routes.
func (m *Mock) resources() []resource {
	// the site's plugins' routes and the meta plugin's (rest_api_init, priority 10;
	// must-use plugins hook first) register before core's (create_initial_rest_routes,
	// priority 99)
	res := []resource{&pluginRoutes{m: m}, &postMeta{m: m}}
	// a controller per post type, each followed by its revisions' where the type
	// supports them, as create_initial_rest_routes walks the types
	for _, pt := range m.reg.PostTypes {
		pc, rev := &posts{m: m, pt: pt, hooks: hooksOf(pt)}, &revisions{m: m, parent: pt}
		res = append(res, pc)
		if pt.Supported("revisions", m.version) {
			res = append(res, rev)
		}
		if hasAutosaves(pt, m.version) {
			res = append(res, &autosaves{m: m, parent: pt, posts: pc, rev: rev})
		}
	}
	res = append(res, &types{m: m}, &statuses{m: m}, &taxonomies{m: m})
	for _, tax := range m.reg.Taxonomies { // a terms controller per taxonomy, in registration order
		res = append(res, &terms{m: m, taxonomy: tax.Slug, base: tax.RestBase, hooks: termHooksOf(tax.Slug)})
	}
	res = append(res,
		&users{m: m},
		&appPasswords{m: m},
		&comments{m: m},
		&searchController{m: m},
		&settings{m: m},
		&menuLocations{m: m}, // registered after the block editor's and the widgets' routes
		&openapiDoc{m: m},    // wpmock/v1: the OpenAPI document
	)
	if m.control != nil { // wpmock/v1: the control plane's own routes
		res = append(res, controlRoutes{m.control})
	}
	return res
}

// inTx runs a request's dispatch inside one store transaction: shared for reads,
// exclusive for everything else. Handlers reach it with txOf. A write that went
// through and changed the content is reported to the control plane (Control.Changed).
func (m *Mock) inTx(r *rest.Request, dispatch func() bool) {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		again := false
		m.store.Read(func(tx *store.Tx) {
			r.Tx = tx
			dispatch()
			c, _ := r.Caller.(*wp.Caller)
			again = c != nil && c.RecordUse // authentication stopped it: it must write
		})
		if again { // at most once a day per application password
			m.store.Write(func(tx *store.Tx) { r.Tx = tx; dispatch() })
		}
	default:
		defer m.prerender(r)() // an uploaded image's sub-sizes, made before the lock
		var after func()
		m.store.Write(func(tx *store.Tx) {
			r.Tx = tx
			m.unchanged = false
			if dispatch() && !m.unchanged { // a snapshot saved: nothing to note or report
				m.replay.NoteWrite()
				if m.control != nil && tx.Changed() {
					after = m.control.Changed(r, tx)
				}
			}
		})
		if after != nil {
			after()
		}
		if m.store.TakeFreed() >= returnFreed {
			// the Go runtime hands freed memory back to the system only gradually;
			// a large deleted upload is given back at once
			go debug.FreeOSMemory()
		}
	}
}

// returnFreed is how many bytes of deleted files make the mock return memory to the
// system at once.
const returnFreed = 8 << 20

// controlRoutes are the control plane's routes, as a resource.
type controlRoutes struct{ c Control }

func (c controlRoutes) routes() []*rest.Route { return c.c.Routes() }

// txOf is the store transaction of a request.
func txOf(r *rest.Request) *store.Tx { return r.Tx.(*store.Tx) }

// registry is what the request's site registers (wp.Registry).
func registry(r *rest.Request) *wp.Registry { return wp.RegistryOf(txOf(r)) }

// ServeHTTP serves the site: through its control plane when one is mounted (the
// named sites, the dashboard, faults), else straight from the REST server.
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if m.control != nil {
		m.control.ServeHTTP(w, r)
		return
	}
	m.server.ServeHTTP(w, r)
}

// Server exposes the REST server (routes, for the OpenAPI generator and tests).
func (m *Mock) Server() *rest.Server { return m.server }

// siteIndex is the site part of GET /wp-json/.
func (m *Mock) siteIndex(r *rest.Request) rest.Object {
	out := make(rest.Object, 0, len(siteIndexFields))
	for _, f := range siteIndexFields {
		if f.span.In(m.version) {
			out = append(out, rest.Member{Key: f.key, Value: f.value(m, r)})
		}
	}
	return out
}

// siteIndexFields are the site fields of get_index in output order, each with the
// versions that have it (6.8 adds the front page settings).
var siteIndexFields = []struct {
	key   string
	span  rest.Span
	value func(m *Mock, r *rest.Request) any
}{
	{"name", rest.Span{}, func(_ *Mock, r *rest.Request) any { return option(r, "blogname") }},
	{"description", rest.Span{}, func(_ *Mock, r *rest.Request) any { return option(r, "blogdescription") }},
	{"url", rest.Span{}, func(_ *Mock, r *rest.Request) any { return r.Site }},
	{"home", rest.Span{}, func(_ *Mock, r *rest.Request) any { return r.Site }},
	{"gmt_offset", rest.Span{}, func(_ *Mock, r *rest.Request) any { return wp.IndexGMTOffset(txOf(r), txOf(r).Now()) }},
	{"timezone_string", rest.Span{}, func(_ *Mock, r *rest.Request) any { return option(r, "timezone_string") }},
	{"page_for_posts", rest.Span{Since: rest.V68}, func(_ *Mock, r *rest.Request) any { return wp.OptionInt(txOf(r), "page_for_posts") }},
	{"page_on_front", rest.Span{Since: rest.V68}, func(_ *Mock, r *rest.Request) any { return wp.OptionInt(txOf(r), "page_on_front") }},
	{"show_on_front", rest.Span{Since: rest.V68}, func(_ *Mock, r *rest.Request) any { return option(r, "show_on_front") }},
	{"namespaces", rest.Span{}, func(m *Mock, _ *rest.Request) any { return m.server.Namespaces() }},
	{"authentication", rest.Span{}, func(_ *Mock, r *rest.Request) any {
		return rest.Object{{"application-passwords", rest.Object{{"endpoints",
			rest.Object{{"authorization", r.Site + "/wp-admin/authorize-application.php"}}}}}}
	}},
	{"routes", rest.Span{}, func(*Mock, *rest.Request) any { return nil }},
	{"site_logo", rest.Span{}, func(_ *Mock, r *rest.Request) any { return wp.OptionInt(txOf(r), "site_logo") }},
	{"site_icon", rest.Span{}, func(_ *Mock, r *rest.Request) any { return wp.OptionInt(txOf(r), "site_icon") }},
	{"site_icon_url", rest.Span{}, func(_ *Mock, r *rest.Request) any { return siteIconURL(r) }},
}

// option is get_option as the index prints it: the value kept, false when unset.
func option(r *rest.Request, name string) any {
	if v, ok := txOf(r).Option(name); ok {
		return v
	}
	return false
}

// siteIconURL is get_site_icon_url: the site icon's file URL, "" without one.
func siteIconURL(r *rest.Request) string {
	tx := txOf(r)
	if p := tx.Post(wp.OptionInt(tx, "site_icon")); p != nil && p.Type == "attachment" {
		return wp.AttachmentURL(r.Site, p)
	}
	return ""
}

// serveSite answers what is not a REST route: WPGraphQL's endpoint, the front page
// (package front), or an uploaded file.
func (m *Mock) serveSite(w http.ResponseWriter, r *http.Request) {
	if graphql.Is(r) {
		m.graphql.ServeHTTP(w, r)
		return
	}
	if (r.URL.Path == "/" || r.URL.Path == "/index.php") && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		front.Page(w, r, m.store, m.server.SiteURLOf(r))
		return
	}
	front.Upload(w, r, m.store, &m.drawn)
}
