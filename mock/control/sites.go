package control

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/webhook"
)

// Named sites: one process serves, besides its own site, any number of sites by name
// under /sites/<name>/ (/sites/w1/wp-json/wp/v2/posts, /sites/w1/?rest_route=...), so
// that parallel test workers each get a site of their own without a process each: a
// frontend changes only its base URL. A named site is made on its first request from
// what the default site started from (its dataset, seed, size and options, the same
// users and application passwords), as a reset makes a store: it has its own content,
// its own wpmock/v1 reset, dataset, snapshots and faults, and links carrying its base.
// Options.MaxSites bounds how many are alive at once; past it the one least recently
// used ends, as DELETE /wpmock/v1/sites/<name> ends one at once. WordPress multisite
// is something else (sites made by an administrator, with their own users): this is
// a testing convenience, so it lives in wpmock/v1.

// SitesPrefix is the path the named sites are served under.
const SitesPrefix = "/sites/"

// A request to the plain URL may name its site instead: a frontend rendered on the
// server (Next.js, Astro) reads one base URL, so a test names its site in what the
// browser sends, the frontend forwards it on its own fetches, and the mock answers
// them from that site (docs/frontends.md). The path wins over both; the header wins
// over the cookie.
const (
	// HeaderSite names the site of a request to the plain URL: X-WPMock-Site: w1.
	// A named site's webhooks carry it too (webhook.HeaderSite).
	HeaderSite = webhook.HeaderSite
	// CookieSite does the same from a cookie, which a browser sends by itself:
	// wpmock_site=w1.
	CookieSite = "wpmock_site"
)

// DefaultMaxSites is how many named sites live at once when Options.MaxSites is 0: a
// site of the default size holds a few MB.
const DefaultMaxSites = 64

const (
	// codeSiteName answers a path under /sites/ whose name is not a site name.
	codeSiteName = "wpmock_invalid_site_name"
	// codeSiteNotFound answers a DELETE of a named site that is not alive.
	codeSiteNotFound = "wpmock_site_not_found"
)

// siteName is what a site's name may be: a worker's index, a test file's name.
var siteName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// siteSet is the default site's named sites.
type siteSet struct {
	parent *site
	max    int // 0: no bound
	mu     sync.Mutex
	byName map[string]*namedSite
	uses   uint64 // requests so far, the clock of the LRU order
}

// namedSite is one named site, made once by the first request that names it (the
// others wait for it) and alive until it is evicted or deleted.
type namedSite struct {
	name string
	once sync.Once
	m    *mock.Mock
	used uint64 // siteSet.uses at its last request
}

func newSiteSet(parent *site, max int) *siteSet {
	switch {
	case max == 0:
		max = DefaultMaxSites
	case max < 0:
		max = 0
	}
	return &siteSet{parent: parent, max: max, byName: map[string]*namedSite{}}
}

// serve answers a request under /sites/: false for any other path.
func (s *siteSet) serve(w http.ResponseWriter, r *http.Request) bool {
	rest, ok := strings.CutPrefix(r.URL.Path, SitesPrefix)
	if !ok {
		return s.serveChosen(w, r)
	}
	name, _, _ := strings.Cut(rest, "/")
	if !siteName.MatchString(name) {
		writeFault(w, http.StatusBadRequest, codeSiteName,
			"A site name is 1 to 64 letters, digits, hyphens and underscores: /sites/<name>/wp-json/.", "")
		return true
	}
	site := s.get(name)
	http.StripPrefix(SitesPrefix+name, site).ServeHTTP(w, r)
	return true
}

// serveChosen answers a request to the plain URL that names its site (HeaderSite,
// CookieSite): false for one that names none. The named site answers it as under
// /sites/<name>/, but its links and Location stay on the plain URL: the frontend
// that asked knows the mock by that URL alone, maps links back to its own routes by
// cutting that URL off, and sends the name again with its next request.
func (s *siteSet) serveChosen(w http.ResponseWriter, r *http.Request) bool {
	name, from := chosenSite(r)
	if from == "" {
		return false
	}
	if !siteName.MatchString(name) {
		writeFault(w, http.StatusBadRequest, codeSiteName,
			"A site name is 1 to 64 letters, digits, hyphens and underscores: "+from+" names "+strconv.Quote(name)+".", "")
		return true
	}
	s.get(name).ServeHTTP(w, rest.WithBasePath(r, ""))
	return true
}

