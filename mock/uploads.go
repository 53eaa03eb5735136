package mock

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// uploadsPrefix is where WordPress serves uploaded files from.
const uploadsPrefix = "/wp-content/uploads/"

// serveUpload serves uploaded media files at their source_url; every other path outside
// the REST API is a plain 404, as a site without a theme page would answer.
func (m *Mock) serveUpload(w http.ResponseWriter, r *http.Request) {
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || !strings.HasPrefix(r.URL.Path, uploadsPrefix) {
		http.NotFound(w, r)
		return
	}
	var f *store.File
	m.store.Read(func(tx *store.Tx) { f = tx.File(strings.TrimPrefix(r.URL.Path, uploadsPrefix)) })
	if f == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", f.MimeType)
	w.Header().Set("Content-Length", strconv.Itoa(len(f.Data)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(f.Data)
	}
}
