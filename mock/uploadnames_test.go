package mock

import (
	"net/http"
	"testing"
)

// TestAccentedFileNamesAreTransliterated pins issue 15: an upload named ünïcöde.png in
// decomposed UTF-8 (as macOS writes names) or in ISO-8859-1 was stored with its raw
// bytes. sanitize_file_name starts with remove_accents, which (with PHP's intl)
// composes the name to NFC before its table, and reads text that is not UTF-8 as
// ISO-8859-1; what is still not UTF-8 goes through sanitize_title_with_dashes.
func TestAccentedFileNamesAreTransliterated(t *testing.T) {
	s := newTestSite(t)
	png := testPNG(t)
	for _, c := range []struct {
		name, file, title string
	}{
		{"ünïcöde.png", "unicode.png", "unicode"},
		{"u\u0308ni\u0308co\u0308de.png", "unicode-1.png", "unicode-1"},
		{"\xfcn\xefc\xf6de.png", "unicode-2.png", "unicode-2"},
		{"Straße.png", "Strase.png", "Strase"},
		{"Tiếng Việt.png", "Tieng-Viet.png", "Tieng-Viet"},
		{"€uro ª.png", "Euro-a.png", "Euro-a"},
		{"\xa9 Photo.png", "photo.png", "photo"}, // "©" is in no table: the name is reduced as a slug
	} {
		r := s.upload(t, "admin", c.name, png)
		if r.status != http.StatusCreated {
			t.Errorf("upload %q: %d %s", c.name, r.status, r.body)
			continue
		}
		r.wantFields(t, map[string]any{"source_url": s.srv.URL + "/wp-content/uploads/2025/06/" + c.file, "title.raw": c.title})
	}
	// the same through a raw body and Content-Disposition
	r := s.uploadRaw(t, "admin", "", png, "Content-Type", "image/png", "Content-Disposition", "attachment; filename=\"caf\xe9.png\"")
	r.wantFields(t, map[string]any{"source_url": s.srv.URL + "/wp-content/uploads/2025/06/cafe.png"})
}