// chosenSite is the site name a request carries and where ("" when none): the
// header, else the cookie; an empty one names none. Without either it costs two map
// lookups and no allocation (TestChosenSiteCostsNothing).
func chosenSite(r *http.Request) (name, from string) {
	if v := r.Header[headerSiteKey]; len(v) > 0 && v[0] != "" {
		return v[0], HeaderSite
	}
	for _, line := range r.Header["Cookie"] {
		if strings.Contains(line, CookieSite+"=") {
			if c, err := r.Cookie(CookieSite); err == nil && c.Value != "" {
				return c.Value, "the " + CookieSite + " cookie"
			}
		}
	}
	return "", ""
}

// headerSiteKey is HeaderSite as net/http keys it.
var headerSiteKey = http.CanonicalHeaderKey(HeaderSite)

// get is the named site, made if it is not alive: the least recently used one ends
// when there are MaxSites already.
func (s *siteSet) get(name string) *mock.Mock {
	s.mu.Lock()
	s.uses++
	n := s.byName[name]
	if n == nil {
		if s.max > 0 && len(s.byName) >= s.max {
			s.evictLocked()
		}
		n = &namedSite{name: name}
		s.byName[name] = n
	}
	n.used = s.uses
	s.mu.Unlock()
	// made outside the lock: other sites' requests go on meanwhile
	n.once.Do(func() { n.m = s.parent.m.Named(SitesPrefix+name, s.parent.plane.Mount) })
	return n.m
}

// evictLocked ends the least recently used site.
func (s *siteSet) evictLocked() {
	var lru *namedSite
	for _, n := range s.byName {
		if lru == nil || n.used < lru.used {
			lru = n
		}
	}
	delete(s.byName, lru.name)
	if l := s.parent.m.Options().Log; l != nil {
		l.Printf("site %s ended: the least recently used of %d (-max-sites)", lru.name, s.max)
	}
}

// alive lists the named sites by name (those still being made as well).
func (s *siteSet) alive() []*namedSite {
	s.mu.Lock()
	defer s.mu.Unlock()
	return byName(s.byName)
}

// byName is a map's values in the order of their names.
func byName[V any](m map[string]V) []V {
	out := make([]V, 0, len(m))
	for _, name := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[name])
	}
	return out
}

// remove ends a named site; false if it is not alive. Requests it is answering finish
// on it; the next request naming it makes it again, from the start.
func (s *siteSet) remove(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byName[name] == nil {
		return false
	}
	delete(s.byName, name)
	return true
}

// sitesRoute is GET /wpmock/v1/sites (the named sites alive) and DELETE
// /wpmock/v1/sites/<name> (end one), the default site's administrator's, as reset is.
type sitesRoute struct{ s *site }

func (s *sitesRoute) routes() []*rest.Route {
	c := s.s
	base := "/" + mock.OwnNamespace + "/sites"
	return []*rest.Route{
		{Namespace: mock.OwnNamespace, Pattern: base, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Permission: c.permission, Handler: s.list},
		}},
		{Namespace: mock.OwnNamespace, Pattern: base + `/(?P<name>[A-Za-z0-9_-]+)`, Endpoints: []*rest.Endpoint{
			{Methods: rest.Deletable, Permission: c.permission, Handler: s.delete, Args: []*rest.Schema{
				rest.Str("name").Desc("The site's name.").Req()}},
		}},
	}
}

func (s *sitesRoute) list(r *rest.Request) (*rest.Response, *rest.Error) {
	out := []any{}
	for _, n := range s.s.sites.alive() {
		out = append(out, s.describe(r, n))
	}
	return rest.OK(out), nil
}

// describe is a named site as the list shows it: its name, its URLs, and the limit.
func (s *sitesRoute) describe(r *rest.Request, n *namedSite) rest.Object {
	url := r.Site + SitesPrefix + n.name
	return rest.Object{{"name", n.name}, {"url", url}, {"rest", url + "/wp-json/"}}
}

func (s *sitesRoute) delete(r *rest.Request) (*rest.Response, *rest.Error) {
	name := r.String("name")
	if !s.s.sites.remove(name) {
		return nil, rest.Errorf(http.StatusNotFound, codeSiteNotFound, "No site of that name is alive.")
	}
	s.s.m.Unchanged() // the default site's content is as it was
	return rest.OK(rest.Object{{"deleted", true}, {"previous", s.describe(r, &namedSite{name: name})}}), nil
}
