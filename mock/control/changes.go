package control

import (
	"reflect"
	"slices"
	"strconv"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/webhook"
	"github.com/wpmock/wpmock/mock/wp"
)

// maxChangedItems bounds the items one change lists (a user deleted with thousands
// of posts reassigned): the rest are only counted, so a write's lock is never held
// for thousands of links.
const maxChangedItems = 500

// describe says what a write that went through changed: the store's journal of the
// request's transaction (store.Tx.Changes), one item per post, term, comment or user
// (a post's meta counts as its post; the settings as one item), with their links as a
// visitor sees them, before and after. It runs inside the transaction, once the
// handler is done, and only when someone listens (Options.OnChange, webhooks). Left
// out as nobody's content: revisions (their post is listed), a term whose count
// alone changed (the post that changed it is listed), a user whose application
// passwords alone changed, and uploaded files (their attachment is listed).
func (s *site) describe(r *rest.Request, tx *store.Tx) *webhook.Change {
	c := &webhook.Change{Seq: s.changeSeq.Add(1), Time: tx.Now(), Site: r.Site, Name: s.name(),
		WordPress: s.m.Version().String(), Method: r.Method, Route: r.Path, Reset: tx.Replaced()}
	c.User = mock.CallerLogin(r)
	d := describer{l: wp.Permalinks{Home: r.Site, Tx: tx}, c: c}
	var metaOf []int // posts whose meta changed
	for _, ch := range tx.Changes() {
		switch ch.Table {
		case store.Posts:
			d.post(row[store.Post](ch.Before), row[store.Post](ch.After))
		case store.PostMeta:
			if mt := cmpOr(row[store.Meta](ch.After), row[store.Meta](ch.Before)); !slices.Contains(metaOf, mt.PostID) {
				metaOf = append(metaOf, mt.PostID)
			}
		case store.Terms:
			d.term(row[store.Term](ch.Before), row[store.Term](ch.After))
		case store.Comments:
			d.comment(row[store.Comment](ch.Before), row[store.Comment](ch.After))
		case store.Users:
			d.user(row[store.User](ch.Before), row[store.User](ch.After))
		case store.OptionsTable:
			d.option(ch.Name)
		}
	}
	for _, id := range metaOf {
		if p := tx.Post(id); p != nil && !d.listed(webhook.KindPost, id) {
			d.post(p, p)
		}
	}
	return c
}

// row is a journal's row as its type, nil for none.
func row[R any](r any) *R {
	v, _ := r.(*R)
	return v
}

// cmpOr is the first of two rows that is not nil.
func cmpOr[R any](a, b *R) *R {
	if a != nil {
		return a
	}
	return b
}

// describer builds one change's items.
type describer struct {
	l wp.Permalinks // a visitor's links
	c *webhook.Change
}

func (d *describer) add(it webhook.Item) {
	if len(d.c.Items) >= maxChangedItems {
		d.c.More++
		return
	}
	d.c.Items = append(d.c.Items, it)
}

func (d *describer) listed(kind string, id int) bool {
	return slices.ContainsFunc(d.c.Items, func(it webhook.Item) bool { return it.Kind == kind && it.ID == id })
}

// item is the item of a row before and after the request, with its action; state
// describes the row at one time. A deleted item's state is its last, not viewable.
func item[R any](kind, typ string, id int, before, after *R, state func(*R) webhook.State) webhook.Item {
	it := webhook.Item{Kind: kind, Type: typ, ID: id, Action: webhook.Updated}
	switch {
	case before == nil:
		it.Action, it.State = webhook.Created, state(after)
	case after == nil:
		was := state(before)
		it.Action, it.State, it.Before = webhook.Deleted, was, &was
		it.Viewable = false
	default:
		was := state(before)
		it.State, it.Before = state(after), &was
	}
	return it
}

// post lists a post of any type but revision.
func (d *describer) post(before, after *store.Post) {
	p := cmpOr(after, before)
	if p.Type == "revision" {
		return
	}
	it := item(webhook.KindPost, p.Type, p.ID, before, after, d.postState)
	if after != nil && before != nil {
		switch {
		case after.Status == "trash" && before.Status != "trash":
			it.Action = webhook.Trashed
		case before.Status == "trash" && after.Status != "trash":
			it.Action = webhook.Untrashed
		}
	}
	if it.Viewable || (it.Before != nil && it.Before.Viewable) {
		it.Lists = d.postLists(before, after)
	}
	d.add(it)
}

