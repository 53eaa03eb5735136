package mock

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

// Fields shared by the post-like types (posts, media), declared once. Each returns a
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
		func(_ *rest.Request, p *store.Post) any { return rest.FormatDate(dateGMT(p)) })
}

func pfGUID(noun string) *postField {
	return rest.Nested(rest.Obj("guid").Desc("The globally unique identifier for the "+noun+".").Ctx(viewEdit...).RO(),
		rest.F(rest.Str("rendered").Desc("GUID for the "+noun+", transformed for display.").Ctx(viewEdit...).RO(),
			func(r *rest.Request, p *store.Post) any { return absURL(r, p.GUID) }),
		rest.F(rest.Str("raw").Desc("GUID for the "+noun+", as it exists in the database.").Ctx(editOnly...).RO(),
			func(r *rest.Request, p *store.Post) any { return absURL(r, p.GUID) }),
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
		func(_ *rest.Request, p *store.Post) any { return p.Slug })
}

func pfStatus(noun string) *postField {
	return rest.F(rest.Str("status").Desc("A named status for the "+noun+".").OneOfEnum(writableStatuses...).Ctx(viewEdit...),
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

func pfTitle(noun string) *postField {
	return rest.Nested(rest.Obj("title").Desc("The title for the "+noun+".").Ctx(all...),
		rest.F(rest.Str("raw").Desc("Title for the "+noun+", as it exists in the database.").Ctx(editOnly...),
			func(_ *rest.Request, p *store.Post) any { return p.Title }),
		rest.F(rest.Str("rendered").Desc("HTML title for the "+noun+", transformed for display.").Ctx(all...).RO(),
			func(_ *rest.Request, p *store.Post) any { return renderTitle(p.Title, p.Status) }),
	)
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

func pfTemplate(noun string) *postField {
	return rest.F(rest.Str("template").Desc("The theme file to use to display the "+noun+".").Ctx(viewEdit...),
		func(_ *rest.Request, p *store.Post) any { return p.Template })
}

func pfMeta(m *Mock) *postField {
	return rest.F(rest.Obj("meta").Desc("Meta fields.").Ctx(viewEdit...),
		func(r *rest.Request, p *store.Post) any { return m.metaField(txOf(r), p) })
}

func pfPermalinkTemplate(noun string, m *Mock) *postField {
	return rest.F(rest.Str("permalink_template").Desc("Permalink template for the "+noun+".").Ctx(editOnly...).RO(),
		func(r *rest.Request, p *store.Post) any { return m.permalinkTemplate(r, p) })
}

func pfGeneratedSlug(noun string) *postField {
	return rest.F(rest.Str("generated_slug").Desc("Slug automatically generated from the "+noun+" title.").Ctx(editOnly...).RO(),
		func(r *rest.Request, p *store.Post) any { return generatedSlug(txOf(r), p) })
}

// writableStatuses is the enum of a post's status: the statuses that are neither
// internal nor trash.
var writableStatuses = []string{"publish", "future", "draft", "pending", "private"}

// dateGMT is the GMT date WordPress prints: a floating draft's is computed from its
// local date (the site is UTC).
func dateGMT(p *store.Post) time.Time {
	if p.DateGMT.IsZero() {
		return p.Date
	}
	return p.DateGMT
}

// absURL completes a site-relative URL stored in the dataset ("/?p=5").
func absURL(r *rest.Request, u string) string {
	if strings.HasPrefix(u, "/") {
		return r.Site + u
	}
	return u
}

// permalink is get_permalink with the /%postname%/ structure: drafts, pending and
// scheduled posts get the plain ?p= link, attachments their attachment page.
func (m *Mock) permalink(r *rest.Request, p *store.Post) string {
	switch p.Type {
	case "attachment":
		return m.attachmentLink(r, p, false)
	}
	switch p.Status {
	case "draft", "pending", "future", "auto-draft", "trash":
		return r.Site + "/?p=" + strconv.Itoa(p.ID)
	}
	if p.Slug == "" {
		return r.Site + "/?p=" + strconv.Itoa(p.ID)
	}
	return r.Site + "/" + p.Slug + "/"
}

// permalinkTemplate is get_sample_permalink's template.
func (m *Mock) permalinkTemplate(r *rest.Request, p *store.Post) string {
	if p.Type == "attachment" {
		return m.attachmentLink(r, p, true)
	}
	return r.Site + "/%postname%/"
}

// generatedSlug is get_sample_permalink's slug: the post's own once published, else the
// one its title would get, made unique as publishing would make it.
func generatedSlug(tx *store.Tx, p *store.Post) string {
	if p.Slug != "" && p.Status != "draft" && p.Status != "pending" && p.Status != "auto-draft" {
		return p.Slug
	}
	s := p.Slug
	if s == "" {
		s = sanitizeTitle(p.Title)
	}
	if s == "" {
		s = strconv.Itoa(p.ID)
	}
	return uniquePostSlug(tx, p.Type, s, p.ID)
}

// metaField is the item's "meta": WordPress shows registered meta keys only, and
// nothing is registered on a fresh site, so it prints []. The mock counts every key
// given through the post meta routes as registered (single, string), so the field and
// /posts/<id>/meta stay consistent; protected keys (leading "_") never show.
func (m *Mock) metaField(tx *store.Tx, p *store.Post) any {
	out := rest.Object{}
	for _, row := range tx.PostMeta(p.ID) {
		if isProtectedMeta(row.Key) {
			continue
		}
		if _, seen := out.Get(row.Key); !seen {
			out = append(out, rest.Member{Key: row.Key, Value: row.Value})
		}
	}
	if len(out) == 0 {
		return rest.EmptyArray
	}
	return out
}

// isProtectedMeta is is_protected_meta: after dropping every character that is neither
// printable ASCII nor a letter, the key starts with "_".
func isProtectedMeta(key string) bool {
	for _, r := range key {
		if (r >= 0x20 && r <= 0x7e) || unicode.IsLetter(r) {
			return r == '_'
		}
	}
	return false
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
