package store

import (
	"slices"
	"sort"
	"strings"
	"time"
)

// CommentQuery is the WP_Comment_Query the comments list runs.
type CommentQuery struct {
	// Start is the first row of the window (the LIMIT's offset), Size its length.
	Start, Size int
	// OrderBy is the REST orderby (date_gmt, date, id, include, post, parent, type),
	// Desc its direction.
	OrderBy string
	Desc    bool
	// Include are the ids asked, in their order for orderby=include; In is the same
	// as a set, NotIn the ids excluded (nil: none).
	Include   []int
	In, NotIn map[int]bool
	Posts     map[int]bool // comment_post_ID IN; nil is any
	Parents   map[int]bool // parent__in; nil is any
	// ParentsNot, Authors and AuthorsNot are parent__not_in, author__in (nil: any)
	// and author__not_in.
	ParentsNot          map[int]bool
	Authors, AuthorsNot map[int]bool
	Email               string   // author_email, compared case-insensitively; "": any
	Search              string   // lower case; "": no search
	Statuses            []string // comment_approved values; nil: any
	// Type is the comment type: "comment" (with ""), "pings" (pingbacks and
	// trackbacks), or one type; "": any.
	Type          string
	After, Before time.Time // exclusive bounds of the date; zero: none
}

// QueryComments runs q: the window and the number of matches.
func (tx *Tx) QueryComments(q *CommentQuery) (window []*Comment, total int) {
	hits := q.hits(tx)
	switch q.OrderBy {
	case "date_gmt", "date", "":
		if q.Desc {
			slices.Reverse(hits)
		}
	default:
		sort.SliceStable(hits, func(i, j int) bool { return q.less(hits[i], hits[j]) })
	}
	return limit(hits, q.Start, q.Size), len(hits)
}

// CountComments is the number of comments q matches.
func (tx *Tx) CountComments(q *CommentQuery) int { return len(q.hits(tx)) }

// hits are the matches, oldest first.
func (q *CommentQuery) hits(tx *Tx) []*Comment {
	var hits []*Comment
	for _, c := range q.candidates(tx) { // oldest first
		if q.matches(c) {
			hits = append(hits, c)
		}
	}
	return hits
}

// candidates is the smallest stored list that holds every match: the posts' or the
// parents' comments, or one status's, else the whole table; each in date order.
func (q *CommentQuery) candidates(tx *Tx) []*Comment {
	merge := func(keys map[int]bool, list func(int) []*Comment) []*Comment {
		var out []*Comment
		for k := range keys {
			out = append(out, list(k)...)
		}
		slices.SortFunc(out, func(a, b *Comment) int {
			if c := a.DateGMT.Compare(b.DateGMT); c != 0 {
				return c
			}
			return a.ID - b.ID
		})
		return out
	}
	switch {
	case q.Posts != nil:
		return merge(q.Posts, tx.CommentsOfPost)
	case q.Parents != nil:
		return merge(q.Parents, tx.CommentReplies)
	case len(q.Statuses) == 1:
		return tx.CommentsWithStatus(q.Statuses[0])
	}
	return tx.Comments()
}

func (q *CommentQuery) matches(c *Comment) bool {
	switch {
	case q.In != nil && !q.In[c.ID], q.NotIn[c.ID],
		q.Posts != nil && !q.Posts[c.Post],
		q.Parents != nil && !q.Parents[c.Parent], q.ParentsNot[c.Parent],
		q.Authors != nil && !q.Authors[c.UserID], q.AuthorsNot[c.UserID],
		q.Email != "" && !strings.EqualFold(c.AuthorEmail, q.Email),
		q.Statuses != nil && !slices.Contains(q.Statuses, c.Approved),
		q.Type == "comment" && c.Type != "comment" && c.Type != "",
		q.Type == "pings" && c.Type != "pingback" && c.Type != "trackback",
		q.Type != "" && q.Type != "comment" && q.Type != "pings" && c.Type != q.Type,
		!q.After.IsZero() && !c.Date.After(q.After),
		!q.Before.IsZero() && !c.Date.Before(q.Before):
		return false
	}
	if q.Search != "" {
		for _, s := range []string{c.Author, c.AuthorEmail, c.AuthorURL, c.AuthorIP, c.Content} {
			if strings.Contains(strings.ToLower(s), q.Search) {
				return true
			}
		}
		return false
	}
	return true
}

// less is the ORDER BY of WP_Comment_Query: the column, then comment_ID. The id
// follows the direction of a date column; after any other column it is DESC whatever
// the order, as WP_Comment_Query's strpos( 'ASC', $orderby_clause ) (haystack and
// needle swapped) never finds ASC.
func (q *CommentQuery) less(a, b *Comment) bool {
	c := 0
	switch q.OrderBy {
	case "include":
		return rank(q.Include, a.ID) < rank(q.Include, b.ID)
	case "id":
	case "post":
		c = a.Post - b.Post
	case "parent":
		c = a.Parent - b.Parent
	case "type":
		c = strings.Compare(a.typeName(), b.typeName())
	case "date":
		c = a.Date.Compare(b.Date)
	default:
		c = a.DateGMT.Compare(b.DateGMT)
	}
	if q.Desc {
		c = -c
	}
	if c != 0 {
		return c < 0
	}
	if q.OrderBy == "id" || q.OrderBy == "date" || q.OrderBy == "date_gmt" {
		if q.Desc {
			return a.ID > b.ID
		}
		return a.ID < b.ID
	}
	return a.ID > b.ID
}

// typeName is the comment's type, "comment" for the empty type of old comments.
func (c *Comment) typeName() string {
	if c.Type == "" {
		return "comment"
	}
	return c.Type
}
