package mock

import (
	"net/http"
	"sync"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// An upload's image sub-sizes (wp.RenderUpload, mock/wp/imageeditor.go) are made before
// the store is locked, so that other requests need not wait for them.

// prerendered are the renditions (wp.Renditions) made ahead of the requests being dispatched.
var prerendered sync.Map // *rest.Request -> *wp.Renditions

// prerender makes, before a write request takes the store's lock, the renditions of
// an image uploaded to POST /wp/v2/media with credentials (authentication, inside the
// lock, and the checks that follow may refuse it: then they are dropped). The upload's type is what its bytes say,
// which is what an image is stored as; done is called when the request is over.
func (m *Mock) prerender(r *rest.Request) (done func()) {
	if r.Method != http.MethodPost || r.Path != "/"+Namespace+"/media" ||
		r.HTTP.Header.Get("Authorization") == "" && !m.opts.OpenAuth {
		return func() {}
	}
	data := r.RawBody
	if len(r.Files) > 0 {
		f := r.Files["file"]
		if f == nil {
			return func() {}
		}
		data = f.Data
	}
	mime := imaging.Mime(data)
	if !wp.EditorResizes(mime) {
		return func() {}
	}
	if rd := wp.RenderUpload(mime, data, bigPNGScaled.In(m.version)); rd != nil {
		prerendered.Store(r, rd)
	}
	return func() { prerendered.Delete(r) }
}

// prerenderedFor is the wp.Renditions made ahead for a request, or nil.
func prerenderedFor(r *rest.Request) *wp.Renditions {
	if v, ok := prerendered.Load(r); ok {
		return v.(*wp.Renditions)
	}
	return nil
}
