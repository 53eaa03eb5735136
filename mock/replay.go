package mock

import (
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/wp"
)

// A cloned site's recorded answers replay while its content is as loaded
// (site.Replay, mock/site/replay.go); here is what the mock tells them: the request's
// route and caller, its writes (mock.go's inTx) and its resets (mount.go).

// Replaying is the number of recorded answers the mock replays while its content is
// as loaded (0: none, or a site served under another URL).
func (m *Mock) Replaying() int { return m.replay.Len() }

// replayed is rest.Server.Replay: the recorded answer to a GET by this caller, while
// the content is as recorded.
func (m *Mock) replayed(r *rest.Request) *rest.Replayed {
	if !m.replay.Pristine() {
		return nil
	}
	user := ""
	if c, _ := r.Caller.(*wp.Caller); c != nil {
		user = c.Login
	}
	route := r.Path
	if q := r.HTTP.URL.RawQuery; q != "" {
		route += "?" + q
	}
	return m.replay.Answer(route, user)
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
