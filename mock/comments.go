package mock

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/wpmock/wpmock/mock/fields"
	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// Errors of the comments controller (WP_REST_Comments_Controller), as codes and
// messages. Permission errors carry 401 for anonymous callers and 403 otherwise.
const (
	// GET/POST/DELETE /comments/<id> for an id <= 0 or a comment that does not exist (404).
	codeCommentInvalidID, msgCommentInvalidID = "rest_comment_invalid_id", "Invalid comment ID."
	// a comment whose post is gone (404); an update naming a post that does not exist (403).
	msgCommentPostInvalid = "Invalid post ID."
	// context=edit without moderate_comments (rest_forbidden_context).
	msgCannotEditComments = "Sorry, you are not allowed to edit comments."
	// GET /comments/<id> of a comment the caller may not read.
	codeCannotRead, msgCannotReadComment = "rest_cannot_read", "Sorry, you are not allowed to read this comment."
	// GET /comments?post=0 without moderate_comments (rest_cannot_read).
	msgCannotReadWithoutPost = "Sorry, you are not allowed to read comments without a post."
	// the comment's post (or the ?post= one) is not readable by the caller.
	codeCannotReadPost, msgCannotReadCommentPost = "rest_cannot_read_post", "Sorry, you are not allowed to read the post for this comment."
	// GET /comments with author, author_exclude, author_email, type or status without
	// edit_posts; the message ends with the parameters' names joined by ", ".
	codeForbiddenParam, msgForbiddenParam = "rest_forbidden_param", "Query parameter not permitted: "
)

// commentContexts is the schema's usual context list, in its own order.
var commentContexts = []string{rest.View, rest.Edit, rest.Embed}

// comments is the /wp/v2/comments resource (reads here, writes in commentwrite.go).
type comments struct {
	m    *Mock
	item *rest.Item[store.Comment]
}

type commentField = rest.Field[store.Comment]

