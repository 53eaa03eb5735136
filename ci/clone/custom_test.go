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
	// a type's or taxonomy's collection: under its own namespace (rest_namespace)
	base := func(a fixtures.Args) string {
		ns := a.String("rest_namespace")
		if ns == "" {
			ns = "wp/v2"
		}
		if b := a.String("rest_base"); b != "" {
			return ns + "/" + b
		}
		return ns + "/" + a.String("name")
	}
	fields := map[string][]string{} // plugin fields by object type
	for _, f := range ds.Register.RestFields {
		for _, typ := range f.Strings("object_type") {
			fields[typ] = append(fields[typ], f.String("attribute"))
		}
	}
	bases := map[string]string{"post": "wp/v2/posts", "page": "wp/v2/pages"} // post type -> its collection
	for _, pt := range ds.Register.PostTypes {
		b := base(pt)
		bases[pt.String("name")] = b
		add("", "/wp/v2/types/%s", pt.String("name"))
		add("", "/wp/v2/taxonomies?type=%s", pt.String("name"))
		listGets(add, b, []string{"id", "title", "slug", "modified"})
		add(user, "/%s?context=edit&per_page=2", b)
	}
	for _, p := range ds.Posts {
		b, ok := bases[p.Type]
		if !ok || p.Status != "publish" || p.Password != "" {
			continue
		}
		own := append([]string{"id", "meta"}, fields[p.Type]...)
		add("", "/%s/%d?_fields=%s", b, p.ID, strings.Join(own, ","))
		add(user, "/%s/%d?context=edit&_fields=%s", b, p.ID, strings.Join(own, ","))
		if len(p.Terms) > 0 {
			add("", "/%s/%d?_embed=wp:term", b, p.ID)
		}
	}
	for _, tax := range ds.Register.Taxonomies {
		b := base(tax)
		param := b[strings.LastIndex(b, "/")+1:] // a type's list filters by the taxonomy's rest base
		add("", "/wp/v2/taxonomies/%s", tax.String("name"))
		listGets(add, b, []string{"name", "slug", "count", "id"})
		add("", "/%s?_fields=id,name,meta", b)
		add("", "/%s?hide_empty=true", b)
		for _, t := range ds.Terms {
			if t.Taxonomy != tax.String("name") {
				continue
			}
			add("", "/%s/%d?_fields=id,meta,link", b, t.ID)
			add(user, "/%s/%d?context=edit", b, t.ID)
			for _, typ := range tax.Strings("object_type") {
				if tb, ok := bases[typ]; ok {
					add("", "/%s?%s=%d&_fields=id", tb, param, t.ID)
				}
			}
		}
	}
	return out
}
