package wp

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"github.com/wpmock/wpmock/mock/wpversion"
)

// post.php's rules on stored posts: ancestors and hierarchy loops, unique slugs,
// default comment status, wp_insert_post's empty-content rule, trashing, an
// attachment's effective status.

// PostAncestors is get_post_ancestors: the post's parent, the parent's parent, and so
// on, stopping at a missing post, at the post itself or at one listed already (a
// loop). Hierarchies are a few levels deep, so the list is its own seen-set.
func PostAncestors(tx *store.Tx, p *store.Post) []*store.Post {
	var out []*store.Post
	for id := p.Parent; id != 0 && id != p.ID; {
		q := tx.Post(id)
		if q == nil || slices.Contains(out, q) {
			break
		}
		out = append(out, q)
		id = q.Parent
	}
	return out
}

// WithoutLoop is wp_check_post_hierarchy_for_loops: the parent a post (id; 0 when new)
// may take, 0 when it would be its own ancestor. (WordPress also breaks a loop that
// does not contain the post; the mock's hierarchies have none.)
func WithoutLoop(tx *store.Tx, parent, id int) int {
	if id == 0 || parent == 0 {
		return parent
	}
	if parent == id {
		return 0
	}
	if q := tx.Post(parent); q != nil {
		for _, a := range PostAncestors(tx, q) {
			if a.ID == id {
				return 0
			}
		}
	}
	return parent
}

// DefaultCommentStatus is get_default_comment_status for a new post of type pt and a
// comment type (comment or ping): pages are closed; other types take the site's
// default_comment_status or default_ping_status where they support comments (or
// trackbacks), and are closed otherwise.
func DefaultCommentStatus(tx *store.Tx, pt *PostType, commentType string, v wpversion.Version) string {
	feature := "comments"
	if commentType == "ping" {
		feature = "trackbacks"
	}
	if pt.Slug == "page" || !pt.Supported(feature, v) {
		return "closed"
	}
	return OptionString(tx, "default_"+commentType+"_status")
}

// reservedSlugs always get a suffix (feeds and embed), as wp_unique_post_slug does.
var reservedSlugs = map[string]bool{"feed": true, "rdf": true, "rss": true, "rss2": true, "atom": true, "embed": true}

// UniquePostSlug is wp_unique_post_slug for a post of type typ with the given id and
// parent.
func UniquePostSlug(tx *store.Tx, typ, slug string, id, parent int) string {
	types := []string{typ}
	hierarchical := RegistryOf(tx).TypeOf(typ).Hierarchical
	switch {
	case typ == "attachment":
		types = []string{"post", "page", "attachment", "revision"}
	case hierarchical:
		types = []string{typ, "attachment"}
	}
	taken := func(s string) bool {
		if reservedSlugs[s] {
			return true
		}
		for _, t := range types {
			for _, p := range tx.PostsWithSlug(t, s) {
				if p.ID != id && (!hierarchical || p.Parent == parent) {
					return true
				}
			}
		}
		return false
	}
	numeric := typ == "post" && strings.Trim(slug, "0123456789") == "" && slug != "0"
	if hierarchical {
		digits := strings.TrimPrefix(slug, "page")
		numeric = digits != "" && strings.Trim(digits, "0123456789") == ""
	}
	if !taken(slug) && !numeric {
		return slug
	}
	for n := 2; ; n++ {
		alt := TruncateSlug(slug, 200-len(strconv.Itoa(n))-1) + "-" + strconv.Itoa(n)
		if !taken(alt) {
			return alt
		}
	}
}

// GeneratedSlug is get_sample_permalink's slug, which it is given an empty name for:
// the one the title would get (sanitize_title, the id when that is empty), made unique
// as publishing would make it, whatever slug the post has.
func GeneratedSlug(tx *store.Tx, p *store.Post) string {
	s := wpfunc.SanitizeTitle(p.Title)
	if s == "" {
		s = strconv.Itoa(p.ID)
	}
	return UniquePostSlug(tx, p.Type, s, p.ID, p.Parent)
}

// AttachmentGeneratedSlug is the generated_slug get_sample_permalink gives an
// attachment: the title sanitised (the id when that is empty), made unique across every
// post type as wp_unique_post_slug does for attachments.
func AttachmentGeneratedSlug(tx *store.Tx, p *store.Post) string {
	base := wpfunc.SanitizeTitle(p.Title)
	if base == "" {
		base = strconv.Itoa(p.ID)
	}
	taken := func(slug string) bool {
		if reservedSlugs[slug] {
			return true
		}
		for _, typ := range []string{"post", "page", "attachment", "revision"} {
			for _, q := range tx.PostsByID(typ) {
				if q.Slug == slug && q.ID != p.ID {
					return true
				}
			}
		}
		return false
	}
	slug := base
	for n := 2; taken(slug); n++ {
		slug = base + "-" + strconv.Itoa(n)
	}
	return slug
}

// PostDateGMT is the GMT date WordPress prints for a post (post_date_gmt): a floating
// draft's, stored as zero, is computed from its local date in the site's time zone
// (get_gmt_from_date).
func PostDateGMT(tx *store.Tx, p *store.Post) time.Time {
	if p.DateGMT.IsZero() {
		return GMT(tx, p.Date)
	}
	return p.DateGMT
}

