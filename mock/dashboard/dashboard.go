// Package dashboard is the mock's dashboard: one page of HTML, CSS and vanilla
// JavaScript, embedded in the binary (no build step, nothing fetched from elsewhere),
// served at /wpmock/ of every site. It shows the site through the mock's own
// admin-only routes (wpmock/v1: summary, requests, reset, snapshots, faults, webhooks,
// sites) and the OpenAPI document, with the administrator's application password the
// visitor gives it, or that signing in by the banner's link gives it (signin.go; none
// under -auth=open). The page arrives with the summary and the last requests rendered
// in it (page.go); the script keeps them live. A leaf: it knows the routes' answers,
// not the mock.
package dashboard

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// Path is where a site serves the dashboard.
const Path = "/wpmock/"

//go:embed static
var static embed.FS

// files are the page's files by name.
var files = func() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err)
	}
	return sub
}()

// contentTypes are the files' types, by extension.
var contentTypes = map[string]string{
	".html": "text/html; charset=UTF-8",
	".css":  "text/css; charset=UTF-8",
	".js":   "text/javascript; charset=UTF-8",
	".svg":  "image/svg+xml",
}

// security is the page's Content-Security-Policy: its own files and the site's API
// only, so nothing can load from elsewhere, and no other page may frame it.
const security = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// headers are every answer's: its type, and the policy that lets it load nothing from
// elsewhere and be framed by no one.
func headers(w http.ResponseWriter, typ string) {
	h := w.Header()
	h.Set("Content-Type", typ)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", security)
	h.Set("Referrer-Policy", "no-referrer")
}

// Is says whether a path (after a named site's base) is the dashboard's.
func Is(p string) bool { return p == strings.TrimSuffix(Path, "/") || strings.HasPrefix(p, Path) }

// IsPage says whether p is the page itself (/wpmock/), which the caller renders
// (Render) with what the site holds; the other paths are Serve's.
func IsPage(p string) bool { return p == Path || p == Path+"index.html" }

// Serve answers a GET or HEAD of the dashboard's path p: a file, with found true, or
// found false for a name it does not have (the caller answers in WordPress's
// envelope). /wpmock redirects to /wpmock/, the page.
func Serve(w http.ResponseWriter, r *http.Request, p string) (found bool) {
	if p == strings.TrimSuffix(Path, "/") {
		// relative, so that a named site's /sites/w1/wpmock stays under its base
		w.Header().Set("Location", path.Base(Path)+"/")
		w.WriteHeader(http.StatusMovedPermanently)
		return true
	}
	name := strings.TrimPrefix(p, Path)
	body, err := fs.ReadFile(files, name)
	if err != nil || strings.Contains(name, "/") || name == "index.html" {
		return false
	}
	headers(w, contentTypes[path.Ext(name)])
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
	return true
}
