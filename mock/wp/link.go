package wp

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// Permalinks make a site's links as link-template.php does, with the site's
// permalink_structure (the option; unset or "" is plain links): get_permalink,
// get_page_link, get_attachment_link, get_sample_permalink's template,
// get_term_link and get_author_posts_url. Home is the site's home URL, Tx the store,
// and Actor who asks (a private attachment's page is a plain link to those who may not
// read it).
type Permalinks struct {
	Home  string
	Tx    *store.Tx
	Actor *Actor
}

// structure is the site's permalink structure ("" for plain links).
func (l Permalinks) structure() string {
	if l.Tx == nil {
		return "/%postname%/"
	}
	return OptionString(l.Tx, "permalink_structure")
}

// front is WP_Rewrite's front: the structure's part before its first tag ("/" for
// /%postname%/, "/archives/" for /archives/%post_id%), which term and author links
// start with.
func front(structure string) string {
	if i := strings.IndexByte(structure, '%'); i >= 0 {
		return structure[:i]
	}
	return "/"
}

// trailing is user_trailingslashit: a trailing slash where the structure ends with
// one, none otherwise.
func trailing(structure, link string) string {
	if strings.HasSuffix(structure, "/") {
		if !strings.HasSuffix(link, "/") {
			return link + "/"
		}
		return link
	}
	return strings.TrimRight(link, "/")
}

// Post is get_permalink: drafts, pending, scheduled and trashed posts get the plain
// ?p= link (pages ?page_id=), as every post does with plain permalinks; attachments
// their attachment page; pages (get_page_link) their path below their ancestors; posts
// the structure with its tags filled in.
func (l Permalinks) Post(p *store.Post) string {
	if p.Type == "attachment" {
		return l.Attachment(p, false)
	}
	if pt := l.customType(p); pt != nil {
		return l.customPost(pt, p, false)
	}
	if l.isFrontPage(p) {
		return l.Home + "/" // get_page_link: the static front page is home_url('/')
	}
	plain := "/?p="
	if p.Type == "page" {
		plain = "/?page_id="
	}
	structure := l.structure()
	switch p.Status {
	case "draft", "pending", "future", "auto-draft", "trash":
		return l.Home + plain + strconv.Itoa(p.ID)
	}
	if p.Slug == "" || structure == "" {
		return l.Home + plain + strconv.Itoa(p.ID)
	}
	if p.Type == "page" {
		return l.Home + trailing(structure, "/"+AncestorsPath(l.Tx, p)+p.Slug)
	}
	return l.Home + trailing(structure, l.expand(structure, p, false))
}

// expand fills a post's structure in (get_permalink's rewrite codes); leavename keeps
// %postname% and %pagename% for get_sample_permalink. Links are made for every post a
// list renders: the structure is read once, a tag at a time, and the category and
// author are looked up only for a structure that names them.
func (l Permalinks) expand(structure string, p *store.Post, leavename bool) string {
	d := p.Date
	var b strings.Builder
	for {
		i := strings.IndexByte(structure, '%')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(structure[i+1:], '%')
		}
		if j < 0 {
			b.WriteString(structure)
			return b.String()
		}
		b.WriteString(structure[:i])
		tag := structure[i : i+j+2]
		structure = structure[i+j+2:]
		switch tag {
		case "%year%":
			b.WriteString(strconv.Itoa(d.Year()))
		case "%monthnum%":
			b.WriteString(twoDigits(int(d.Month())))
		case "%day%":
			b.WriteString(twoDigits(d.Day()))
		case "%hour%":
			b.WriteString(twoDigits(d.Hour()))
		case "%minute%":
			b.WriteString(twoDigits(d.Minute()))
		case "%second%":
			b.WriteString(twoDigits(d.Second()))
		case "%post_id%":
			b.WriteString(strconv.Itoa(p.ID))
		case "%postname%", "%pagename%":
			if leavename {
				b.WriteString(tag)
			} else {
				b.WriteString(p.Slug)
			}
		case "%category%":
			b.WriteString(l.postCategory(p))
		case "%author%":
			if u := l.Tx.User(p.Author); u != nil {
				b.WriteString(u.Slug)
			}
		default: // a tag get_permalink does not know stays as it is
			b.WriteString(tag[:len(tag)-1])
			structure = "%" + structure
		}
	}
}

// postCategory is get_permalink's %category%: the post's category of the lowest id,
// below its ancestors, or the default category.
func (l Permalinks) postCategory(p *store.Post) string {
	ids := p.TermIDs("category")
	id := 0
	for _, c := range ids {
		if l.Tx.Term(c) != nil && (id == 0 || c < id) {
			id = c
		}
	}
	if id == 0 {
		if t := l.Tx.Term(RegistryOf(l.Tx).Taxonomy("category").Default(l.Tx)); t != nil {
			return t.Slug
		}
		return ""
	}
	return l.termPath(l.Tx.Term(id))
}

