package mock

import (
	"slices"
	"strconv"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// Fields shared by the post types (post, page, attachment), declared once. Each returns a
// new field, since a schema node belongs to one item declaration.

type postField = rest.Field[store.Post]

var all, viewEdit, editOnly = rest.AllContexts, rest.ViewEdit, rest.EditOnly

func pfID(noun string) *postField {
	return rest.F(rest.Int("id").Desc("Unique identifier for the "+noun+".").Ctx(all...).RO(),
		func(_ *rest.Request, p *store.Post) any { return p.ID })
}

func pfDate(noun string) *postField {
	return rest.F(rest.New("date", "string", "null").Fmt("date-time").Ctx(all...).
		Desc("The date the "+noun+" was published, in the site's timezone."),
		func(_ *rest.Request, p *store.Post) any { return rest.FormatDate(p.Date) })
}

func pfDateGMT(noun string) *postField {
	return rest.F(rest.New("date_gmt", "string", "null").Fmt("date-time").Ctx(viewEdit...).
		Desc("The date the "+noun+" was published, as GMT."),
		func(r *rest.Request, p *store.Post) any { return rest.FormatDate(wp.PostDateGMT(txOf(r), p)) })
}

func pfGUID(noun string) *postField {
	return rest.Nested(rest.Obj("guid").Desc("The globally unique identifier for the "+noun+".").Ctx(viewEdit...).RO(),
		rest.F(rest.Str("rendered").Desc("GUID for the "+noun+", transformed for display.").Ctx(viewEdit...).RO(),
			func(r *rest.Request, p *store.Post) any { return wp.AbsURL(r.Site, wp.GUID(p)) }),
		rest.F(rest.Str("raw").Desc("GUID for the "+noun+", as it exists in the database.").Ctx(editOnly...).RO(),
			func(r *rest.Request, p *store.Post) any { return wp.AbsURL(r.Site, wp.GUID(p)) }),
	)
}

func pfModified(noun string) *postField {
	return rest.F(rest.Str("modified").Fmt("date-time").Ctx(viewEdit...).RO().
		Desc("The date the "+noun+" was last modified, in the site's timezone."),
		func(_ *rest.Request, p *store.Post) any { return rest.FormatDate(p.Modified) })
}

func pfModifiedGMT(noun string) *postField {
	return rest.F(rest.Str("modified_gmt").Fmt("date-time").Ctx(viewEdit...).RO().
		Desc("The date the "+noun+" was last modified, as GMT."),
		func(_ *rest.Request, p *store.Post) any { return rest.FormatDate(p.ModifiedGMT) })
}

func pfSlug(noun string) *postField {
	return rest.F(rest.Str("slug").Desc("An alphanumeric identifier for the "+noun+" unique to its type.").Ctx(all...),
		func(_ *rest.Request, p *store.Post) any { return p.Slug }).WithArg(slugArg)
}

// pfStatus is the status field: its enum is every status that is not internal
// (get_post_stati( array( 'internal' => false ) )), the site's own included.
func pfStatus(noun string, reg *wp.Registry) *postField {
	writable := reg.StatusSlugs(func(s *wp.PostStatus) bool { return !s.Internal })
	return rest.F(rest.Str("status").Desc("A named status for the "+noun+".").OneOfEnum(writable...).Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.Status })
}

func pfType(noun string) *postField {
	return rest.F(rest.Str("type").Desc("Type of "+noun+".").Ctx(all...).RO(),
		func(_ *rest.Request, p *store.Post) any { return p.Type })
}

func pfLink(noun string, m *Mock) *postField {
	return rest.F(rest.Str("link").Fmt("uri").Desc("URL to the "+noun+".").Ctx(all...).RO(),
		func(r *rest.Request, p *store.Post) any { return m.permalink(r, p) })
}

// pfTitle is the title; its rendered form keeps get_the_title's "Private: " prefix
// until 6.7, whose controller removes it as it removes "Protected: " (the
// private_title_format filter).
func pfTitle(noun string) *postField {
	rendered := func() *rest.Schema {
		return rest.Str("rendered").Desc("HTML title for the " + noun + ", transformed for display.").Ctx(all...).RO()
	}
	return rest.Nested(rest.Obj("title").Desc("The title for the "+noun+".").Ctx(all...),
		rest.F(rest.Str("raw").Desc("Title for the "+noun+", as it exists in the database.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Title }),
		rest.F(rendered().Until(rest.V67),
			func(_ *rest.Request, p *store.Post) any { return wp.RenderedTitle(p, p.Status) }),
		rest.F(rendered().Since(rest.V67),
			func(_ *rest.Request, p *store.Post) any { return wp.RenderedTitle(p, "") }),
	).WithArg(rawText)
}

func pfFeaturedMedia(noun string) *postField {
	return rest.F(rest.Int("featured_media").Desc("The ID of the featured media for the "+noun+".").Ctx(all...),
		func(_ *rest.Request, p *store.Post) any { return p.FeaturedMedia })
}

func pfAuthor(noun string) *postField {
	return rest.F(rest.Int("author").Desc("The ID for the author of the "+noun+".").Ctx(all...),
		func(_ *rest.Request, p *store.Post) any { return p.Author })
}

func pfCommentStatus(noun string) *postField {
	return rest.F(rest.Str("comment_status").Desc("Whether or not comments are open on the "+noun+".").OneOfEnum("open", "closed").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.CommentStatus })
}

func pfPingStatus(noun string) *postField {
	return rest.F(rest.Str("ping_status").Desc("Whether or not the "+noun+" can be pinged.").OneOfEnum("open", "closed").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.PingStatus })
}