// declare is get_item_schema, with the fields in prepare_item_for_response's output
// order; SchemaOrder keeps the schema's own.
func (res *comments) declare() *rest.Item[store.Comment] {
	if res.item != nil {
		return res.item
	}
	v := res.m.version
	avatarSize := func(size int) *commentField {
		n := strconv.Itoa(size)
		return rest.F(rest.Str(n).Desc("Avatar URL with image size of "+n+" pixels.").Fmt("uri").Ctx(rest.Embed, rest.View, rest.Edit),
			func(r *rest.Request, c *store.Comment) any {
				return wp.AvatarURL(v, r.Site, commentAvatarEmail(r, c), size)
			})
	}
	str := func(s *rest.Schema, get func(c *store.Comment) string) *commentField {
		return rest.F(s, func(_ *rest.Request, c *store.Comment) any { return get(c) })
	}
	site := res.m.commentMetaKeys()
	meta := site.FieldSchema().Until(rest.V69) // none registered: [] in the schema too
	// 6.9 registers _wp_note_status for the notes of the block editor; a comment
	// without the row shows null (its default "" is not in the enum).
	noteStatus := rest.Str("_wp_note_status").Desc("Note resolution status").Def("").OneOfEnum("resolved", "reopen")
	noteStatus.Literal = rest.Object{{Key: "type", Value: "string"}, {Key: "title", Value: ""},
		{Key: "description", Value: noteStatus.Description}, {Key: "default", Value: ""},
		{Key: "enum", Value: []string{"resolved", "reopen"}}}
	metaNotes := append(fields.Meta{{Schema: noteStatus}}, site...).FieldSchema().Since(rest.V69)
	// prepare_item_for_response tests _fields with in_array: "content.rendered" shows
	// no content
	res.item = &rest.Item[store.Comment]{Title: "comment", Links: res.links, Cache: commentCacheID, ExactFields: true, Fields: []*commentField{
		rest.F(rest.Int("id").Desc("Unique identifier for the comment.").Ctx(commentContexts...).RO(),
			func(_ *rest.Request, c *store.Comment) any { return c.ID }),
		rest.F(withSchemaDefault(rest.Int("post").Desc("The ID of the associated post object.").Ctx(rest.ViewEdit...).Def(0)),
			func(_ *rest.Request, c *store.Comment) any { return c.Post }),
		rest.F(withSchemaDefault(rest.Int("parent").Desc("The ID for the parent of the comment.").Ctx(commentContexts...).Def(0)),
			func(_ *rest.Request, c *store.Comment) any { return c.Parent }),
		rest.F(rest.Int("author").Desc("The ID of the user object, if author was a user.").Ctx(commentContexts...),
			func(_ *rest.Request, c *store.Comment) any { return c.UserID }),
		str(rest.Str("author_name").Desc("Display name for the comment author.").Ctx(commentContexts...),
			func(c *store.Comment) string { return c.Author }).WithArg(sanitizedString(wpfunc.SanitizeTextField)),
		str(rest.Str("author_email").Desc("Email address for the comment author.").Fmt("email").Ctx(rest.Edit),
			func(c *store.Comment) string { return c.AuthorEmail }).WithArg(commentEmailArg),
		str(rest.Str("author_url").Desc("URL for the comment author.").Fmt("uri").Ctx(commentContexts...),
			func(c *store.Comment) string { return c.AuthorURL }),
		str(rest.Str("author_ip").Desc("IP address for the comment author.").Fmt("ip").Ctx(rest.Edit),
			func(c *store.Comment) string { return c.AuthorIP }),
		str(rest.Str("author_user_agent").Desc("User agent for the comment author.").Ctx(rest.Edit),
			func(c *store.Comment) string { return c.Agent }).WithArg(sanitizedString(wpfunc.SanitizeTextField)),
		str(rest.Str("date").Desc("The date the comment was published, in the site's timezone.").Fmt("date-time").Ctx(commentContexts...),
			func(c *store.Comment) string { return rest.FormatDate(c.Date) }),
		str(rest.Str("date_gmt").Desc("The date the comment was published, as GMT.").Fmt("date-time").Ctx(rest.ViewEdit...),
			func(c *store.Comment) string { return rest.FormatDate(c.DateGMT) }),
		rawFirst(rest.Nested(rest.Obj("content").Desc("The content for the comment.").Ctx(commentContexts...),
			rest.F(rest.Str("rendered").Desc("HTML content for the comment, transformed for display.").Ctx(commentContexts...).RO(),
				func(r *rest.Request, c *store.Comment) any { return wp.CommentContent(r.Site, v, c) }),
			rest.F(rest.Str("raw").Desc("Content for the comment, as it exists in the database.").Ctx(rest.Edit),
				func(_ *rest.Request, c *store.Comment) any { return c.Content }),
		)).WithArg(rawText),
		rest.F(rest.Str("link").Desc("URL to the comment.").Fmt("uri").Ctx(commentContexts...).RO(),
			func(r *rest.Request, c *store.Comment) any { return res.link(r, c) }),
		str(rest.Str("status").Desc("State of the comment.").Ctx(rest.ViewEdit...),
			func(c *store.Comment) string { return commentStatusName(c.Approved) }).WithArg(sanitizedString(wpfunc.SanitizeKey)),
		str(rest.Str("type").Desc("Type of the comment.").Ctx(commentContexts...).RO(),
			func(c *store.Comment) string { return commentType(c) }),
		rest.Nested(rest.Obj("author_avatar_urls").Desc("Avatar URLs for the comment author.").Ctx(commentContexts...).RO(),
			avatarSize(24), avatarSize(48), avatarSize(96)),
		rest.F(meta, func(r *rest.Request, c *store.Comment) any {
			return site.GetValue(r.Context(), c.Meta.MetaRows)
		}).WithArg(termMetaArg),
		rest.F(metaNotes, func(r *rest.Request, c *store.Comment) any {
			notes := rest.Object{{Key: "_wp_note_status", Value: nil}}
			more, _ := site.GetValue(r.Context(), c.Meta.MetaRows).(rest.Object)
			return append(notes, more...)
		}).WithArg(termMetaArg),
	}, SchemaOrder: []string{"id", "author", "author_email", "author_ip", "author_name", "author_url",
		"author_user_agent", "content", "date", "date_gmt", "link", "parent", "post", "status", "type",
		"author_avatar_urls", "meta"}}
	res.item.Fields = append(res.item.Fields, fields.Additional(res.m.reg, "comment", func(c *store.Comment) *store.FieldValues { return c.Fields })...)
	res.item = res.item.For(v)
	return res.item
}