// Template is get_sample_permalink's template.
func (l Permalinks) Template(p *store.Post) string {
	if pt := l.customType(p); pt != nil {
		return l.customPost(pt, p, true)
	}
	if l.isFrontPage(p) {
		return l.Home + "/"
	}
	structure := l.structure()
	switch {
	case p.Type == "attachment":
		return l.Attachment(p, true)
	case structure == "" && p.Type == "page":
		return l.Home + "/?page_id=" + strconv.Itoa(p.ID)
	case structure == "":
		return l.Home + "/?p=" + strconv.Itoa(p.ID)
	case p.Type == "page":
		return l.Home + trailing(structure, "/"+AncestorsPath(l.Tx, p)+"%pagename%")
	}
	return l.Home + trailing(structure, l.expand(structure, p, true))
}

// isFrontPage says whether p is the static front page (show_on_front "page" and
// page_on_front its id), whose link get_page_link makes the home URL.
func (l Permalinks) isFrontPage(p *store.Post) bool {
	return p.Type == "page" && l.Tx != nil && OptionString(l.Tx, "show_on_front") == "page" &&
		OptionInt(l.Tx, "page_on_front") == p.ID
}

// termBase is a category's or tag's rewrite slug and whether it goes without the
// front: the category_base or tag_base option where set, which
// create_initial_taxonomies makes the slug (slashes trimmed, as WP_Rewrite joins it)
// with with_front false but for index permalinks (/index.php/...).
func (l Permalinks) termBase(tax *Taxonomy, structure string) (string, bool) {
	option := map[string]string{"category": "category_base", "post_tag": "tag_base"}[tax.Slug]
	if option != "" && l.Tx != nil {
		if base := strings.Trim(OptionString(l.Tx, option), "/"); base != "" {
			return base, !strings.HasPrefix(structure, "/index.php")
		}
	}
	return tax.Rewrite, tax.NoFront
}

// customType is the declaration of p's type where the site registered it (its links
// are get_post_permalink's), nil for core's types.
func (l Permalinks) customType(p *store.Post) *PostType {
	g := RegistryOf(l.Tx)
	if g == Core {
		return nil
	}
	if pt := g.PostType(p.Type); pt != nil && g.Custom(pt) {
		return pt
	}
	return nil
}

// customPost is get_post_permalink, the link of a post of a site's own type: with a
// structure and a rewrite slug, the structure's front (unless the type's rewrite
// says with_front false), the slug and the post's (below its ancestors' for a
// hierarchical type); else ?<query var>=<slug>, or ?post_type=<type>&p=<id> where
// the type has no query var or the post's status forces a plain link
// (wp_force_plain_post_permalink: drafts, pending and scheduled posts, the trash).
// sample is get_sample_permalink's template: %pagename% in place of the slug, and a
// draft's link as if it were published.
func (l Permalinks) customPost(pt *PostType, p *store.Post, sample bool) string {
	structure := l.structure()
	plain := false
	switch p.Status {
	case "draft", "pending", "future", "auto-draft":
		plain = !sample
	case "trash":
		plain = true
	}
	slug := p.Slug
	if pt.Hierarchical {
		slug = AncestorsPath(l.Tx, p) + p.Slug
	}
	if structure != "" && pt.Rewrite != "" && !plain {
		base := front(structure)
		if pt.NoFront {
			base = "/"
		}
		if sample {
			slug = "%pagename%"
			if pt.Hierarchical {
				slug = AncestorsPath(l.Tx, p) + slug
			}
		}
		return l.Home + trailing(structure, base+pt.Rewrite+"/"+slug)
	}
	if pt.Var != "" && !plain {
		return l.Home + "/?" + pt.Var + "=" + slug
	}
	return l.Home + "/?post_type=" + pt.Slug + "&p=" + strconv.Itoa(p.ID)
}

