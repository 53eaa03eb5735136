package clone

import (
	"fmt"
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

// customGets are the variants of the site's own post types and taxonomies (the
// dataset's register part) that the clone never asks: their lists' (listGets), the
// items' meta and plugin fields alone, their
// terms embedded, the lists of a term's items, and /types and /taxonomies filtered.
func customGets(ds *fixtures.Dataset, user string) []get {
	if ds.Register == nil {
		return nil
	}
	var out []get
	add := func(u, format string, args ...any) { out = append(out, get{fmt.Sprintf(format, args...), u}) }
	base := func(a fixtures.Args) string {
		if b := a.String("rest_base"); b != "" {
			return b
		}
		return a.String("name")
	}
	fields := map[string][]string{} // plugin fields by object type
	for _, f := range ds.Register.RestFields {
		for _, typ := range f.Strings("object_type") {
			fields[typ] = append(fields[typ], f.String("attribute"))
		}
	}
	bases := map[string]string{"post": "posts", "page": "pages"} // post type -> rest base
	for _, pt := range ds.Register.PostTypes {
		b := base(pt)
		bases[pt.String("name")] = b
		add("", "/wp/v2/types/%s", pt.String("name"))
		add("", "/wp/v2/taxonomies?type=%s", pt.String("name"))
		listGets(add, b, []string{"id", "title", "slug", "modified"})
		add(user, "/wp/v2/%s?context=edit&per_page=2", b)
	}
	for _, p := range ds.Posts {
		b, ok := bases[p.Type]
		if !ok || p.Status != "publish" || p.Password != "" {
			continue
		}
		own := append([]string{"id", "meta"}, fields[p.Type]...)
		add("", "/wp/v2/%s/%d?_fields=%s", b, p.ID, strings.Join(own, ","))
		add(user, "/wp/v2/%s/%d?context=edit&_fields=%s", b, p.ID, strings.Join(own, ","))
		if len(p.Terms) > 0 {
			add("", "/wp/v2/%s/%d?_embed=wp:term", b, p.ID)
		}
	}
	for _, tax := range ds.Register.Taxonomies {
		b := base(tax)
		add("", "/wp/v2/taxonomies/%s", tax.String("name"))
		listGets(add, b, []string{"name", "slug", "count", "id"})
		add("", "/wp/v2/%s?_fields=id,name,meta", b)
		add("", "/wp/v2/%s?hide_empty=true", b)
		for _, t := range ds.Terms {
			if t.Taxonomy != tax.String("name") {
				continue
			}
			add("", "/wp/v2/%s/%d?_fields=id,meta,link", b, t.ID)
			add(user, "/wp/v2/%s/%d?context=edit", b, t.ID)
			for _, typ := range tax.Strings("object_type") {
				if tb, ok := bases[typ]; ok {
					add("", "/wp/v2/%s?%s=%d&_fields=id", tb, b, t.ID)
				}
			}
		}
	}
	return out
}
