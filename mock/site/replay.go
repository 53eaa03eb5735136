package site

import (
	"net/http"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/wpmock/wpmock/mock/rest"
)

// Replay is a cloned site's recorded answers as the mock replays them. A cloned site
// (wpmock clone, mock/clone) brings the answers the live site gave to the clone's
// GETs. While the copy's content is as it was loaded, the mock answers those requests
// with the site's own bytes: the same body and headers, whatever the mock's rendering
// would differ in. The first write that goes through ends the replay for good (the
// recorded answers no longer describe the site), and a reset to the start-up dataset
// brings it back. Requests nobody recorded, and every request after a write, are
// answered by the mock as usual from the dataset, which carries the site's rendered
// HTML (Post.Rendered) while a post is unchanged.
type Replay struct {
	// answers are the recorded answers by RecordingKey; nil: not a clone.
	answers map[string]*rest.Replayed
	// pristine: no write went through since the start-up dataset was loaded.
	pristine atomic.Bool
	// Reset is set by a reset inside its write transaction, which NoteWrite reads
	// under the same lock.
	Reset bool
	// ServerHeader are the fields the site's web server adds to every answer.
	ServerHeader http.Header
}

// Load indexes a dataset's recorded answers, unless the mock serves the site under
// another URL than siteURL (-url): the recordings' links are the site's.
func (rp *Replay) Load(ds *Dataset, siteURL string) {
	if len(ds.Recorded) == 0 || ds.Site == nil || siteURL != strings.TrimSuffix(ds.Site.URL, "/") {
		return
	}
	rp.answers = make(map[string]*rest.Replayed, len(ds.Recorded))
	for i := range ds.Recorded {
		r := &ds.Recorded[i]
		rp.answers[RecordingKey(r.Route, r.User)] = &rest.Replayed{
			Status: r.Status, Header: r.Header, Body: []byte(r.Body)}
	}
	rp.pristine.Store(true)
	rp.ServerHeader = serverHeader(ds.Recorded)
}

// serverHeader is the part of a cloned site's header that its web server, not
// WordPress, adds to every answer (PHP's X-Powered-By, a Server field): the fields every
// recorded answer has with the same value, but for those WordPress's REST server sets
// itself. The mock's own answers carry them too, as the site's would.
func serverHeader(recorded []Recording) http.Header {
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

// Len is the number of recorded answers (0: none, or a site served under another URL).
func (rp *Replay) Len() int { return len(rp.answers) }

// Pristine reports whether the content is as recorded: the answers replay.
func (rp *Replay) Pristine() bool { return rp.pristine.Load() }

// NoteWrite is told of every write that went through, inside its transaction.
func (rp *Replay) NoteWrite() {
	rp.pristine.Store(rp.Reset && rp.answers != nil)
	rp.Reset = false
}

// Answer is the recorded answer to a GET of route (its path and query) by the user
// (a login, "" for anonymous), while the content is as recorded; nil otherwise.
func (rp *Replay) Answer(route, user string) *rest.Replayed {
	if !rp.pristine.Load() {
		return nil
	}
	return rp.answers[RecordingKey(route, user)]
}
