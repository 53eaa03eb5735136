package contract

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/calls"
	"github.com/wpmock/wpmock/jsonshape"
)

// The calls group (wpcontract -calls calls.json) is consumer-driven: it replays the
// distinct calls a frontend made against the mock (wpmock -record) and checks that the
// target answers each with the same status and the same shape: every key all the
// recorded answers had, with a JSON type they had. A key the target adds passes (a
// frontend does not read what it never got), as does a link or an embed the target's
// item lacks (_links and _embedded depend on the item: a featured image, revisions).
//
// Each call is a rule, calls/<method>-<route>/<role>/<arguments>/<status>, replayed as
// the same role (the configured admin for administrator, the suite's own user of the
// role otherwise). The mock's ids mean nothing on the target, so an id in the route is
// an existing item of the target readable by that role, a new item of the suite for a
// write (made by that role when the call succeeded, by the admin when it was refused),
// and an id that exists nowhere for a call that answered 404; an argument naming items
// (author, categories, parent, include, ...) names an item of the target of that kind.

// callsGroup is the group's name; it runs, alone, when Config.Calls names a file.
const callsGroup = "calls"

func init() {
	register(callsGroup, false, func(s *Suite, t T) {
		seen := map[string]int{}
		for _, c := range s.calls.Calls {
			id := callID(c)
			if seen[id]++; seen[id] > 1 {
				id += "-" + strconv.Itoa(seen[id])
			}
			t.Run(strings.TrimPrefix(id, callsGroup+"/"), func(t T) { s.replayCall(t, c, id) })
		}
	})
}

// groups are the groups of this run: the calls group alone with a calls file, else
// every other.
func (s *Suite) groups() []group {
	var out []group
	for _, g := range sortedGroups() {
		if (g.name == callsGroup) == (s.calls != nil) {
			out = append(out, g)
		}
	}
	return out
}

// loadCalls reads Config.Calls for the preflight; "" when there is none or it is good.
func (s *Suite) loadCalls() string {
	if s.cfg.Calls == "" {
		return ""
	}
	f, err := calls.Load(s.cfg.Calls)
	if err != nil {
		return "-calls: " + err.Error()
	}
	if len(f.Calls) == 0 {
		return fmt.Sprintf("-calls: %s records no call: run the frontend's tests against wpmock -record first", s.cfg.Calls)
	}
	s.calls = f
	return ""
}

// callID is the rule id of a call: calls/get-posts-id/editor/q-context-edit.per_page/200.
func callID(c *calls.Call) string {
	parts := []string{callsGroup, strings.ToLower(c.Method) + "-" + cmpOr(routeSlug(bracePattern(c.Route)), "index"), idPart(c.Role)}
	parts = append(parts, "q"+argNames(c.Query, c.Context))
	if len(c.Body) > 0 {
		parts = append(parts, "b"+argNames(c.Body, ""))
	}
	return strings.Join(append(parts, strconv.Itoa(c.Status)), "/")
}

func cmpOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// argNames is "-a.b.context-edit": the sorted names, the context with its value.
func argNames(args map[string]any, ctx string) string {
	if len(args) == 0 {
		return ""
	}
	names := make([]string, 0, len(args))
	for k := range args {
		if k == "context" && ctx != "" {
			k += "-" + ctx
		}
		names = append(names, idPart(k))
	}
	sort.Strings(names)
	return "-" + strings.Join(names, ".")
}

var notIDChar = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

func idPart(s string) string { return cmpOr(notIDChar.ReplaceAllString(s, "_"), "_") }

// bracePattern writes a route pattern's placeholders as {name}:
// "/wp/v2/posts/(?P<id>[\d]+)" → "/wp/v2/posts/{id}".
func bracePattern(p string) string {
	var b strings.Builder
	for {
		i := strings.Index(p, "(?P<")
		if i < 0 {
			return b.String() + p
		}
		b.WriteString(p[:i])
		name, _, _ := strings.Cut(p[i+4:], ">")
		b.WriteString("{" + name + "}")
		p = p[i+placeholderLen(p[i:]):]
	}
}

// placeholderLen is the length of the parenthesised group p starts with.
func placeholderLen(p string) int {
	depth := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(p)
}

