// Package front is what a site serves outside the REST API: the front page, for API
// discovery, and the uploaded files at their source_url. It reads the store; it knows
// no controller.
package front

import (
	"html"
	"net/http"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// The site's front page, for API discovery: WordPress answers GET and HEAD / with 200,
// an HTML page and the header Link: <site/wp-json/>; rel="https://api.w.org/"
// (rest_output_link_header), which clients such as node-wpapi's WPAPI.discover(siteURL)
// read to find the REST root. The mock's page lists the latest posts, since people
// open the site URL in a browser too.

// frontPagePosts is how many posts the front page lists (the posts_per_page default).
const frontPagePosts = 10

// Page is the front page of the site at site (its URL as the request reached it).
func Page(w http.ResponseWriter, r *http.Request, st *store.Store, site string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=UTF-8")
	h.Set("Link", "<"+site+"/wp-json/>; rel=\"https://api.w.org/\"")
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	var b strings.Builder
	var name string
	st.Read(func(tx *store.Tx) { name = wp.OptionString(tx, "blogname") }) // kept escaped (esc_html)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en-US\">\n<head>\n<meta charset=\"UTF-8\">\n<title>" + name + "</title>\n")
	b.WriteString("<link rel=\"https://api.w.org/\" href=\"" + html.EscapeString(site) + "/wp-json/\">\n</head>\n<body>\n")
	b.WriteString("<h1>" + name + "</h1>\n<ul>\n")
	st.Read(func(tx *store.Tx) {
		links := wp.Permalinks{Home: site, Tx: tx}              // as an anonymous visitor sees them
		for i, p := range tx.PostsByStatus("post", "publish") { // newest first
			if i == frontPagePosts {
				break
			}
			title := p.Title
			if title == "" {
				title = "(no title)"
			}
			b.WriteString("<li><a href=\"" + html.EscapeString(links.Post(p)) + "\">" + html.EscapeString(title) + "</a></li>\n")
		}
	})
	b.WriteString("</ul>\n<p>The REST API: <a href=\"" + html.EscapeString(site) + "/wp-json/\">" + html.EscapeString(site) + "/wp-json/</a></p>\n</body>\n</html>\n")
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(b.String()))
}