// TruncateSlug cuts a slug to n bytes, without a dash at its end.
func TruncateSlug(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimRight(s[:n], "-")
}

// MaybeEmpty is whether wp_insert_post may refuse an empty row of type pt: the type
// supports title, editor and excerpt (post_type_supports, at version v).
func MaybeEmpty(pt *PostType, v wpversion.Version) bool {
	return pt.Supported("title", v) && pt.Supported("editor", v) && pt.Supported("excerpt", v)
}

// TrashPost is wp_trash_post's change of the row: the status and slug kept for
// untrashing, the trash status, the slug with __trashed, modified now.
func TrashPost(tx *store.Tx, id int) *store.Post {
	local, now := Now(tx)
	return tx.ChangePost(id, func(p *store.Post) {
		e := p.Extra()
		e.TrashedStatus, e.TrashedSlug = p.Status, p.Slug
		p.SetExtra(e)
		p.Status = "trash"
		if !strings.HasSuffix(p.Slug, "__trashed") {
			p.Slug = TruncateSlug(p.Slug, 191) + "__trashed"
		}
		p.Modified, p.ModifiedGMT = local, now
	})
}

// GetPostStatus is get_post_status: an attachment's "inherit" is its parent's status
// ("publish" without a parent; a trashed parent's status before the trash), and any
// other attachment status but private, trash and auto-draft is "publish".
func GetPostStatus(tx *store.Tx, p *store.Post) string {
	if p.Type != "attachment" {
		return p.Status
	}
	switch p.Status {
	case "inherit":
		parent := tx.Post(p.Parent)
		switch {
		case p.Parent == 0 || parent == nil || parent.ID == p.ID:
			return "publish"
		case GetPostStatus(tx, parent) == "trash":
			if was := parent.Extra().TrashedStatus; was != "" {
				return was
			}
			return "publish"
		}
		return GetPostStatus(tx, parent)
	case "private", "trash", "auto-draft":
		return p.Status
	}
	return "publish"
}

// InsertStatus is the status wp_insert_post stores for a post of type typ: an
// attachment keeps no status but private, trash and auto-draft, else it inherits its
// parent's (WordPress's own test of the "attachment" type).
func InsertStatus(typ, status string) string {
	if typ == "attachment" && status != "private" && status != "trash" && status != "auto-draft" {
		return "inherit"
	}
	return status
}

// InsertPostDates is wp_insert_post's dates once the request's are applied (editDate:
// a date was given): a draft that was never given a date floats and takes "now", its
// GMT date left empty; a published post dated ahead is scheduled ("future"), a
// scheduled one whose date has passed is published; the modified dates are now (the
// given date on a create). It returns whether the post floats.
func InsertPostDates(tx *store.Tx, p *store.Post, create, editDate bool, oldStatus string) (floating bool) {
	localNow, now := Now(tx)
	// wp_insert_post's dates: a draft that was never given a date floats and takes "now"
	floating = p.Status == "draft" || p.Status == "pending" || p.Status == "auto-draft"
	if !editDate && (create || (p.DateGMT.IsZero() && floating) || (p.DateGMT.IsZero() && oldStatus != p.Status)) {
		if create || p.Date.IsZero() || p.DateGMT.IsZero() {
			p.Date = localNow
		}
		p.DateGMT = now
	}
	if p.Date.IsZero() {
		p.Date = localNow
	}
	if floating && !editDate {
		p.DateGMT = time.Time{}
	} else if p.DateGMT.IsZero() {
		p.DateGMT = GMT(tx, p.Date)
	}
	if p.Status == "publish" && p.DateGMT.After(now.Add(time.Minute)) {
		p.Status = "future"
	} else if p.Status == "future" && !p.DateGMT.After(now) {
		p.Status = "publish"
	}
	if create && editDate {
		p.Modified, p.ModifiedGMT = p.Date, p.DateGMT
		if p.ModifiedGMT.IsZero() { // get_gmt_from_date of a floating draft
			p.ModifiedGMT = GMT(tx, p.Date)
		}
	} else {
		p.Modified, p.ModifiedGMT = localNow, now
	}
	return floating
}

// SetPostThumbnail is set_post_thumbnail and whether it succeeded: an image attachment
// becomes the featured image (update_post_meta fails when it already is); another
// existing post removes the featured image (delete_post_meta fails when there is
// none); no post is a failure. The id is taken absolute, as absint does.
func SetPostThumbnail(tx *store.Tx, p *store.Post, id int) bool {
	if id < 0 {
		id = -id
	}
	thumb := tx.Post(id)
	switch {
	case id == 0 || thumb == nil:
		return false
	case thumb.Type == "attachment" && IsImage(thumb):
		changed := p.FeaturedMedia != id
		p.FeaturedMedia = id
		return changed
	}
	had := p.FeaturedMedia != 0
	p.FeaturedMedia = 0
	return had
}

// PostFormats are get_post_format_slugs, in get_post_format_strings' order (the format
// enum of WordPress 6.1).
var PostFormats = []string{"standard", "aside", "chat", "gallery", "link", "image", "quote", "status", "video", "audio"}

// PostFormatString is get_post_format_string: the format's name (en_US).
func PostFormatString(slug string) string {
	if slug == "standard" {
		return "Standard"
	}
	return strings.ToUpper(slug[:1]) + slug[1:]
}