// withSchemaDefault prints the default in the item schema too: the comments schema
// gives post and parent "default": 0 beside their context.
func withSchemaDefault(s *rest.Schema) *rest.Schema {
	s.Literal = rest.Object{{Key: "description", Value: s.Description}, {Key: "type", Value: "integer"},
		{Key: "context", Value: s.Context}, {Key: "default", Value: 0}}
	return s
}

// rawFirst lists content's parts in the schema's order (raw, rendered), where the
// response has rendered first.
func rawFirst(f *commentField) *commentField {
	p := f.Schema.Properties
	f.Schema.Properties = []*rest.Schema{p[1], p[0]}
	return f
}

// inSchemaOrder puts write arguments in the order of the schema's properties, which
// rest_get_endpoint_args_for_schema follows.
func (res *comments) inSchemaOrder(args []*rest.Schema) []*rest.Schema {
	rank := map[string]int{}
	for i, n := range res.item.SchemaOrder {
		rank[n] = i
	}
	// a plugin's field (register_rest_field) is not in the order: add_additional_fields_schema
	// appends it to the schema, so its argument comes last
	at := func(name string) int {
		if i, ok := rank[name]; ok {
			return i
		}
		return len(rank)
	}
	slices.SortStableFunc(args, func(a, b *rest.Schema) int { return at(a.Name) - at(b.Name) })
	return args
}

// commentCacheID: a comment's rendering depends on the row and the caller only (its
// children link reads other rows, which the store generation covers).
func commentCacheID(_ *rest.Request, c *store.Comment) (int, bool) { return c.ID, true }

// commentType is get_comment_type: "comment" for an empty comment_type.
func commentType(c *store.Comment) string {
	if c.Type == "" {
		return "comment"
	}
	return c.Type
}

// commentStatusName is prepare_status_response: "1" is approved, "0" hold, the rest
// (spam, trash, post-trashed) as stored.
func commentStatusName(approved string) string {
	switch approved {
	case "0", "hold":
		return "hold"
	case "1", "approve":
		return "approved"
	}
	return approved
}

// commentAvatarEmail is the email get_avatar_data hashes for a comment: its user's,
// when it has one that exists, else comment_author_email.
func commentAvatarEmail(r *rest.Request, c *store.Comment) string {
	if c.UserID != 0 {
		if u := txOf(r).User(c.UserID); u != nil {
			return u.Email
		}
	}
	return c.AuthorEmail
}

// link is get_comment_link without comment paging (page_comments is off on a new
// site): the post's permalink and #comment-<id>.
func (res *comments) link(r *rest.Request, c *store.Comment) string {
	p := txOf(r).Post(c.Post)
	if p == nil {
		return r.Site + "/#comment-" + strconv.Itoa(c.ID)
	}
	return res.m.permalink(r, p) + "#comment-" + strconv.Itoa(c.ID)
}

// links is prepare_links: self, collection, author (a registered commenter), up (the
// post, with its type), in-reply-to (the parent) and children (when it has replies of
// any status but spam and trash).
func (res *comments) links(r *rest.Request, c *store.Comment) rest.Links {
	tx := txOf(r)
	base := "/" + Namespace + "/comments"
	ls := rest.Links{}.
		Add("self", r.RestURL(base+"/"+strconv.Itoa(c.ID))).
		Add("collection", r.RestURL(base))
	if c.UserID != 0 {
		ls = ls.Add("author", r.RestURL("/"+Namespace+"/users/"+strconv.Itoa(c.UserID)), rest.Embeddable...)
	}
	if p := tx.Post(c.Post); p != nil {
		if pt := registry(r).PostType(p.Type); pt != nil {
			ls = ls.Add("up", r.RestURL(pt.Route()+"/"+strconv.Itoa(p.ID)),
				rest.Member{Key: "embeddable", Value: true}, rest.Member{Key: "post_type", Value: p.Type})
		}
	}
	if c.Parent != 0 {
		ls = ls.Add("in-reply-to", r.RestURL(base+"/"+strconv.Itoa(c.Parent)), rest.Embeddable...)
	}
	for _, child := range tx.CommentReplies(c.ID) {
		if child.Approved == "0" || child.Approved == "1" {
			ls = ls.Add("children", r.RestURL(base+"?parent="+strconv.Itoa(c.ID)), rest.Embeddable...)
			break
		}
	}
	return ls
}