// pfTemplate is the template field of post type typ, checked against the theme's
// templates for the type.
func pfTemplate(noun, typ string) *postField {
	return rest.F(rest.Str("template").Desc("The theme file to use to display the "+noun+".").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.Extra().Template }).WithArg(templateArg(typ))
}

// pfMetaOf is the meta field of post type typ, whose schema lists the keys core
// registers for typ (fields.Core) from the release that registers the first of them: a
// declaration Until that release, without properties as the mock has always printed
// it, and one Since it with the keys, each declared with its own release.
func pfMetaOf(m *Mock, typ string) []*postField {
	// get_field_schema starts from an empty "properties" array, printed [] when no key
	// is registered for the type
	meta := func() *rest.Schema {
		return rest.Obj("meta").Desc("Meta fields.").Ctx(viewEdit...).Props([]*rest.Schema{}...)
	}
	get := func(r *rest.Request, p *store.Post) any { return m.metaField(txOf(r), r.Context(), p.ID, typ) }
	keys := m.metaKeysOf(typ)
	if len(keys) == 0 {
		return []*postField{rest.F(meta(), get).WithArg(metaArg)}
	}
	first := keys[0].Schema.Span.Since
	props := make([]*rest.Schema, len(keys))
	for i, k := range keys {
		props[i], first = k.Schema, min(first, k.Schema.Span.Since)
	}
	if first == 0 { // a key of every version: the site's own
		return []*postField{rest.F(meta().Props(props...), get).WithArg(metaArg)}
	}
	return []*postField{rest.F(meta().Until(first), get).WithArg(metaArg), rest.F(meta().Props(props...).Since(first), get).WithArg(metaArg)}
}

// pfClassList is class_list (6.6): get_post_class() of the post, for the types that
// are viewable and public (post, page, attachment).
func pfClassList(m *Mock) *postField {
	return rest.F(rest.Arr("class_list", rest.Str("")).Desc("An array of the class names for the post container element.").
		Ctx(viewEdit...).RO().Since(rest.V66),
		func(r *rest.Request, p *store.Post) any {
			return uniqueClasses(wp.PostClass(txOf(r), m.reg, m.version, p))
		})
}

func pfPermalinkTemplate(noun string, m *Mock) *postField {
	return rest.F(rest.Str("permalink_template").Desc("Permalink template for the "+noun+".").Ctx(editOnly...).RO(),
		func(r *rest.Request, p *store.Post) any { return m.permalinkTemplate(r, p) })
}

func pfGeneratedSlug(noun string) *postField {
	return rest.F(rest.Str("generated_slug").Desc("Slug automatically generated from the "+noun+" title.").Ctx(editOnly...).RO(),
		func(r *rest.Request, p *store.Post) any { return wp.GeneratedSlug(txOf(r), p) })
}

// metaKeysOf are the keys registered for post type typ, in every version: the
// site's own (register_meta), then core's, as WordPress registers them.
func (m *Mock) metaKeysOf(typ string) fields.Meta {
	return append(fields.Registered(m.reg, "post", typ), fields.Core(m.reg.PostType(typ))...)
}

// registeredMeta is metaKeysOf typ as the mock's version has it, built once per site
// (metaKeys): a post's render reads it on every cache miss.
func (m *Mock) registeredMeta(typ string) fields.Meta { return m.metaKeys["post/"+typ] }

// buildMetaKeys reads the keys registered for every served post type and taxonomy, as
// the mock's version has them, once: the values' reads and writes (registeredMeta,
// termMetaKeys) share these nodes, which no declaration holds.
func (m *Mock) buildMetaKeys() {
	m.metaKeys = map[string]fields.Meta{}
	for _, pt := range m.reg.PostTypes {
		m.metaKeys["post/"+pt.Slug] = (m.metaKeysOf(pt.Slug)).InVersion(m.version)
	}
	for _, t := range m.reg.Taxonomies {
		m.metaKeys["term/"+t.Slug] = (fields.Registered(m.reg, "term", t.Slug)).InVersion(m.version)
	}
	m.metaKeys["user"] = (fields.Registered(m.reg, "user", "")).InVersion(m.version)
	m.metaKeys["comment"] = (fields.Registered(m.reg, "comment", "")).InVersion(m.version)
	if m.version < rest.V68 {
		for _, keys := range m.metaKeys {
			for i := range keys {
				keys[i].StopsAtError = true
			}
		}
	}
}

// metaField is the "meta" field of the post (or revision) id whose type, or parent's
// type, is typ (fields.Meta.GetPostValue).
func (m *Mock) metaField(tx *store.Tx, ctx string, id int, typ string) any {
	return m.registeredMeta(typ).GetPostValue(ctx, tx.PostMeta(id))
}