// replayCall makes the call on the target and checks the status and the shape.
func (s *Suite) replayCall(t T, c *calls.Call, id string) {
	t.Helper()
	write := c.Method != http.MethodGet && c.Method != http.MethodHead && c.Method != http.MethodOptions
	switch {
	case write && s.anonymousOnly:
		t.Skipf("%s", needAdmin)
	case write && s.cfg.ReadOnly:
		t.Skipf("writes, and WPCONTRACT_READONLY is set")
	}
	acc := s.callAccount(t, c.Role)
	path, collection := s.callPath(t, c, acc, write)
	q := s.callArgs(t, c.Query, collection, c.Status < 300)
	if enc := q.Encode(); enc != "" {
		path += "?" + enc
	}
	var r *Result
	switch {
	case c.Method == http.MethodPost && len(c.Body) == 0 && collection == "/wp/v2/media" && path == collection:
		r = s.upload(t, acc, s.name("call")+".png", "image/png", pngBytes, "")
	case len(c.Body) > 0:
		r = s.as(acc).send(t, c.Method, path, s.callBody(t, c.Body, collection))
	default:
		r = s.as(acc).do(t, c.Method, path, nil)
	}
	if c.Method == http.MethodPost && r.Status == http.StatusCreated && idOf(r) > 0 && !strings.Contains(c.Route, "(?P<") &&
		collection != "/wp/v2/media" {
		s.deleteLater(collection, idOf(r))
	}
	rule := fmt.Sprintf("%s: %s %s as %s (made %s against the mock) answers %d with the shape it had there",
		id, c.Method, bracePattern(c.Route)+argsLine(c), c.Role, plural(c.Count, "time"), c.Status)
	if r.Status != c.Status {
		got := strconv.Itoa(r.Status)
		if code := r.code(); code != "" {
			got += " " + code
		}
		check(t, r, false, rule, "status %s, want %d", got, c.Status)
		return
	}
	if c.Shape == nil || c.Method == http.MethodHead {
		check(t, r, true, rule, "")
		return
	}
	if r.JSON() == nil && r.jsonErr != nil {
		check(t, r, false, rule, "the body is not JSON: %v", r.jsonErr)
		return
	}
	d, ok := firstShapeDiff(c.Shape, r.JSON())
	check(t, r, ok, rule, "%s", d)
}

// argsLine shows a call's arguments: "?context=edit&per_page" (names, the context's
// value), and "{title,status}" for a body.
func argsLine(c *calls.Call) string {
	var out string
	if len(c.Query) > 0 {
		names := strings.Split(strings.TrimPrefix(argNames(c.Query, c.Context), "-"), ".")
		for i, n := range names {
			names[i] = strings.Replace(n, "context-", "context=", 1)
		}
		out = "?" + strings.Join(names, "&")
	}
	if len(c.Body) > 0 {
		out += " {" + strings.ReplaceAll(strings.TrimPrefix(argNames(c.Body, ""), "-"), ".", ",") + "}"
	}
	return out
}

// firstShapeDiff is the first place the answer departs from the recorded shape, as a
// line naming the key and the types, and whether there is none. A key the target adds,
// and a link or embed its item lacks, are no difference (see the top of this file).
func firstShapeDiff(shape *jsonshape.Shape, v any) (string, bool) {
	for _, d := range shape.Check(v, jsonshape.Options{Free: freeCallPath}) {
		switch d.Kind {
		case jsonshape.Unexpected:
			continue
		case jsonshape.Missing:
			if underLinks(d.Path) {
				continue
			}
			return fmt.Sprintf("%s: missing key %q (every answer of the mock had it)", orRoot(d.Path), d.Key), false
		default:
			return fmt.Sprintf("%s: got %s %s, want %s", orRoot(d.Path), jsonType(d.Got), show(d.Got, true), d.Want), false
		}
	}
	return "", true
}

var listIndex = regexp.MustCompile(`\[\d+\]`)

// freeCallPath: objects whose keys are data (capabilities, image sizes, the routes of
// an index, which plugins add to and take from) are checked by type only.
func freeCallPath(path string) bool {
	p := listIndex.ReplaceAllString(path, "")
	if p == "routes" {
		return true
	}
	for _, f := range []string{"capabilities", "extra_capabilities", "media_details.sizes", "avatar_urls"} {
		if p == f || strings.HasSuffix(p, "."+f) {
			return true
		}
	}
	return false
}

func underLinks(path string) bool {
	for _, k := range strings.Split(listIndex.ReplaceAllString(path, ""), ".") {
		if k == "_links" || k == "_embedded" {
			return true
		}
	}
	return false
}