// routes are register_routes.
func (res *comments) routes() []*rest.Route {
	it := res.declare()
	schema := it.SchemaJSON
	base := "/" + Namespace + "/comments"
	password := func() *rest.Schema {
		return rest.Str("password").Desc("The password for the parent post of the comment (if the post is password protected).")
	}
	return []*rest.Route{
		{Namespace: Namespace, Pattern: base, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: res.collectionArgs(), Permission: res.listPermission, Handler: res.list},
			{Methods: rest.Creatable, Args: res.inSchemaOrder(it.WriteArgs(true)), Permission: res.createPermission, Handler: res.create},
		}},
		{Namespace: Namespace, Pattern: base + `/(?P<id>[\d]+)`, Schema: schema, Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{idArg("comment"), contextArg(), password()},
				Permission: res.getPermission, Handler: res.get},
			{Methods: rest.Editable, Args: append([]*rest.Schema{idArg("comment")}, res.inSchemaOrder(it.WriteArgs(false))...),
				Permission: res.updatePermission, Handler: res.update},
			{Methods: rest.Deletable, Args: []*rest.Schema{idArg("comment"),
				rest.Bool("force").Def(false).Desc("Whether to bypass Trash and force deletion."), password()},
				Permission: res.deletePermission, Handler: res.delete},
		}},
	}
}

// collectionArgs is get_collection_params, in its order.
func (res *comments) collectionArgs() []*rest.Schema {
	ints := func(name, desc string) *rest.Schema { return rest.Arr(name, rest.Int("")).Desc(desc) }
	args := append([]*rest.Schema{contextArg()}, pageArgs()...)
	return append(args,
		rest.Str("after").Desc("Limit response to comments published after a given ISO8601 compliant date.").Fmt("date-time"),
		ints("author", "Limit result set to comments assigned to specific user IDs. Requires authorization."),
		ints("author_exclude", "Ensure result set excludes comments assigned to specific user IDs. Requires authorization."),
		rest.Str("author_email").Def(nil).Desc("Limit result set to that from a specific author email. Requires authorization.").Fmt("email"),
		rest.Str("before").Desc("Limit response to comments published before a given ISO8601 compliant date.").Fmt("date-time"),
		intsArg("exclude", "Ensure result set excludes specific IDs."),
		intsArg("include", "Limit result set to specific IDs."),
		rest.Int("offset").Desc("Offset the result set by a specific number of items."),
		rest.Str("order").Desc("Order sort attribute ascending or descending.").Def("desc").OneOfEnum("asc", "desc"),
		rest.Str("orderby").Desc("Sort collection by comment attribute.").Def("date_gmt").
			OneOfEnum("date", "date_gmt", "id", "include", "post", "parent", "type"),
		rest.Arr("parent", rest.Int("")).Def(rest.EmptyArray).Desc("Limit result set to comments of specific parent IDs."),
		rest.Arr("parent_exclude", rest.Int("")).Def(rest.EmptyArray).Desc("Ensure result set excludes specific parent IDs."),
		rest.Arr("post", rest.Int("")).Def(rest.EmptyArray).Desc("Limit result set to comments assigned to specific post IDs."),
		sanitizedKeyArg(rest.Str("status").Def("approve").Desc("Limit result set to comments assigned a specific status. Requires authorization.")),
		sanitizedKeyArg(rest.Str("type").Def("comment").Desc("Limit result set to comments assigned a specific type. Requires authorization.")),
		rest.Str("password").Desc("The password for the post if it is password protected."),
	)
}

// sanitizedKeyArg is a string argument with sanitize_key and rest_validate_request_arg.
func sanitizedKeyArg(a *rest.Schema) *rest.Schema {
	a.Early = true
	sanitizedString(wpfunc.SanitizeKey)(a)
	a.SchemaFirst = true
	return a
}

