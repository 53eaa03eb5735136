package mock

import (
	"net/http"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
)

// A cloned site (wpmock clone, fixtures/clone) brings the answers the live site gave
// to the clone's GETs. While the copy's content is as it was loaded, the mock answers
// those requests with the site's own bytes: the same body and headers, whatever the
// mock's rendering would differ in. The first write that goes through ends the replay
// for good (the recorded answers no longer describe the site), and a reset to the
// start-up dataset brings it back. Requests nobody recorded, and every request after
// a write, are answered by the mock as usual from the dataset, which carries the
// site's rendered HTML (Post.Rendered) while a post is unchanged.
type replay struct {
	// answers are the recorded answers by site.RecordingKey; nil: not a clone.
	answers map[string]*rest.Replayed
	// pristine: no write went through since the start-up dataset was loaded.
	pristine atomic.Bool
	// reset is set by a reset inside its write transaction, which noteWrite reads
	// under the same lock.
	reset bool
	// serverHeader are the fields the site's web server adds to every answer.
	serverHeader http.Header
}

// loadRecordings indexes a dataset's recorded answers, unless the mock serves the site
// under another URL (-url): the recordings' links are the site's.
func (m *Mock) loadRecordings(ds *site.Dataset) {
	if len(ds.Recorded) == 0 || ds.Site == nil || m.opts.SiteURL != strings.TrimSuffix(ds.Site.URL, "/") {
		return
	}
	m.replay.answers = make(map[string]*rest.Replayed, len(ds.Recorded))
	for i := range ds.Recorded {
		r := &ds.Recorded[i]
		m.replay.answers[site.RecordingKey(r.Route, r.User)] = &rest.Replayed{
			Status: r.Status, Header: r.Header, Body: []byte(r.Body)}
	}
	m.replay.pristine.Store(true)
	m.replay.serverHeader = serverHeader(ds.Recorded)
}

// serverHeader is the part of a cloned site's header that its web server, not
// WordPress, adds to every answer (PHP's X-Powered-By, a Server field): the fields every
// recorded answer has with the same value, but for those WordPress's REST server sets
// itself. The mock's own answers carry them too, as the site's would.
func serverHeader(recorded []site.Recording) http.Header {
	var common http.Header
	for i, r := range recorded {
		if i == 0 {
			common = r.Header.Clone()
			continue
		}
		for name, values := range common {
			if !slices.Equal(r.Header[name], values) {
				delete(common, name)
			}
		}
	}
	for name := range common {
		if rest.OwnFields[name] {
			delete(common, name)
		}
	}
	if len(common) == 0 {
		return nil
	}
	return common
}

// Replaying is the number of recorded answers the mock replays while its content is
// as loaded (0: none, or a site served under another URL).
func (m *Mock) Replaying() int { return len(m.replay.answers) }

// noteWrite is told of every write that went through, inside its transaction.
func (m *Mock) noteWrite() {
	m.replay.pristine.Store(m.replay.reset && m.replay.answers != nil)
	m.replay.reset = false
}

// replayed is rest.Server.Replay: the recorded answer to a GET by this caller, while
// the content is as recorded.
func (m *Mock) replayed(r *rest.Request) *rest.Replayed {
	if !m.replay.pristine.Load() {
		return nil
	}
	user := ""
	if c, _ := r.Caller.(*caller); c != nil {
		user = c.login
	}
	route := r.Path
	if q := r.HTTP.URL.RawQuery; q != "" {
		route += "?" + q
	}
	return m.replay.answers[site.RecordingKey(route, user)]
}

// recordedSite applies a cloned site's identity where the options leave it open: the
// site URL of its links, its title and tagline.
func (m *Mock) recordedSite(ds *site.Dataset) {
	s := ds.Site
	if s == nil {
		return
	}
	if m.opts.SiteURL == "" {
		m.opts.SiteURL = strings.TrimSuffix(s.URL, "/")
	}
}