// callAccount is who the call is made as: anonymous, the configured admin for an
// administrator, else the suite's user of the role.
func (s *Suite) callAccount(t T, role string) *account {
	t.Helper()
	switch {
	case role == "anonymous":
		return anonymous
	case s.anonymousOnly:
		t.Skipf("made as %s: %s", role, needAdmin)
	case role == "administrator":
		return s.admin()
	case s.cfg.ReadOnly:
		// a user of the role is made through the API, which read-only forbids
		t.Skipf("made as %s: the suite would have to create a user of that role, and WPCONTRACT_READONLY is set", role)
	case !slices.Contains(roles, role):
		t.Skipf("made as a %s, a role the suite cannot make a user of", role)
	}
	return s.accountFor(t, role)
}

// callPath fills the route's placeholders for the target (see the top of the file);
// it also returns the collection the route's items belong to.
func (s *Suite) callPath(t T, c *calls.Call, acc *account, write bool) (path, collection string) {
	t.Helper()
	pattern := strings.Split(bracePattern(c.Route), "/")
	made := strings.Split(c.Path, "/")
	if len(pattern) != len(made) {
		return c.Path, c.Path // a placeholder spanning segments: the route as it was made
	}
	out := make([]string, len(pattern))
	collection = c.Path
	last := -1
	for i, seg := range pattern {
		if isNumericPlaceholder(c.Route, seg) {
			last = i
		}
	}
	for i, seg := range pattern {
		if !strings.HasPrefix(seg, "{") {
			out[i] = seg
			continue
		}
		if !isNumericPlaceholder(c.Route, seg) {
			out[i] = made[i] // a slug (a type, a taxonomy, a status): the same on the target
			continue
		}
		coll := strings.Join(out[:i], "/")
		if i == last {
			collection = coll
		}
		switch {
		case i == last && c.Status == http.StatusNotFound:
			out[i] = "999999999" // an item that exists nowhere
		case i == last && write:
			out[i] = strconv.Itoa(s.callFixture(t, c, acc, coll))
		default:
			reader := acc
			if c.Status >= 400 && !s.anonymousOnly {
				reader = s.admin() // the call was refused: an item the admin reads (perhaps not the role)
			}
			id := s.firstItem(t, reader, coll)
			if id == 0 {
				t.Skipf("the target has no item in %s (read as %s) to make this call on", coll, reader.name)
			}
			out[i] = strconv.Itoa(id)
		}
	}
	if last < 0 {
		collection = strings.Join(out, "/")
	}
	return strings.Join(out, "/"), collection
}

// isNumericPlaceholder reports whether the route's placeholder {name} takes ids.
func isNumericPlaceholder(route, seg string) bool {
	name := strings.Trim(seg, "{}")
	i := strings.Index(route, "(?P<"+name+">")
	if !strings.HasPrefix(seg, "{") || i < 0 {
		return false
	}
	re := route[i : i+placeholderLen(route[i:])]
	return strings.Contains(re, `\d`) && !strings.Contains(re, `\w`)
}

// firstItem is the id of the first item of a collection the account can read, 0 when
// there is none.
func (s *Suite) firstItem(t T, acc *account, collection string) int {
	t.Helper()
	if acc.name == "admin" && acc.user == "" {
		return 0
	}
	r := s.as(acc).get(t, collection+"?per_page=1")
	if l := r.list(); len(l) > 0 {
		if f, ok := l[0].(map[string]any)["id"].(float64); ok {
			return int(f)
		}
	}
	return 0
}

// callFixture makes a new item in collection for a write to act on: as the call's
// account when the call succeeded against the mock (its own item), as the admin when
// it was refused (someone else's); deleted when the run ends.
func (s *Suite) callFixture(t T, c *calls.Call, acc *account, collection string) int {
	t.Helper()
	owner := s.admin()
	if c.Status < 300 && acc != anonymous {
		owner = acc
	}
	body := map[string]any{"title": s.name("call"), "status": "publish"}
	switch res := resourceOf(collection); {
	case res == "media":
		r := s.upload(t, owner, s.name("call")+".png", "image/png", pngBytes, "")
		if r.Status != http.StatusCreated && owner.name != "admin" {
			r = s.upload(t, s.admin(), s.name("call")+".png", "image/png", pngBytes, "")
		}
		if r.Status != http.StatusCreated {
			t.Skipf("blocked: the target refused the upload this call needs (%d)", r.Status)
		}
		return idOf(r)
	case res == "categories" || res == "tags" || s.isTermsRoute(collection):
		body = map[string]any{"name": s.name("call-term")}
	case res == "comments":
		body = map[string]any{"post": s.firstItem(t, s.admin(), "/wp/v2/posts"), "content": s.name("call-comment")}
	case res == "users":
		owner = s.admin()
		login := s.name("call-user")
		body = map[string]any{"username": login, "email": login + "@example.com", "password": randomPassword()}
	case !s.isPostsRoute(collection):
		t.Skipf("the suite does not know how to make an item of %s for this call to act on", collection)
	}
	if owner.name != "admin" {
		if owner.name == "contributor" {
			body["status"] = "pending"
		}
		r := s.as(owner).send(t, http.MethodPost, collection, body)
		if r.Status == http.StatusCreated && idOf(r) > 0 {
			s.deleteLater(collection, idOf(r))
			return idOf(r)
		}
	}
	return idOf(s.create(t, nil, collection, body))
}

