package compare

import "net/http"

// The comments rows: /wp/v2/comments as WordPress serves it. The rows make their own
// posts (one open to comments, one closed, a draft, a password-protected one and one
// in the trash), comment on them as each role, reply, and check the lists' filters,
// each role's reads and writes, the links between comments and their embeds, the
// trash, and the replies a post embeds. Comments made within a second of each other
// tie on their date; WP_Comment_Query breaks ties by comment_ID in the same direction,
// which is what the expectations on list order rest on.
//
// wp_allow_comment refuses a second comment from the same user within 15 seconds
// unless the user may moderate, so the roles that may not comment once each, and the
// one flood row says so on both sides (the rows run within a few seconds).
func commentRows() []row {
	l := &rowList{method: http.MethodPost}
	add, get := l.add, l.get
	const (
		comments = "/wp/v2/comments"
		posts    = "/wp/v2/posts"
		secret   = "wpcompare-secret"
	)
	totals := []string{"X-WP-Total", "X-WP-TotalPages"}

	add(row{method: http.MethodOptions, path: comments, kind: kindOptions})
	add(row{method: http.MethodOptions, path: comments + "/999999", kind: kindOptions, note: "unknown id"})

	// The posts, as admin.
	add(row{path: posts, as: "admin", save: "cpo", note: "an open post for the comment rows",
		body: `{"title":"wpcompare-comments open","status":"publish","comment_status":"open"}`})
	add(row{path: posts, as: "admin", save: "cpo2", note: "a second open post for the comment rows",
		body: `{"title":"wpcompare-comments open too","status":"publish","comment_status":"open"}`})
	add(row{path: posts, as: "admin", save: "cpc", note: "a closed post for the comment rows",
		body: `{"title":"wpcompare-comments closed","status":"publish","comment_status":"closed"}`})
	add(row{path: posts, as: "admin", save: "cpd", note: "a draft for the comment rows",
		body: `{"title":"wpcompare-comments draft","status":"draft","comment_status":"open"}`})
	add(row{path: posts, as: "admin", save: "cpp", note: "a protected post for the comment rows",
		body: `{"title":"wpcompare-comments protected","status":"publish","comment_status":"open","password":"` + secret + `"}`})
	add(row{path: posts, as: "admin", save: "cpt", note: "a post to trash for the comment rows",
		body: `{"title":"wpcompare-comments trashed","status":"publish","comment_status":"open"}`})
	add(row{method: http.MethodDelete, path: posts + "/{cpt}", as: "admin", note: "trash the comment rows' post"})

	// Creating, as each role, on the open post.
	add(row{path: comments, as: "admin", save: "c1", note: "create as admin",
		body: `{"post":{cpo},"content":"wpcompare comment by admin"}`,
		expect: []string{"post", "{cpo}", "parent", "0", "author", "{admin}", "status", "approved", "type", "comment",
			"content.raw", "wpcompare comment by admin", "content.rendered", "<p>wpcompare comment by admin</p>\n"},
		// not author_url: WordPress's installer gives admin the site's URL, the mock's
		// dataset none
		same: []string{"author_name", "author_email", "content", "meta"}})
	add(row{method: http.MethodOptions, path: comments + "/{c1}", kind: kindOptions})
	add(row{method: http.MethodOptions, path: comments + "/{c1}", as: "admin", kind: kindOptions, note: "Allow as admin"})
	for _, login := range roleLogins {
		key := roleKey(login)
		add(row{path: comments, as: login, save: "c" + key, note: "create as " + key,
			body: `{"post":{cpo},"content":"wpcompare comment by ` + key + `"}`,
			same: []string{"author_name", "author_url", "status", "content"}})
	}
	add(row{path: comments, as: "author", note: "a second comment too soon",
		body: `{"post":{cpo2},"content":"wpcompare second comment by author"}`})
	add(row{path: comments, as: "editor", note: "on a closed post", body: `{"post":{cpc},"content":"wpcompare on a closed post"}`})
	add(row{path: comments, as: "admin", note: "on a draft", body: `{"post":{cpd},"content":"wpcompare on a draft"}`})
	add(row{path: comments, as: "admin", note: "on a trashed post", body: `{"post":{cpt},"content":"wpcompare on a trashed post"}`})
	add(row{path: comments, as: "admin", note: "without a post", body: `{"content":"wpcompare without a post"}`})
	add(row{path: comments, as: "admin", note: "on an unknown post", body: `{"post":999999,"content":"wpcompare on no post"}`})
	add(row{path: comments, as: "admin", note: "duplicate", body: `{"post":{cpo},"content":"wpcompare comment by admin"}`})
	add(row{path: comments, as: "admin", note: "empty content", body: `{"post":{cpo},"content":""}`})
	add(row{path: comments, as: "admin", note: "no content", body: `{"post":{cpo}}`})
	add(row{path: comments, as: "admin", note: "an id", body: `{"id":{c1},"post":{cpo},"content":"wpcompare with an id"}`})
	add(row{path: comments, as: "admin", note: "a type", body: `{"type":"pingback","post":{cpo},"content":"wpcompare pingback"}`})
	add(row{path: comments, as: "admin", note: "an unknown author", body: `{"author":999999,"post":{cpo},"content":"wpcompare by nobody"}`})
	add(row{path: comments, as: "admin", note: "a bad email", body: `{"author_email":"nope","post":{cpo},"content":"wpcompare bad email"}`})
	add(row{path: comments, as: "subscriber", note: "status by a subscriber",
		body: `{"status":"approved","post":{cpo},"content":"wpcompare approved by subscriber"}`})
	add(row{path: comments, as: "contributor", note: "another author by a contributor",
		body: `{"author":{admin},"post":{cpo},"content":"wpcompare for admin by contributor"}`})
	add(row{path: comments, as: "admin", save: "cx", note: "on the second post",
		body: `{"post":{cpo2},"content":"wpcompare comment on the second post"}`, expect: []string{"post", "{cpo2}"}})
	add(row{path: comments, as: "admin", save: "cxp", note: "a parent on another post",
		body: `{"post":{cpo},"parent":{cx},"content":"wpcompare reply across posts"}`})
	add(row{path: comments, as: "editor", save: "cnamed", note: "author fields and a status by a moderator",
		body: `{"post":{cpo2},"content":"wpcompare named","author_name":"wpcompare Guest","author_email":"wpcompare-guest@example.com",` +
			`"author_url":"http://example.com/wpcompare","status":"hold"}`,
		// author fields given: the comment is not the caller's (author 0)
		expect: []string{"status", "hold", "author", "0"},
		same:   []string{"author_name", "author_email", "author_url", "author_avatar_urls"}})

	// Replies.
	add(row{path: comments, as: "admin", save: "c1r", note: "a reply",
		body: `{"post":{cpo},"parent":{c1},"content":"wpcompare reply by admin"}`, expect: []string{"parent", "{c1}", "post", "{cpo}"}})
	add(row{path: comments, as: "editor", save: "c1rr", note: "a reply to a reply",
		body: `{"post":{cpo},"parent":{c1r},"content":"wpcompare reply by editor"}`, expect: []string{"parent", "{c1r}"}})
	get(comments+"/{c1}", "", "a comment with replies",
		"_links.children[0].embeddable", "true", "_links.up[0].post_type", "post")
	get(comments+"/{c1r}", "", "a reply", "_links.in-reply-to[0].embeddable", "true")
	get(comments+"/{c1}?_embed", "", "a comment with its children embedded",
		"_embedded.up[0].id", "{cpo}", "_embedded.children[0][0].id", "{c1r}", "_embedded.author[0].id", "{admin}")
	get(comments+"/{c1r}?_embed", "", "a reply with its parent embedded",
		"_embedded.in-reply-to[0].id", "{c1}", "_embedded.children[0][0].id", "{c1rr}")
	get(comments+"/{c1r}?_embed=in-reply-to", "", "only in-reply-to", "_embedded.in-reply-to[0].id", "{c1}")
	get(comments+"/{cxp}?context=edit", "admin", "a reply across posts", "post", "{cpo}", "parent", "{cx}")
	get(comments+"/{cauthor}?_embed", "admin", "a held comment embedded")

	// Lists.
	onOpen := comments + "?post={cpo}"
	get(onOpen, "", "approved comments of a post",
		"#", "5", "[0].id", "{c1rr}", "[1].id", "{c1r}", "[2].id", "{cxp}", "[3].id", "{ceditor}", "[4].id", "{c1}")
	add(row{method: http.MethodGet, path: onOpen, as: "admin", headers: totals, note: "as admin",
		expect: []string{"#", "5", "[0].id", "{c1rr}"}})
	get(onOpen+"&context=embed", "", "embed context", "#", "5")
	get(onOpen+"&context=edit", "admin", "edit context", "#", "5", "[4].author_email", "admin@example.com")
	get(onOpen+"&parent={c1}", "", "parent", "#", "1", "[0].id", "{c1r}")
	get(onOpen+"&parent={c1},{c1r}", "", "two parents", "#", "2", "[0].id", "{c1rr}")
	get(onOpen+"&parent=0", "", "top level", "#", "2", "[0].id", "{ceditor}")
	get(onOpen+"&parent_exclude=0", "", "parent_exclude", "#", "3", "[0].id", "{c1rr}")
	get(onOpen+"&author={editor}", "admin", "author", "#", "2", "[0].id", "{c1rr}")
	get(onOpen+"&author_exclude={admin}", "admin", "author_exclude", "#", "2", "[1].id", "{ceditor}")
	get(onOpen+"&author_email=editor@example.com", "admin", "author_email", "#", "2")
	get(onOpen+"&author={editor}", "subscriber", "author as subscriber")
	get(onOpen+"&author_email=editor@example.com&author_exclude=1", "", "two protected parameters anonymous")
	get(onOpen+"&author_email=nope", "admin", "a bad author_email")
	get(onOpen+"&search=reply", "", "search", "#", "3", "[0].id", "{c1rr}")
	get(onOpen+"&search=EDITOR", "", "search ignores case", "#", "2")
	get(onOpen+"&include={c1},{ceditor}", "", "include", "#", "2", "[0].id", "{ceditor}")
	get(onOpen+"&exclude={c1},{ceditor}", "", "exclude", "#", "3", "[0].id", "{c1rr}")
	get(onOpen+"&include={c1},{c1rr},{ceditor}&orderby=include", "", "orderby include",
		"#", "3", "[0].id", "{c1}", "[1].id", "{c1rr}", "[2].id", "{ceditor}")
	add(row{method: http.MethodGet, path: onOpen + "&orderby=include", headers: totals, note: "orderby include without include",
		expect: []string{"#", "0"}})
	add(row{method: http.MethodGet, path: onOpen + "&orderby=include&page=2", headers: totals, note: "orderby include without include, page 2"})
	for _, ob := range []string{"date", "date_gmt", "id", "post", "parent", "type"} {
		get(onOpen+"&orderby="+ob+"&order=asc", "", "orderby "+ob, "#", "5")
	}
	get(onOpen+"&orderby=id&order=asc", "", "by id ascending", "[0].id", "{c1}", "[4].id", "{c1rr}")
	get(onOpen+"&orderby=parent&order=desc", "", "by parent descending", "[0].id", "{c1rr}", "[1].id", "{cxp}", "[4].id", "{c1}")
	// ties after a column other than a date: comment_ID DESC, whatever the order
	get(onOpen+"&orderby=parent&order=asc", "", "ties by parent", "[0].id", "{ceditor}", "[1].id", "{c1}", "[4].id", "{c1rr}")
	get(onOpen+"&orderby=post&order=asc", "", "ties by post", "[0].id", "{c1rr}", "[4].id", "{c1}")
	get(onOpen+"&orderby=type&order=asc", "", "ties by type", "[0].id", "{c1rr}", "[4].id", "{c1}")
	get(onOpen+"&orderby=date&order=asc", "", "ties by date", "[0].id", "{c1}", "[4].id", "{c1rr}")
	get(onOpen+"&orderby=author", "", "a bad orderby")
	get(onOpen+"&order=up", "", "a bad order")
	add(row{method: http.MethodGet, path: onOpen + "&per_page=3", headers: totals, note: "first page",
		expect: []string{"#", "3", "[0].id", "{c1rr}"}})
	add(row{method: http.MethodGet, path: onOpen + "&per_page=3&page=2", headers: totals, note: "last page",
		expect: []string{"#", "2", "[0].id", "{ceditor}"}})
	add(row{method: http.MethodGet, path: onOpen + "&per_page=3&page=3", headers: totals, note: "past the last page"})
	add(row{method: http.MethodGet, path: onOpen + "&page=2", headers: totals, note: "past the only page"})
	add(row{method: http.MethodGet, path: onOpen + "&offset=1&per_page=2", headers: totals, note: "offset",
		expect: []string{"#", "2", "[0].id", "{c1r}"}})
	add(row{method: http.MethodGet, path: onOpen + "&offset=10", headers: totals, note: "offset past the end"})
	get(comments+"?post={cpo},{cpo2}&orderby=post&order=asc", "", "two posts", "#", "6", "[5].id", "{cx}")
	get(comments+"?post={cpd}", "", "the comments of a draft")
	get(comments+"?post={cpd}", "admin", "the comments of a draft as admin", "#", "0")
	get(comments+"?post=0", "", "post 0")
	get(comments+"?post=999999", "", "an unknown post", "#", "0")

	// Status, as each role.
	for _, login := range logins {
		get(onOpen+"&status=hold", login, "held comments as "+login)
	}
	get(onOpen+"&status=hold", "", "held comments anonymous")
	get(onOpen+"&status=hold", "admin", "the three held comments", "#", "3", "[0].id", "{csubscriber}", "[2].id", "{cauthor}")
	get(onOpen+"&status=hold", "contributor", "a contributor sees its own held comment", "#", "1", "[0].id", "{ccontributor}")
	get(onOpen+"&status=all", "admin", "all", "#", "8")
	get(onOpen+"&status=spam", "admin", "spam", "#", "0")
	get(onOpen+"&status=approved", "admin", "approved: the API's name, not the query's", "#", "0")
	get(onOpen+"&type=pings", "admin", "pings", "#", "0")
	get(onOpen+"&type=comment&status=approve", "author", "the default type and status, given")

	// One comment in each context, as each role.
	for _, login := range append([]string{"admin"}, roleLogins...) {
		key := roleKey(login)
		for _, ctx := range []string{"view", "embed", "edit"} {
			get(comments+"/{c1}?context="+ctx, login, ctx+" context as "+key)
		}
		get(comments+"/{cauthor}", login, "a held comment as "+key)
		get(comments+"/{cauthor}?context=edit", login, "a held comment in edit context as "+key)
	}
	add(row{method: http.MethodGet, path: comments + "/{c1}?context=edit", as: "admin", note: "a moderator sees the email and IP",
		expect: []string{"author_email", "admin@example.com", "author_ip", "127.0.0.1"}, same: []string{"author_user_agent", "author_avatar_urls"}})
	get(comments+"/999999", "", "unknown id")
	get(comments+"/{c1}?context=foo", "", "a bad context")

	// Updates, as each role.
	for _, login := range roleLogins {
		key := roleKey(login)
		add(row{path: comments + "/{c1}", as: login, note: "edit admin's comment as " + key,
			body: `{"content":"wpcompare comment by admin, edited by ` + key + `"}`})
		add(row{path: comments + "/{cauthor}", as: login, note: "hold author's comment as " + key, body: `{"status":"hold"}`})
	}
	add(row{path: comments + "/{cauthor}", as: "author", note: "its author edits a comment on another's post",
		body: `{"content":"wpcompare comment by author, edited"}`})
	add(row{path: comments + "/{cauthor}", as: "admin", note: "approve", body: `{"status":"approve"}`,
		expect: []string{"status", "approved"}})
	add(row{path: comments + "/{cauthor}", as: "admin", note: "hold", body: `{"status":"hold"}`, expect: []string{"status", "hold"}})
	add(row{path: comments + "/{cauthor}", as: "admin", note: "spam", body: `{"status":"spam"}`, expect: []string{"status", "spam"}})
	get(onOpen+"&status=spam", "admin", "one spam comment", "#", "1", "[0].id", "{cauthor}")
	add(row{path: comments + "/{cauthor}", as: "admin", note: "approved", body: `{"status":"approved"}`,
		expect: []string{"status", "approved"}})
	add(row{path: comments + "/{cauthor}", as: "admin", note: "an unknown status", body: `{"status":"sideways"}`,
		expect: []string{"status", "approved"}})
	add(row{path: comments + "/{c1}", as: "admin", note: "author fields",
		body:   `{"author_name":"wpcompare Name","author_email":"wpcompare-name@example.com","author_url":"http://example.com/wpcompare-name"}`,
		expect: []string{"author_name", "wpcompare Name", "author_email", "wpcompare-name@example.com", "author_url", "http://example.com/wpcompare-name", "author", "{admin}"}})
	add(row{path: comments + "/{c1}", as: "admin", note: "another author", body: `{"author":{editor}}`,
		expect: []string{"author", "{editor}"}, same: []string{"author_name", "author_email", "author_url"}})
	add(row{path: comments + "/{c1}", as: "admin", note: "an author IP", body: `{"author_ip":"192.0.2.7"}`,
		expect: []string{"author_ip", "192.0.2.7"}})
	add(row{path: comments + "/{c1}", as: "admin", note: "a bad author IP", body: `{"author_ip":"nope"}`})
	add(row{path: comments + "/{c1}", as: "admin", note: "empty content", body: `{"content":""}`})
	add(row{path: comments + "/{c1}", as: "admin", note: "an unknown post", body: `{"post":999999}`})
	add(row{path: comments + "/{c1}", as: "admin", note: "a date", body: `{"date":"2021-05-04T03:02:01"}`,
		expect: []string{"date", "2021-05-04T03:02:01"}, same: []string{"date_gmt"}}) // date_gmt: the site's zone
	add(row{path: comments + "/{c1}", as: "admin", note: "a type", body: `{"type":"pingback"}`})
	add(row{path: comments + "/999999", as: "admin", note: "unknown id", body: `{"content":"wpcompare nowhere"}`})
	get(comments+"/{c1}?context=edit", "admin", "after the updates",
		// every update writes the IP: the caller's when author_ip is not given
		"content.raw", "wpcompare comment by admin, edited by editor", "author", "{editor}", "author_ip", "127.0.0.1")

	// The replies a post embeds: its approved comments, newest first.
	get(posts+"/{cpo}?_embed", "", "a post's replies embedded",
		"_embedded.replies[0][0].id", "{c1rr}", "_embedded.replies[0][3].id", "{cauthor}")
	get(posts+"/{cpo}?_embed=replies", "", "only the replies", "_embedded.replies[0][0].id", "{c1rr}")
	get(posts+"/{cpo2}?_embed=replies", "admin", "held comments are not embedded", "_embedded.replies[0][0].id", "{cx}")
	get(posts+"/{cpc}?_embed=replies", "", "a post without comments")

	// A protected post's comments.
	add(row{path: comments, as: "admin", save: "cpp1", note: "on a protected post",
		body: `{"post":{cpp},"content":"wpcompare on a protected post"}`, expect: []string{"post", "{cpp}"}})
	add(row{path: comments, as: "subscriber", note: "on a protected post without its password",
		body: `{"post":{cpp},"content":"wpcompare protected, no password"}`})
	get(comments+"?post={cpp}", "", "a protected post's comments")
	get(comments+"?post={cpp}&password=wrong", "", "a protected post's comments with a wrong password")
	get(comments+"?post={cpp}&password="+secret, "", "a protected post's comments with its password", "#", "1", "[0].id", "{cpp1}")
	get(comments+"?post={cpp},{cpo}&password="+secret, "", "a protected post among two")
	get(comments+"?post={cpp}", "admin", "a protected post's comments as admin", "#", "1")
	get(comments+"/{cpp1}", "", "a protected post's comment")
	get(comments+"/{cpp1}?password="+secret, "", "a protected post's comment with its password", "id", "{cpp1}")
	get(comments+"?include={cpp1}", "", "a protected post's comment in a list without post", "#", "0")
	get(posts+"/{cpp}?_embed=replies", "", "a protected post's replies embedded")
	get(posts+"/{cpp}?_embed=replies&password="+secret, "", "a protected post's replies embedded with its password")

	// Commenters who may not moderate, each a user of its own (the flood check counts a
	// user's comments), on a post of their own.
	const alice, bob = prefix + "alice", prefix + "bob"
	add(row{path: posts, as: "admin", save: "cpo3", note: "a third open post for the comment rows",
		body: `{"title":"wpcompare-comments third","status":"publish","comment_status":"open"}`})
	for _, u := range []struct{ login, key string }{{alice, "ua1"}, {bob, "ub1"}} {
		add(row{path: "/wp/v2/users", as: "admin", save: u.key, note: "a commenter for the comment rows, " + u.login,
			body: `{"username":"` + u.login + `","email":"` + u.login + `@example.com","password":"wpcompare-Secret-7","roles":["subscriber"]}`})
		add(row{path: "/wp/v2/users/{" + u.key + "}/application-passwords", as: "admin", savePassword: u.login,
			body: `{"name":"wpcompare-commenter"}`, note: "the commenter's application password"})
	}
	add(row{path: comments, as: alice, note: "an author name without an email",
		body: `{"post":{cpo3},"content":"wpcompare alias","author_name":"wpcompare Alias"}`})
	add(row{path: comments, as: alice, note: "another IP", body: `{"post":{cpo3},"content":"wpcompare other IP","author_ip":"192.0.2.1"}`})
	add(row{path: comments, as: alice, save: "ca1", note: "markup a subscriber may not post",
		body:   `{"post":{cpo3},"content":"<b>bold</b> <script>alert(1)</script><a href=\"http://example.com/\" onclick=\"x()\">link</a> <img src=\"http://example.com/x.png\">"}`,
		expect: []string{"status", "hold", "author", "{ua1}"}, same: []string{"content"}})
	get(comments+"/{ca1}?context=edit", "admin", "markup a subscriber may not post, as admin", "author", "{ua1}")
	get(comments+"/{ca1}", alice, "its own held comment", "status", "hold")
	get(comments+"/{ca1}", bob, "another's held comment")
	get(comments+"?post={cpo3}&status=hold", alice, "held comments as a subscriber")
	add(row{path: comments, as: alice, note: "too soon", body: `{"post":{cpo3},"content":"wpcompare alice again"}`})
	add(row{path: comments, as: bob, save: "cb1", note: "as someone else",
		body:   `{"post":{cpo3},"content":"wpcompare as someone else","author_name":"wpcompare Someone","author_email":"wpcompare-someone@example.com"}`,
		expect: []string{"author", "0", "status", "hold", "author_name", "wpcompare Someone"}})
	get(comments+"/{cb1}", bob, "its own comment as someone else")
	get(comments+"/{cb1}?context=edit", "admin", "as someone else, as admin", "author_email", "wpcompare-someone@example.com")
	add(row{path: comments, as: "admin", save: "ca2", note: "text the filters of comment_text change",
		body: `{"post":{cpo3},"content":"\"Quoted\" -- and 'single' ... see http://example.com/wpcompare :)\nline two\n\nparagraph & more <em>em</em>"}`,
		same: []string{"content"}})
	add(row{path: comments, as: "admin", save: "ca3", note: "a link",
		body: `{"post":{cpo3},"content":"<a href=\"http://example.com/a\">a</a> and www.example.com/b"}`, same: []string{"content"}})
	add(row{path: comments, as: "admin", save: "ca5", note: "markup, links, smilies and author fields an administrator may post",
		body: `{"post":{cpo3},"content":"<img src=\"http://example.com/x.png\"> <script>y()</script> http://127.0.0.1/in <a href=\"http://127.0.0.1/x\">in</a>` +
			` <a rel=\"me\" href=\"http://e.com/\" title=x>t</a> Wordpress :mrgreen: a@b.com (see http://example.com/wiki/A_(b)) www.example.com/c,` +
			` ftp.example.com. http://example.com/q?a=1&b=2 8-) ;-) :?: <code>:) http://example.com/code</code> &amp; & &foo; &#38;",` +
			`"author_name":"<b>Bo</b> & co","author_email":"BO@Example.com","author_url":"example.com/a b?x=1&y=2"}`,
		expect: []string{"author", "0"}, same: []string{"content", "author_name", "author_email", "author_url"}})
	add(row{path: comments + "/{ca5}", as: "admin", note: "content with a link to the site and a parenthesised file",
		body: `{"content":"see http://127.0.0.1/a and http://en.example.org/wiki/B_(91)_x.jpg or http://example.com/(c).png now"}`,
		same: []string{"content"}})
	add(row{path: comments + "/{ca1}", as: "admin", note: "markup on a subscriber's comment, by admin",
		body: `{"content":"<script>z()</script><em>ok</em> <img src=\"http://example.com/y.png\">"}`, same: []string{"content"}})
	add(row{path: comments, as: "admin", note: "an unknown parent", body: `{"post":{cpo3},"parent":999999,"content":"wpcompare orphan"}`,
		expect: []string{"parent", "999999"}, save: "ca4"})
	get(comments+"/{ca4}?_embed", "", "an unknown parent embedded")
	add(row{path: comments, as: "admin", note: "a date", body: `{"post":{cpo3},"content":"wpcompare dated","date":"2020-02-03T04:05:06"}`,
		expect: []string{"date", "2020-02-03T04:05:06"}, same: []string{"date_gmt"}}) // date_gmt: the site's zone
	add(row{path: comments, as: "admin", note: "a date with an offset", body: `{"post":{cpo3},"content":"wpcompare dated with an offset","date":"2020-02-03T04:05:08+02:00"}`,
		same: []string{"date", "date_gmt"}})
	add(row{path: comments, as: "admin", note: "a GMT date with an offset", body: `{"post":{cpo3},"content":"wpcompare dated GMT with an offset","date_gmt":"2020-02-03T04:05:09-01:00"}`,
		same: []string{"date", "date_gmt"}})
	add(row{path: comments, as: "admin", note: "a bad date", body: `{"post":{cpo3},"content":"wpcompare bad date","date":"nope"}`})
	add(row{path: comments, as: "admin", note: "a GMT date", body: `{"post":{cpo3},"content":"wpcompare dated GMT","date_gmt":"2020-02-03T04:05:07"}`,
		expect: []string{"date_gmt", "2020-02-03T04:05:07"}, same: []string{"date"}}) // date: the site's zone
	for _, st := range []string{"trash", "untrash", "spam", "unspam", "1", "0", "approve"} {
		add(row{path: comments + "/{ca2}", as: "admin", note: "status " + st, body: `{"status":"` + st + `"}`})
	}
	add(row{path: comments + "/{ca1}", as: "admin", note: "approve the subscriber's", body: `{"status":"approved"}`})
	get(comments+"?post={cpo3}&orderby=id&order=asc&_fields=id,status,author,parent", "admin", "the third post's comments")
	get(comments+"?post={cpo3}&status=any&orderby=id", "admin", "any status")
	get(comments+"?post={cpo3}&before=2020-02-03T04:05:07", "", "before", "#", "2")
	get(comments+"?post={cpo3}&after=2020-02-03T04:05:06", "", "after")
	get(comments+"?post={cpo3}&after=nope", "", "a bad after")
	get(comments+"?post={cpo3}&_embed", "", "a list with its embeds")
	get(comments+"?post={cpo3}&_fields=id,content.rendered,_links", "", "_fields")
	add(row{method: http.MethodHead, path: comments + "?post={cpo3}", headers: totals})
	add(row{method: http.MethodHead, path: comments + "/{ca2}"})

	// Other posts: an attachment, a private post, and a protected one for a commenter
	// who gives its password.
	add(row{path: comments, as: "admin", save: "cm1", note: "on an attachment", body: `{"post":{media},"content":"wpcompare on an attachment"}`})
	get(comments+"/{cm1}?_embed=up", "", "an attachment's comment with it embedded", "_links.up[0].post_type", "attachment", "_embedded.up[0].id", "{media}")
	add(row{method: http.MethodDelete, path: comments + "/{cm1}?force=true", as: "admin", note: "the attachment's comment"})
	add(row{path: posts, as: "admin", save: "cpv", note: "a private post for the comment rows",
		body: `{"title":"wpcompare-comments private","status":"private","comment_status":"open"}`})
	add(row{path: comments, as: "admin", save: "cpv1", note: "on a private post", body: `{"post":{cpv},"content":"wpcompare on a private post"}`})
	add(row{path: comments, as: alice, note: "on a private post", body: `{"post":{cpv},"content":"wpcompare alice on a private post"}`})
	get(comments+"/{cpv1}", "", "a private post's comment")
	get(comments+"/{cpv1}", "author", "a private post's comment as author")
	get(comments+"?post={cpv}", "author", "a private post's comments as author")
	get(comments+"?post={cpv}", "editor", "a private post's comments as editor", "#", "1")
	const carol = prefix + "carol"
	add(row{path: "/wp/v2/users", as: "admin", save: "uc1", note: "a commenter for the comment rows, " + carol,
		body: `{"username":"` + carol + `","email":"` + carol + `@example.com","password":"wpcompare-Secret-7","roles":["author"]}`})
	add(row{path: "/wp/v2/users/{uc1}/application-passwords", as: "admin", savePassword: carol,
		body: `{"name":"wpcompare-commenter"}`, note: "the commenter's application password"})
	add(row{path: comments, as: carol, note: "on a protected post with a wrong password",
		body: `{"post":{cpp},"content":"wpcompare carol, wrong password","password":"wrong"}`})
	add(row{path: comments, as: carol, note: "on a protected post with its password",
		body:   `{"post":{cpp},"content":"wpcompare carol, with the password","password":"` + secret + `"}`,
		expect: []string{"status", "hold", "author", "{uc1}"}})

	// A page's comments.
	add(row{path: "/wp/v2/pages", as: "admin", save: "cpg", note: "a page for the comment rows",
		body: `{"title":"wpcompare-comments page","status":"publish","comment_status":"open"}`})
	add(row{path: comments, as: "admin", save: "cpg1", note: "on a page", body: `{"post":{cpg},"content":"wpcompare on a page"}`,
		expect: []string{"_links.up[0].post_type", "page"}})
	get(comments+"/{cpg1}?_embed=up", "", "a page's comment with the page embedded", "_embedded.up[0].id", "{cpg}")
	get("/wp/v2/pages/{cpg}?_embed=replies", "", "a page's replies embedded", "_embedded.replies[0][0].id", "{cpg1}")

	// Moving a comment to another post: 6.8 (the 6.8 branch's backport of a 7.1
	// security fix) checks the post it moves to as well.
	add(row{path: posts, as: "author", save: "cpa", note: "the author's post for the comment rows",
		body: `{"title":"wpcompare-comments by author","status":"publish","comment_status":"open"}`})
	add(row{path: comments, as: "admin", save: "cpa1", note: "on the author's post",
		body: `{"post":{cpa},"content":"wpcompare on the author's post"}`})
	add(row{path: comments + "/{cpa1}", as: "author", note: "the post's author edits a comment on it",
		body: `{"content":"wpcompare on the author's post, edited"}`, expect: []string{"post", "{cpa}"}})
	add(row{path: comments + "/{cpa1}", as: "author", note: "the post's author moves it to an unknown post", body: `{"post":999999}`})
	add(row{path: comments + "/{cpa1}", as: "author", note: "the post's author moves it to a post it may not edit",
		body: `{"post":{cpc}}`, expect: []string{"post", "{cpc}"}})
	add(row{path: comments + "/{cpa1}", as: "admin", note: "a moderator moves it back", body: `{"post":{cpa}}`,
		expect: []string{"post", "{cpa}"}})

	// Deleting.
	add(row{method: http.MethodDelete, path: comments + "/{csubscriber}", as: "subscriber", note: "its own comment as subscriber"})
	add(row{method: http.MethodDelete, path: comments + "/{c1}", as: "author", note: "admin's comment as author"})
	add(row{method: http.MethodDelete, path: comments + "/{c1}", note: "anonymous"})
	add(row{method: http.MethodDelete, path: comments + "/{c1rr}", as: "admin", note: "trash",
		expect: []string{"status", "trash", "id", "{c1rr}"}})
	get(comments+"/{c1rr}", "", "a trashed comment")
	get(comments+"/{c1rr}?context=edit", "admin", "a trashed comment as admin", "status", "trash")
	get(onOpen+"&status=trash", "admin", "the trash", "#", "1", "[0].id", "{c1rr}")
	get(comments+"/{c1r}", "", "a reply whose reply is trashed")
	add(row{path: comments, as: "editor", note: "the trashed comment again: not a duplicate",
		body: `{"post":{cpo},"parent":{c1r},"content":"wpcompare reply by editor"}`, expect: []string{"status", "approved"}})
	add(row{path: comments, as: "editor", note: "and again: a duplicate",
		body: `{"post":{cpo},"parent":{c1r},"content":"wpcompare reply by editor"}`})
	add(row{method: http.MethodDelete, path: comments + "/{c1rr}", as: "admin", note: "trash again"})
	add(row{method: http.MethodDelete, path: comments + "/{c1rr}?force=true", as: "admin", note: "force a trashed comment",
		expect: []string{"deleted", "true", "previous.status", "trash", "previous.id", "{c1rr}"}})
	add(row{method: http.MethodDelete, path: comments + "/{c1rr}?force=true", as: "admin", note: "force again"})
	get(comments+"/{c1rr}", "admin", "after delete")
	add(row{method: http.MethodDelete, path: comments + "/{c1}?force=true", as: "editor", note: "force a parent",
		expect: []string{"deleted", "true", "previous.id", "{c1}"}})
	get(comments+"/{c1r}?context=edit", "admin", "a reply whose parent is deleted", "parent", "0")
	add(row{method: http.MethodDelete, path: comments + "/999999?force=true", as: "admin", note: "unknown id"})
	add(row{method: http.MethodDelete, path: posts + "/{cpo}?force=true", as: "admin", note: "a post with comments"})
	get(comments+"/{c1r}", "admin", "a comment of a deleted post")
	for _, id := range []string{"cpo2", "cpo3", "cpc", "cpd", "cpp", "cpt", "cpa", "cpv"} {
		add(row{method: http.MethodDelete, path: posts + "/{" + id + "}?force=true", as: "admin", note: "cleanup " + id})
	}
	add(row{method: http.MethodDelete, path: "/wp/v2/pages/{cpg}?force=true", as: "admin", note: "cleanup cpg"})
	for _, u := range []string{"ua1", "ub1", "uc1"} {
		add(row{method: http.MethodDelete, path: "/wp/v2/users/{" + u + "}?force=true&reassign={admin}", as: "admin", note: "cleanup " + u})
	}
	return l.rows
}
