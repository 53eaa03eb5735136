package wp

import (
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/store"
)

// Permalinks make a site's links as link-template.php does with the /%postname%/
// structure: get_permalink, get_page_link, get_attachment_link, get_sample_permalink's
// template and get_term_link. Home is the site's home URL, Tx the store, and Actor who
// asks (a private attachment's page is a plain link to those who may not read it).
type Permalinks struct {
	Home  string
	Tx    *store.Tx
	Actor *Actor
}

// Post is get_permalink with the /%postname%/ structure: drafts, pending,
// scheduled and trashed posts get the plain ?p= link (pages ?page_id=), attachments
// their attachment page, pages (get_page_link) their path below their ancestors.
func (l Permalinks) Post(p *store.Post) string {
	if p.Type == "attachment" {
		return l.Attachment(p, false)
	}
	plain := "/?p="
	if p.Type == "page" {
		plain = "/?page_id="
	}
	switch p.Status {
	case "draft", "pending", "future", "auto-draft", "trash":
		return l.Home + plain + strconv.Itoa(p.ID)
	}
	if p.Slug == "" {
		return l.Home + plain + strconv.Itoa(p.ID)
	}
	if p.Type == "page" {
		return l.Home + "/" + AncestorsPath(l.Tx, p) + p.Slug + "/"
	}
	return l.Home + "/" + p.Slug + "/"
}

// Template is get_sample_permalink's template.
func (l Permalinks) Template(p *store.Post) string {
	switch p.Type {
	case "attachment":
		return l.Attachment(p, true)
	case "page":
		return l.Home + "/" + AncestorsPath(l.Tx, p) + "%pagename%/"
	}
	return l.Home + "/%postname%/"
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
	if parent == nil {
		if sample {
			return plain
		}
		return l.Home + "/" + p.Slug + "/"
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
	return strings.TrimSuffix(parentLink, "/") + "/" + name + "/"
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

// Term is get_term_link with pretty permalinks: /<rewrite slug>/<slug>/ (/tag/,
// /category/), with the ancestors' slugs before the term's where the taxonomy's
// rewrite is hierarchical (categories').
func (l Permalinks) Term(t *store.Term) string {
	tax := FindTaxonomy(t.Taxonomy)
	if !tax.RewriteHierarchical {
		return l.Home + "/" + tax.Rewrite + "/" + t.Slug + "/"
	}
	path := t.Slug
	tx := l.Tx
	seen := map[int]bool{t.ID: true}
	for p := t.Parent; p != 0 && !seen[p]; {
		parent := tx.Term(p)
		if parent == nil {
			break
		}
		seen[p] = true
		path = parent.Slug + "/" + path
		p = parent.Parent
	}
	return l.Home + "/" + tax.Rewrite + "/" + path + "/"
}