// isPostsRoute and isTermsRoute tell a post type's collection and a taxonomy's by the
// index: /wp/v2/<base> whose item schema has a "type" or a "taxonomy".
func (s *Suite) isPostsRoute(collection string) bool { return s.collectionHas(collection, "type") }
func (s *Suite) isTermsRoute(collection string) bool { return s.collectionHas(collection, "taxonomy") }

func (s *Suite) collectionHas(collection, property string) bool {
	sch := s.itemSchema(nopT{}, collection)
	props, _ := sch["properties"].(map[string]any)
	_, ok := props[property]
	return ok && props["id"] != nil
}

// idArgs are the arguments whose values name items, with the collection they name
// items of ("" for the route's own).
var idArgs = map[string]string{
	"author": "/wp/v2/users", "author_exclude": "/wp/v2/users",
	"categories": "/wp/v2/categories", "categories_exclude": "/wp/v2/categories",
	"tags": "/wp/v2/tags", "tags_exclude": "/wp/v2/tags",
	"post": "/wp/v2/posts", "featured_media": "/wp/v2/media",
	"parent": "", "parent_exclude": "", "include": "", "exclude": "",
}

// callArgs are the recorded query arguments for the target: their values as recorded,
// an id of the mock's replaced by one of the target's, the first page of a list that
// was answered.
func (s *Suite) callArgs(t T, args map[string]any, collection string, ok200 bool) url.Values {
	t.Helper()
	q := url.Values{}
	for k, v := range args {
		v = s.targetIDs(t, k, v, collection)
		if w, ok := firstWindow[k]; ok && ok200 {
			v = w
		}
		addQuery(q, k, v)
	}
	return q
}

// firstWindow are the paging arguments a call that succeeded is replayed with: the
// shape of a page does not depend on its number, and the target may hold fewer items
// than the mock (page 2 of ten posts is a 400 on a site with eight). A call that was
// refused keeps its values (page=999 answers 400 on both).
var firstWindow = map[string]any{"page": "1", "offset": "0"}

// addQuery writes a value as PHP reads a query: a list as name[]=, an object as
// name[key]=.
func addQuery(q url.Values, name string, v any) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			addQuery(q, name+"[]", e)
		}
	case map[string]any:
		for k, e := range x {
			addQuery(q, name+"["+k+"]", e)
		}
	case nil:
		q.Add(name, "")
	case string:
		q.Add(name, x)
	default:
		q.Add(name, fmt.Sprint(x))
	}
}

// callBody is the recorded body for the target: ids of the target's, and the names
// that must be new (a slug, a login, an email, a term's name, a title the clean-up
// finds) made the suite's own.
func (s *Suite) callBody(t T, args map[string]any, collection string) map[string]any {
	t.Helper()
	out := map[string]any{}
	for k, v := range args {
		switch k {
		case "slug", "username", "name", "title":
			v = s.name("call-" + k)
		case "email":
			v = s.name("call") + "@example.com"
		case "password":
			v = randomPassword()
		default:
			v = s.targetIDs(t, k, v, collection)
		}
		out[k] = v
	}
	return out
}

// targetIDs replaces an id argument's value (a number, or a list of numbers) by an
// item of the target of the same kind; other values are left as they are.
func (s *Suite) targetIDs(t T, name string, v any, collection string) any {
	coll, ok := idArgs[name]
	if !ok || !isIDs(v) {
		return v
	}
	if coll == "" {
		coll = collection
	}
	id := s.firstItem(t, s.admin(), coll)
	if id == 0 {
		return v
	}
	if _, list := v.([]any); list {
		return []any{strconv.Itoa(id)}
	}
	return strconv.Itoa(id)
}

func isIDs(v any) bool {
	switch x := v.(type) {
	case float64:
		return x > 0
	case string:
		n, err := strconv.Atoi(x)
		return err == nil && n > 0
	case []any:
		return len(x) > 0 && !slices.ContainsFunc(x, func(e any) bool { return !isIDs(e) })
	}
	return false
}
