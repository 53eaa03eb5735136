package compare

import "net/http"

// The settings and autosaves rows (issue 35): /wp/v2/settings read and written as the
// administrator (sanitize_option's rules, the refusals, a new post taking the default
// comment status), refused to the other roles, put back at the end; and the autosaves
// of the author's draft: the author's own (the draft changes), the editor's (an
// autosave revision), the list, the latest, and their refusals.
func settingsRows() []row {
	l := &rowList{method: http.MethodPost}
	add, get := l.add, l.get
	const settings = "/wp/v2/settings"
	// the values both sides start from (a new site's), the title and URL aside
	values := []string{"timezone", "date_format", "time_format", "start_of_week", "language", "use_smilies",
		"default_category", "default_post_format", "posts_per_page", "show_on_front", "page_on_front", "page_for_posts",
		"default_ping_status", "default_comment_status", "site_logo", "site_icon"}

	add(row{method: http.MethodOptions, path: settings, kind: kindOptions})
	add(row{method: http.MethodGet, path: settings, as: "admin", same: values})
	get(settings, "editor", "needs manage_options")
	get(settings, "", "anonymous")
	add(row{path: settings, as: "editor", body: `{"title":"x"}`, note: "needs manage_options"})
	add(row{path: settings, as: "admin", note: "sanitized values",
		body: `{"posts_per_page":-5,"date_format":"<b>Y</b>-m","timezone":"Mars/Olympus","default_comment_status":"closed","description":"wpcompare <i>tag</i> line"}`,
		same: append(values, "description")})
	add(row{path: settings, as: "admin", note: "a value of the wrong type", body: `{"posts_per_page":"many"}`})
	add(row{path: settings, as: "admin", note: "a value outside the enum", body: `{"default_ping_status":"maybe"}`})
	add(row{path: "/wp/v2/posts", as: "admin", note: "a new post takes default_comment_status",
		body: `{"title":"wpcompare closed by default"}`, expect: []string{"comment_status", "closed"}})
	add(row{method: http.MethodGet, path: "/", kind: kindIndex, note: "the index after the settings changed", same: []string{"description", "timezone_string"}})
	add(row{path: settings, as: "admin", note: "put back",
		body: `{"posts_per_page":10,"date_format":"F j, Y","default_comment_status":"open","description":""}`, same: values})

	// Autosaves of the author's draft ({draft}).
	const autosaves = "/wp/v2/posts/{draft}/autosaves"
	add(row{method: http.MethodOptions, path: autosaves, kind: kindOptions})
	add(row{path: autosaves, as: "author", note: "the author's own draft: the draft itself changes",
		body: `{"content":"A draft about roadmaps, autosaved"}`, expect: []string{"id", "{draft}", "parent", "0"}, same: []string{"content"}})
	add(row{path: autosaves, as: "editor", note: "another user's: an autosave revision", save: "as1",
		body:   `{"content":"An editor's roadmap"}`,
		expect: []string{"parent", "{draft}", "slug", "{draft}-autosave-v1"}, same: []string{"title", "content", "excerpt"}})
	add(row{path: autosaves, as: "editor", note: "the editor's next autosave replaces theirs",
		body: `{"content":"An editor's second roadmap","title":"Roadmaps"}`, expect: []string{"id", "{as1}"}, same: []string{"title", "content"}})
	get(autosaves, "editor", "the autosaves", "#", "1", "[0].id", "{as1}")
	get(autosaves+"/{as1}?context=edit", "editor", "the latest autosave", "id", "{as1}")
	get(autosaves, "", "anonymous")
	get(autosaves, "subscriber", "without edit_post")
	get("/wp/v2/posts/{post}/autosaves/{as1}", "admin", "a post without an autosave")
	get("/wp/v2/posts/999999/autosaves", "admin", "an unknown post")
	get("/wp/v2/posts/{draft}/revisions", "editor", "the autosave among the revisions", "#", "1", "[0].id", "{as1}")
	return l.rows
}
