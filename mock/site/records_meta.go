package site

import (
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// A dataset's item meta (Post.Meta, Term.Meta, User.Meta, Comment.Meta:
// values by key, as a client writes them) and the rows the store keeps (meta_value
// strings, as update_metadata and add_metadata store them), both ways.

// metaRowsOf are the rows of an item's meta values: a key of one value one row, a
// key of many (single false) a row per value; each value as maybe_serialize stores
// it. A key the registry does not know is taken as one value (the validator refuses
// it first).
func metaRowsOf(g *wp.Registry, objectType, subtype string, a Args, each func(key string, rows []string)) {
	for _, m := range a {
		v := JSONOf(m.Value)
		k := g.RegisteredMeta(objectType, subtype, m.Key)
		list, isList := v.([]any)
		if k == nil || k.Single || !isList {
			each(m.Key, []string{wpfunc.MaybeSerialize(v)})
			continue
		}
		rows := make([]string, len(list))
		for i, x := range list {
			rows[i] = wpfunc.MaybeSerialize(x)
		}
		each(m.Key, rows)
	}
}

// metaFieldValues are a term's, user's or comment's meta rows for the store.
func metaFieldValues(g *wp.Registry, objectType, subtype string, a Args) *store.FieldValues {
	var out *store.FieldValues
	metaRowsOf(g, objectType, subtype, a, func(key string, rows []string) { out = out.WithMetaRows(key, rows) })
	return out
}

// metaRecord is the inverse of metaFieldValues: each key's rows unserialized, the one
// value of a key registered single, the list of them for the others.
func metaRecord(g *wp.Registry, objectType, subtype string, f *store.FieldValues) Args {
	if f == nil || len(f.List) == 0 {
		return nil
	}
	out := make(Args, 0, len(f.List))
	for _, fv := range f.List {
		rows, _ := fv.Value.([]string)
		values := make([]any, len(rows))
		for i, row := range rows {
			values[i] = recordOf(wpfunc.MaybeUnserialize(row))
		}
		var v any = values
		if k := g.RegisteredMeta(objectType, subtype, fv.Name); (k == nil || k.Single) && len(values) == 1 {
			v = values[0]
		}
		out = append(out, Arg{Key: fv.Name, Value: v})
	}
	return out
}

// postMetaRecords are the wp_postmeta rows of the posts' meta values, with the ids
// from next on; next is the meta sequence after them.
func postMetaRecords(g *wp.Registry, posts []Post, next int) ([]store.Meta, int) {
	var out []store.Meta
	for i := range posts {
		p := &posts[i]
		metaRowsOf(g, "post", p.Type, p.Meta, func(key string, rows []string) {
			for _, row := range rows {
				out = append(out, store.Meta{ID: next, PostID: p.ID, Key: key, Value: row})
				next++
			}
		})
	}
	return out, next
}