// schemaInOrder is an item's OPTIONS schema with its properties in the order of
// WordPress's get_item_schema, which is not the order prepare_item_for_response
// outputs them in (the order of the item's fields). Properties not named keep their
// relative order after the named ones.
func schemaInOrder[T any](it *rest.Item[T], names ...string) func() rest.Object {
	return func() rest.Object {
		doc := it.SchemaJSON()
		v, _ := doc.Get("properties")
		props, _ := v.(rest.Object)
		out := make(rest.Object, 0, len(props))
		for _, n := range names {
			if p, ok := props.Get(n); ok {
				out = append(out, rest.Member{Key: n, Value: p})
			}
		}
		for _, p := range props {
			if _, ok := out.Get(p.Key); !ok {
				out = append(out, p)
			}
		}
		return doc.Set("properties", out)
	}
}

// argsInOrder sorts write arguments into the schema's order, which is the order
// rest_get_endpoint_args_for_schema lists them in.
func argsInOrder(args []*rest.Schema, order []string) []*rest.Schema {
	out := make([]*rest.Schema, 0, len(args))
	for _, name := range order {
		for _, a := range args {
			if a.Name == name {
				out = append(out, a)
			}
		}
	}
	return out
}

// permalinks are the site's links as the request's caller sees them (wp.Permalinks).
func permalinks(r *rest.Request) wp.Permalinks {
	return wp.Permalinks{Home: r.Site, Tx: txOf(r), Actor: actor(r)}
}

// permalink is get_permalink (wp.Permalinks.Post).
func (m *Mock) permalink(r *rest.Request, p *store.Post) string { return permalinks(r).Post(p) }

// permalinkTemplate is get_sample_permalink's template (wp.Permalinks.Template).
func (m *Mock) permalinkTemplate(r *rest.Request, p *store.Post) string {
	return permalinks(r).Template(p)
}

// termLink is get_term_link (wp.Permalinks.Term).
func termLink(r *rest.Request, t *store.Term) string { return permalinks(r).Term(t) }

// uniqueClasses is get_post_class's array_unique over the classes (wp.PostClass), printed as json_encode prints the
// result: a list, or an object keyed by the kept positions once a duplicate is gone.
// Empty classes (terms without slugs) are skipped first, as get_post_class never adds
// them.
func uniqueClasses(classes []string) any {
	list := make([]string, 0, len(classes))
	keyed := rest.Object{}
	gap := false
	for _, c := range classes {
		if c == "" {
			continue
		}
		pos := len(list)
		list = append(list, c)
		if slices.Contains(list[:pos], c) {
			gap = true
			continue
		}
		keyed = append(keyed, rest.Member{Key: strconv.Itoa(pos), Value: c})
	}
	if !gap {
		return list
	}
	return keyed
}

// termMetaKeys are the keys registered for the taxonomy's terms in the mock's version
// (built once: buildMetaKeys).
func (m *Mock) termMetaKeys(taxonomy string) fields.Meta { return m.metaKeys["term/"+taxonomy] }

// termMetaField is a term's "meta".
func (m *Mock) termMetaField(r *rest.Request, t *store.Term) any {
	return m.termMetaKeys(t.Taxonomy).GetValue(r.Context(), t.Meta.MetaRows)
}

// userMetaKeys and commentMetaKeys are the site's keys for users and comments in the
// mock's version (buildMetaKeys).
func (m *Mock) userMetaKeys() fields.Meta    { return m.metaKeys["user"] }
func (m *Mock) commentMetaKeys() fields.Meta { return m.metaKeys["comment"] }

// updateUserMeta and updateCommentMeta write a user's and a comment's "meta".
func (m *Mock) updateUserMeta(r *rest.Request, tx *store.Tx, id int, meta map[string]any) *rest.Error {
	rows := fields.FieldRows(func() *store.FieldValues { return tx.User(id).Meta },
		func(f *store.FieldValues) { tx.ChangeUser(id, func(u *store.User) { u.Meta = f }) })
	return m.userMetaKeys().UpdateValue(r, rows, meta)
}

func (m *Mock) updateCommentMeta(r *rest.Request, tx *store.Tx, id int, keys fields.Meta, meta map[string]any) *rest.Error {
	rows := fields.FieldRows(func() *store.FieldValues { return tx.Comment(id).Meta },
		func(f *store.FieldValues) { tx.ChangeComment(id, func(c *store.Comment) { c.Meta = f }) })
	return keys.UpdateValue(r, rows, meta)
}

// updateTermMeta writes a term write's "meta" (update_value).
func (m *Mock) updateTermMeta(r *rest.Request, tx *store.Tx, id int, meta map[string]any) *rest.Error {
	rows := fields.FieldRows(func() *store.FieldValues { return tx.Term(id).Meta },
		func(f *store.FieldValues) { tx.ChangeTerm(id, func(t *store.Term) { t.Meta = f }) })
	return m.termMetaKeys(tx.Term(id).Taxonomy).UpdateValue(r, rows, meta)
}