// postState is a post as a visitor sees it: get_permalink, and whether
// is_post_publicly_viewable (published, of a viewable type; an attachment whose
// parent is, or that has none).
func (d *describer) postState(p *store.Post) webhook.State {
	viewable := p.Status == "publish"
	if p.Type == "attachment" {
		viewable = wp.AttachmentStatus(d.l.Tx, p) == "publish"
	}
	pt := wp.RegistryOf(d.l.Tx).PostType(p.Type)
	return webhook.State{Slug: p.Slug, Status: p.Status, Link: d.l.Post(p), Viewable: viewable && pt != nil && pt.Viewable}
}

// postLists are the pages a post appears on, before or after: the home page, the
// posts page (a page set as page_for_posts) for a post, its terms' archives and its
// author's; an attachment's parent post.
func (d *describer) postLists(before, after *store.Post) []string {
	tx, home := d.l.Tx, d.l.Home
	out := []string{home + "/"}
	add := func(link string) {
		if !slices.Contains(out, link) {
			out = append(out, link)
		}
	}
	for _, p := range []*store.Post{before, after} {
		if p == nil {
			continue
		}
		if p.Type == "attachment" {
			if parent := tx.Post(p.Parent); parent != nil && p.Parent != p.ID {
				add(d.l.Post(parent))
			}
			continue
		}
		if page := tx.Post(wp.OptionInt(tx, "page_for_posts")); p.Type == "post" && page != nil && wp.OptionString(tx, "show_on_front") == "page" {
			add(d.l.Post(page))
		}
		for _, set := range p.Terms {
			for _, id := range set.IDs {
				if t := tx.Term(id); t != nil {
					add(d.l.Term(t))
				}
			}
		}
		if u := tx.User(p.Author); u != nil {
			add(d.l.Author(u))
		}
	}
	return out
}

// term lists a term, unless only its count changed.
func (d *describer) term(before, after *store.Term) {
	if before != nil && after != nil {
		b := *before
		b.Count = after.Count
		if reflect.DeepEqual(b, *after) { // a menu's locations are a list

			return
		}
	}
	t := cmpOr(after, before)
	d.add(item(webhook.KindTerm, t.Taxonomy, t.ID, before, after, func(t *store.Term) webhook.State {
		return webhook.State{Slug: t.Slug, Link: d.l.Term(t), Viewable: true}
	}))
}

// comment lists a comment: viewable when approved on a viewable post, its link the
// post's with #comment-<id> (get_comment_link).
func (d *describer) comment(before, after *store.Comment) {
	c := cmpOr(after, before)
	it := item(webhook.KindComment, "comment", c.ID, before, after, func(c *store.Comment) webhook.State {
		s := webhook.State{Status: mock.CommentStatus(c.Approved), Link: d.l.Home + "/#comment-" + strconv.Itoa(c.ID)}
		if p := d.l.Tx.Post(c.Post); p != nil {
			ps := d.postState(p)
			s.Link, s.Viewable = ps.Link+"#comment-"+strconv.Itoa(c.ID), ps.Viewable && c.Approved == "1"
		}
		return s
	})
	it.Post = c.Post
	d.add(it)
}

// user lists a user, unless only their application passwords changed.
func (d *describer) user(before, after *store.User) {
	if before != nil && after != nil {
		b, a := *before, *after
		b.AppPasswords, a.AppPasswords = nil, nil
		if reflect.DeepEqual(b, a) {
			return
		}
	}
	u := cmpOr(after, before)
	d.add(item(webhook.KindUser, "user", u.ID, before, after, func(u *store.User) webhook.State {
		return webhook.State{Slug: u.Slug, Link: d.l.Author(u), Viewable: true}
	}))
}

// option lists a changed option in the one settings item of the change.
func (d *describer) option(name string) {
	for i := range d.c.Items {
		if it := &d.c.Items[i]; it.Kind == webhook.KindSettings {
			it.Options = append(it.Options, name)
			return
		}
	}
	d.add(webhook.Item{Kind: webhook.KindSettings, Type: "settings", Action: webhook.Updated, Options: []string{name},
		State: webhook.State{Link: d.l.Home + "/", Viewable: true}})
}
