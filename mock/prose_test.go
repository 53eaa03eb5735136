package mock

import (
	"bytes"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

// TestPiecesAnswerAsPlainText: a generated site, whose content is kept as pieces
// (mock/prose), answers byte for byte as the same site loaded from its dataset
// file, whose content is plain strings: in every context, in lists, embeds, searches
// (words across pieces too) and revisions. And every slash is escaped, as
// wp_json_encode writes it.
func TestPiecesAnswerAsPlainText(t *testing.T) {
	size := fixtures.DefaultSize
	size.Posts = 120
	gen, err := fixtures.Generate(7, size)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	if err := gen.Encode(&file); err != nil {
		t.Fatal(err)
	}
	loaded, err := fixtures.Decode(file.Bytes(), "generated.json")
	if err != nil {
		t.Fatal(err)
	}
	lastPage := len(gen.Posts) - 1 // the last written post: the menus' items come after the pages
	for gen.Posts[lastPage].Type != "page" {
		lastPage--
	}
	if tab, _ := gen.Posts[lastPage].Content.Pieces(); tab == nil {
		t.Fatal("the generated site's content is not made of pieces")
	}
	if tab, _ := loaded.Posts[lastPage].Content.Pieces(); tab != nil {
		t.Fatal("the loaded site's content is made of pieces")
	}
	site := func(ds *fixtures.Dataset) *testSite {
		m, err := New(Options{Dataset: ds, Clock: fixedClock, SiteURL: "http://example.test", AdminAppPassword: "abcd EFGH ijkl MNOP qrst UVWX"})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(m)
		t.Cleanup(srv.Close)
		return &testSite{Mock: m, srv: srv}
	}
	pieces, plain := site(gen), site(loaded)
	var post int
	for _, p := range gen.Posts {
		if tab, _ := p.Content.Pieces(); tab != nil && p.Type == "post" && p.Status == "publish" {
			post = p.ID
		}
	}
	id := strconv.Itoa(post)
	paths := []string{
		"/wp/v2/posts", "/wp/v2/posts?context=edit", "/wp/v2/posts?context=embed&per_page=100",
		"/wp/v2/posts?_embed&page=2", "/wp/v2/pages?context=edit&per_page=100", "/wp/v2/media?context=edit",
		"/wp/v2/posts/" + id, "/wp/v2/posts/" + id + "?context=edit", "/wp/v2/posts/" + id + "/revisions",
		"/wp/v2/posts?search=the&per_page=100", "/wp/v2/posts?search=%22.%20th%22&per_page=100",
		"/wp/v2/posts?search=%3C%2Fp%3E%0A%0A%3C!--%20wp%3Aheading&per_page=100", "/wp/v2/posts?search=quixotic",
		"/wp/v2/posts?search=art&orderby=relevance&per_page=100", "/wp/v2/search?search=the&per_page=100",
		"/wp/v2/posts?status=any&context=edit&per_page=100&page=2",
	}
	for _, path := range paths {
		a, b := pieces.get(t, path, "admin"), plain.get(t, path, "admin")
		if a.status != 200 || !bytes.Equal(a.body, b.body) {
			t.Errorf("GET %s: %d, %d bytes; loaded from the file: %d, %d bytes", path, a.status, len(a.body), b.status, len(b.body))
		}
		for i, c := range a.body {
			if c == '/' && (i == 0 || a.body[i-1] != '\\') {
				t.Fatalf("GET %s: an unescaped slash: %s", path, a.body[max(0, i-40):min(len(a.body), i+40)])
			}
		}
	}
}