// AncestorsPath is get_page_uri's part above the page: the slugs of its ancestors
// (of any type, nearest last), each followed by "/"; an ancestor without a slug is
// skipped.
func AncestorsPath(tx *store.Tx, p *store.Post) string {
	ancestors := PostAncestors(tx, p)
	var b strings.Builder
	for i := len(ancestors) - 1; i >= 0; i-- {
		if s := ancestors[i].Slug; s != "" {
			b.WriteString(s)
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Attachment is get_attachment_link with the /%postname%/ structure. Its page sits
// under a viewable parent's pretty permalink (attachment/<slug> for numeric slugs), at
// /<slug>/ when unattached, and at ?attachment_id= when wp_force_plain_post_permalink
// says so or the parent's link is a plain one. sample is get_sample_permalink's call
// (leavename): the template keeps %postname%, and protected statuses keep pretty links.
func (l Permalinks) Attachment(p *store.Post, sample bool) string {
	tx := l.Tx
	plain := l.Home + "/?attachment_id=" + strconv.Itoa(p.ID)
	var parent *store.Post
	if p.Parent != 0 {
		parent = tx.Post(p.Parent)
		if p.Parent == p.ID || parent == nil || parent.Type == "revision" {
			return plain // no valid parent (revisions are not viewable)
		}
	}
	switch AttachmentStatus(tx, p) {
	case "publish":
	case "private":
		if !CanReadPost(l.Actor, p, tx.Post) {
			return plain
		}
	case "draft", "pending", "future":
		if !sample {
			return plain
		}
	default:
		return plain
	}
	structure := l.structure()
	if structure == "" {
		return plain
	}
	if parent == nil {
		if sample {
			return plain
		}
		return l.Home + trailing(structure, "/"+p.Slug)
	}
	parentLink := l.Post(parent)
	if strings.Contains(parentLink, "?") {
		return plain
	}
	name := "%postname%"
	if !sample {
		name = p.Slug
		if _, err := strconv.Atoi(p.Slug); err == nil {
			name = "attachment/" + p.Slug // <permalink>/<int>/ would be a page number
		}
	}
	return trailing(structure, strings.TrimSuffix(parentLink, "/")+"/"+name)
}

// AttachmentStatus is get_post_status for an attachment: "inherit" takes the parent's
// status (a trashed parent's status from before the trash), and an unattached one
// counts as published.
func AttachmentStatus(tx *store.Tx, p *store.Post) string {
	switch p.Status {
	case "inherit":
		parent := tx.Post(p.Parent)
		if p.Parent == 0 || parent == nil || p.Parent == p.ID {
			return "publish"
		}
		st := parent.Status
		if parent.Type == "attachment" {
			st = AttachmentStatus(tx, parent)
		}
		if st == "trash" {
			if st = parent.Extra().TrashedStatus; st == "" {
				st = "publish"
			}
		}
		return st
	case "private", "trash", "auto-draft":
		return p.Status
	}
	return "publish"
}

// Term is get_term_link: with a structure, the front, the taxonomy's rewrite slug (a
// category's and tag's from category_base and tag_base) and
// the term's slug (below its ancestors' where the taxonomy's rewrite is
// hierarchical, as categories'); with plain links, ?cat=<id> for a category, the
// query var (?tag=<slug>) for the others.
func (l Permalinks) Term(t *store.Term) string {
	tax := RegistryOf(l.Tx).Taxonomy(t.Taxonomy)
	structure := l.structure()
	if structure == "" || tax.Rewrite == "" { // no permastruct: plain links
		if t.Taxonomy == "category" {
			return l.Home + "/?cat=" + strconv.Itoa(t.ID)
		}
		return l.Home + "/?" + tax.QueryVar() + "=" + t.Slug
	}
	path := t.Slug
	if tax.RewriteHierarchical {
		path = l.termPath(t)
	}
	slug, noFront := l.termBase(tax, structure)
	base := front(structure)
	if noFront {
		base = "/"
	}
	return l.Home + trailing(structure, base+slug+"/"+path)
}

// termPath is a term's slug below its ancestors' (get_term_parents_list's slugs).
func (l Permalinks) termPath(t *store.Term) string {
	path := t.Slug
	seen := map[int]bool{t.ID: true}
	for p := t.Parent; p != 0 && !seen[p]; {
		parent := l.Tx.Term(p)
		if parent == nil {
			break
		}
		seen[p] = true
		path = parent.Slug + "/" + path
		p = parent.Parent
	}
	return path
}

// Author is get_author_posts_url: the front, author/ and the user's slug; ?author=<id>
// with plain links.
func (l Permalinks) Author(u *store.User) string {
	structure := l.structure()
	if structure == "" {
		return l.Home + "/?author=" + strconv.Itoa(u.ID)
	}
	return l.Home + trailing(structure, front(structure)+"author/"+u.Slug)
}

// PostFormat is get_post_format_link: the post_format term's link (/type/<format>/;
// ?post_format=<format> with plain links).
func (l Permalinks) PostFormat(format string) string {
	structure := l.structure()
	if structure == "" {
		return l.Home + "/?post_format=" + format
	}
	return l.Home + trailing(structure, front(structure)+"type/"+format)
}

// Archive is get_post_type_archive_link: for posts the page for posts where the front
// page is a static page and one is set, else the home URL (without a slash); for a
// type with an archive its rewrite slug below the front (?post_type=<type> with plain
// links); false (noURL) for a type without an archive, or none registered.
func (l Permalinks) Archive(typ string) (link string, noURL bool) {
	if typ == "post" {
		if OptionString(l.Tx, "show_on_front") == "page" {
			if page := l.Tx.Post(OptionInt(l.Tx, "page_for_posts")); page != nil {
				return l.Post(page), false
			}
		}
		return l.Home, false
	}
	pt := anyPostType(RegistryOf(l.Tx), typ)
	if pt == nil || pt.HasArchive == nil || pt.HasArchive == false {
		return "", true
	}
	structure := l.structure()
	if structure == "" || pt.Rewrite == "" {
		return l.Home + "/?post_type=" + typ, false
	}
	slug := pt.Rewrite
	if s, ok := pt.HasArchive.(string); ok {
		slug = s
	}
	base := front(structure)
	if pt.NoFront {
		base = "/"
	}
	return l.Home + trailing(structure, base+slug), false
}