// getComment is the controller's get_comment: the comment, 404 rest_comment_invalid_id,
// or 404 rest_post_invalid_id when its post is gone.
func getComment(r *rest.Request) (*store.Comment, *rest.Error) {
	tx := txOf(r)
	var c *store.Comment
	if id := r.Int("id"); id > 0 {
		c = tx.Comment(id)
	}
	if c == nil {
		return nil, rest.Errorf(http.StatusNotFound, codeCommentInvalidID, msgCommentInvalidID)
	}
	if c.Post != 0 && tx.Post(c.Post) == nil {
		return nil, rest.Errorf(http.StatusNotFound, codePostInvalidID, msgCommentPostInvalid)
	}
	return c, nil
}

// canReadCommentPost is check_read_post_permission: a password-protected post is
// readable through its comments by those who may edit it, or, when one post or one
// comment is asked for, by those who give its password.
func canReadCommentPost(r *rest.Request, p *store.Post) bool {
	tx := txOf(r)
	if registry(r).PostType(p.Type) == nil { // a type the mock serves (attachments too)
		return false
	}
	if p.Password != "" {
		unlocked := (requestedPost(r) || r.Int("id") != 0) &&
			(r.Context() == rest.Edit && canEditPost(r, p, tx.Post) || postPassword(r) == p.Password)
		if !unlocked {
			return canEditPost(r, p, tx.Post)
		}
	}
	return canReadPost(r, p, tx.Post)
}

// requestedPost is check_read_post_permission's $requested_post: a post parameter
// that is not empty and, if a list (GET /comments), has one element; create's is
// a single id.
func requestedPost(r *rest.Request) bool {
	switch v := r.Param("post").(type) {
	case nil:
		return false
	case []any:
		return len(v) == 1
	default:
		return !wpfunc.Empty(v)
	}
}

// postIDs is (array) $request['post']: the list GET /comments declares, or create's
// single id, which the Allow header's GET check reads too.
func postIDs(r *rest.Request) []int {
	if v, ok := r.Param("post").(int); ok {
		if v == 0 {
			return nil // empty( $request['post'] )
		}
		return []int{v}
	}
	return r.Ints("post")
}

// postPassword is $request['password']: the declared argument of the reads, or what
// a create's body sends (create declares none).
func postPassword(r *rest.Request) string {
	if s, ok := r.Param("password").(string); ok {
		return s
	}
	v, _ := r.Raw("password")
	return phpString(v)
}

// canEditComment is current_user_can('edit_comment') for the caller (wp.CanEditComment).
func canEditComment(r *rest.Request, c *store.Comment) bool {
	return wp.CanEditComment(actor(r), txOf(r), c)
}

// canReadComment is check_read_permission.
func canReadComment(r *rest.Request, c *store.Comment) bool {
	tx := txOf(r)
	if p := tx.Post(c.Post); c.Post != 0 && p != nil && c.Approved == "1" && canReadCommentPost(r, p) {
		return true
	}
	id := callerID(r)
	switch {
	case id == 0:
		return false
	case c.Post == 0 && !can(r, "moderate_comments"):
		return false
	case c.UserID != 0 && c.UserID == id:
		return true
	}
	return canEditComment(r, c)
}

// getPermission is get_item_permissions_check.
func (res *comments) getPermission(r *rest.Request) *rest.Error {
	c, err := getComment(r)
	if err != nil {
		return err
	}
	if r.Context() == rest.Edit && !can(r, "moderate_comments") {
		return r.Forbidden(codeForbiddenContext, msgCannotEditComments)
	}
	if !canReadComment(r, c) {
		return r.Forbidden(codeCannotRead, msgCannotReadComment)
	}
	if p := txOf(r).Post(c.Post); p != nil && !canReadCommentPost(r, p) {
		return r.Forbidden(codeCannotReadPost, msgCannotReadCommentPost)
	}
	return nil
}

func (res *comments) get(r *rest.Request) (*rest.Response, *rest.Error) {
	c, err := getComment(r)
	if err != nil {
		return nil, err
	}
	return rest.OK(res.item.Answer(r, c)), nil
}
