package front

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// uploadsPrefix is where WordPress serves uploaded files from.
const uploadsPrefix = wp.UploadsPrefix

// Upload serves uploaded media files at their source_url; every other path outside
// the REST API is a plain 404, as a site without a theme page would answer.
func Upload(w http.ResponseWriter, r *http.Request, st *store.Store, drawn *wp.DrawnSizes) {
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !strings.HasPrefix(r.URL.Path, uploadsPrefix) {
		http.NotFound(w, r)
		return
	}
	var f, src *store.File
	st.Read(func(tx *store.Tx) {
		if f = tx.File(strings.TrimPrefix(r.URL.Path, uploadsPrefix)); f != nil && f.Data == nil && f.Of != "" {
			src = tx.File(f.Of)
		}
	})
	var data []byte
	if f != nil {
		data = drawn.BytesOf(f, src) // a seeded image's sub-size is drawn now, outside the lock
	}
	if f == nil || data == nil && f.Of != "" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", f.MimeType)
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(data)
	}
}
