package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // a site's zone is known where the system has no tz database (a slim CI image)
)

// A site's facts. What a rule expects often depends on something the site's owner
// chooses: the time zone (Settings > General), the default category and whether new
// posts are open to comments (Settings > Writing, Discussion), the statuses a plugin
// registers (register_post_status), whether menus are open to visitors (a plugin's
// rest_menu_read_access filter). A rule never takes such a fact from the reference
// sites: it reads it from where WordPress publishes it (the index, /wp/v2/settings
// as the administrator, /wp/v2/statuses, the site's requests themselves), once per
// run, and says in its text which fact it used and where it was read, e.g. "(site
// fact: default_category=7 from /wp/v2/settings)". Where the suite cannot read a fact
// (no credentials for /wp/v2/settings), the rules that need it are reported skipped,
// with why: never passed quietly.

// siteFacts are the facts read so far, each once per run.
type siteFacts struct {
	settings     map[string]any // /wp/v2/settings as the administrator; nil until read
	settingsWhy  string         // why the settings could not be read, once tried
	statuses     []statusFact   // /wp/v2/statuses, in the site's order; nil until read
	statusesFrom string         // where they were read
	allStatuses  bool           // read as the administrator: every status, not the public ones alone
	menus        *menuAccess    // who may read menus; nil until read
	// roleChanges: how each role the suite acts as differs from WordPress's default
	roleChanges map[string]string
}

// statusFact is a post status as /wp/v2/statuses shows it.
type statusFact struct {
	slug                            string
	public, queryable, dateFloating bool
	private, protected, showInList  bool // edit context only
}

// menuAccess is whether visitors may read menus (rest_menu_read_access), and how the
// suite knows.
type menuAccess struct {
	open bool
	from string
}

// settingsRoute is where WordPress publishes the options the REST API exposes.
const settingsRoute = "/wp/v2/settings"

// factNote names a fact in a rule's text.
func factNote(name string, v any, from string) string {
	return fmt.Sprintf("(site fact: %s=%s from %s)", name, show(v, true), from)
}

// setting is one of the site's options as /wp/v2/settings gives it to the
// administrator; ok is false, why saying why, when the suite cannot read it.
func (s *Suite) setting(t T, name string) (v any, ok bool, why string) {
	t.Helper()
	s.mu.Lock()
	set, why := s.facts.settings, s.facts.settingsWhy
	s.mu.Unlock()
	if set == nil && why == "" {
		set, why = s.readSettings(t)
		s.mu.Lock()
		s.facts.settings, s.facts.settingsWhy = set, why
		s.mu.Unlock()
	}
	if set == nil {
		return nil, false, why
	}
	v, ok = set[name]
	if !ok {
		return nil, false, fmt.Sprintf("%s has no %s", settingsRoute, name)
	}
	return v, true, ""
}

func (s *Suite) readSettings(t T) (map[string]any, string) {
	t.Helper()
	switch {
	case s.anonymousOnly:
		return nil, "the site's settings (" + settingsRoute + ") need an administrator, and no credentials were given"
	case !s.caps.routes[settingsRoute]:
		return nil, "the site has no " + settingsRoute + " route to read its settings from"
	}
	r := s.as(s.admin()).get(t, settingsRoute)
	if r.Status != http.StatusOK || r.object() == nil {
		return nil, fmt.Sprintf("GET %s as the configured user answered %d %s, so the site's settings are unknown", settingsRoute, r.Status, r.code())
	}
	return r.object(), ""
}

// settingNote is a setting's fact note, for a rule's text.
func settingNote(name string, v any) string { return factNote(name, v, settingsRoute) }

// defaultCategory is the category a post created without one is put in
// (get_option('default_category')).
func (s *Suite) defaultCategory(t T) (id float64, note string, ok bool, why string) {
	t.Helper()
	v, ok, why := s.setting(t, "default_category")
	if !ok {
		return 0, "", false, why
	}
	f, _ := v.(float64)
	return f, settingNote("default_category", v), true, ""
}

// defaultDiscussion is the comment_status (kind "comment") or ping_status (kind
// "ping") a new item of type typ gets (get_default_comment_status): closed on pages,
// the site's default_<kind>_status on a type that supports comments (trackbacks for
// pings), closed on any other.
func (s *Suite) defaultDiscussion(t T, typ, kind string) (status, note string, ok bool, why string) {
	t.Helper()
	if typ == "page" {
		return "closed", "(pages are closed by default whatever the settings)", true, ""
	}
	feature := map[string]string{"comment": "comments", "ping": "trackbacks"}[kind]
	supports, known := s.typeSupports(t, typ, feature)
	if !known {
		return "", "", false, "which features the " + typ + " type supports needs /wp/v2/types in the edit context, which needs an administrator"
	}
	if !supports {
		return "closed", fmt.Sprintf("(site fact: %s does not support %s, from /wp/v2/types)", typ, feature), true, ""
	}
	name := "default_" + kind + "_status"
	v, ok, why := s.setting(t, name)
	if !ok {
		return "", "", false, why
	}
	st, _ := v.(string)
	return st, settingNote(name, v), true, ""
}

// typeSupports says whether the site's type supports a feature (post_type_supports),
// as its /types shows in the edit context; known is false without it.
func (s *Suite) typeSupports(t T, typ, feature string) (supports, known bool) {
	t.Helper()
	d := s.site(t)
	st := d.types[typ]
	if !d.edit || st == nil || st.viewOnly {
		return false, false
	}
	return st.supports[feature], true
}

// siteStatuses are the post statuses /wp/v2/statuses lists (in the edit context as
// the administrator: all of them; anonymously: the public ones), read once.
func (s *Suite) siteStatuses(t T) (list []statusFact, all bool, from string) {
	t.Helper()
	s.mu.Lock()
	list, all, from = s.facts.statuses, s.facts.allStatuses, s.facts.statusesFrom
	s.mu.Unlock()
	if list != nil {
		return list, all, from
	}
	acc, q := anonymous, ""
	if !s.anonymousOnly {
		acc, q, all = s.admin(), "?context=edit", true
	}
	from = "/wp/v2/statuses" + q
	r := s.as(acc).get(t, from)
	// the keys in the body's order: WordPress lists them as get_post_stati orders them
	for _, slug := range orderedKeys(r.Body) {
		o, _ := r.object()[slug].(map[string]any)
		f := statusFact{slug: slug}
		f.public, _ = o["public"].(bool)
		f.queryable, _ = o["queryable"].(bool)
		f.dateFloating, _ = o["date_floating"].(bool)
		f.private, _ = o["private"].(bool)
		f.protected, _ = o["protected"].(bool)
		f.showInList, _ = o["show_in_list"].(bool)
		list = append(list, f)
	}
	if list == nil {
		list = []statusFact{}
	}
	s.mu.Lock()
	s.facts.statuses, s.facts.allStatuses, s.facts.statusesFrom = list, all, from
	s.mu.Unlock()
	return list, all, from
}

// coreStatuses are the statuses /wp/v2/statuses lists on a site that registers none.
var coreStatuses = []string{"publish", "future", "draft", "pending", "private", "trash"}

// ownStatuses are the statuses the site registers beyond core's (register_post_status,
// not internal), in its order; ok is false where the suite sees only the public ones
// (no credentials), why saying so. None in strict mode.
func (s *Suite) ownStatuses(t T) (own []string, note string, ok bool, why string) {
	t.Helper()
	if s.cfg.Strict {
		return nil, "", true, ""
	}
	list, all, from := s.siteStatuses(t)
	own = []string{}
	for _, f := range list {
		if !slices.Contains(coreStatuses, f.slug) {
			own = append(own, f.slug)
		}
	}
	if !all {
		return nil, "", false, "the site's statuses that are not public are listed only to an administrator, and no credentials were given"
	}
	return own, factNote("registered statuses", own, from), true, ""
}

// publicOwnStatuses are the site's own statuses anyone may read (public).
func (s *Suite) publicOwnStatuses(t T) []string {
	t.Helper()
	if s.cfg.Strict {
		return nil
	}
	list, _, _ := s.siteStatuses(t)
	var out []string
	for _, f := range list {
		if f.public && !slices.Contains(coreStatuses, f.slug) {
			out = append(out, f.slug)
		}
	}
	return out
}

// menusOpen is whether the site lets anyone read menus, menu items and locations
// (WordPress 6.8's rest_menu_read_access filter, which a plugin sets): no request
// publishes the filter, so the suite reads it from the one answer it decides,
// whether a visitor may read the menus collection, and then expects the same of
// every menu route (the filter opens all three controllers at once, for every role).
// WordPress before 6.8 has no filter: menus are closed.
func (s *Suite) menusOpen(t T) (open bool, note string) {
	t.Helper()
	if s.wp < wp68 {
		return false, "(WordPress " + s.wp.String() + " has no rest_menu_read_access filter: menus are closed to visitors)"
	}
	s.mu.Lock()
	m := s.facts.menus
	s.mu.Unlock()
	if m == nil {
		r := s.as(anonymous).get(t, "/wp/v2/menus")
		m = &menuAccess{open: r.Status == http.StatusOK, from: "GET /wp/v2/menus as a visitor: " + strconv.Itoa(r.Status)}
		s.mu.Lock()
		s.facts.menus = m
		s.mu.Unlock()
	}
	return m.open, factNote("rest_menu_read_access", m.open, m.from)
}

// siteZone is the site's time zone as the index names it: its timezone_string, else
// its fixed gmt_offset; ok is false when the suite cannot tell the offset of a given
// instant (a zone Go's tz database does not know).
func (s *Suite) siteZone() (loc *time.Location, note string, ok bool) {
	if s.caps.timezone == "" {
		if !s.caps.offsetKnown {
			return nil, "", false
		}
		secs := int(s.caps.offset * 3600)
		return time.FixedZone("", secs), factNote("gmt_offset", s.caps.offset, "the index"), true
	}
	loc, err := time.LoadLocation(s.caps.timezone)
	if err != nil {
		return nil, "", false
	}
	return loc, factNote("timezone_string", s.caps.timezone, "the index"), true
}

// orderedKeys are the keys of a JSON object body in the order it gives them (a
// registry's order is WordPress's registration order), nil when it is not an object.
func orderedKeys(body []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []string
	for dec.More() {
		tok, err := dec.Token()
		k, isKey := tok.(string)
		if err != nil || !isKey {
			return out
		}
		out = append(out, k)
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return out
		}
	}
	return out
}

// withOwnStatuses is a status enum of core's (a post type's item schema, or the posts
// list's status argument, which ends with "any") with the statuses the site registers
// added where WordPress adds them: after core's, before "any" (get_post_stati lists
// them in registration order, and core registers its own first).
func (s *Suite) withOwnStatuses(t T, core []string) (enum []string, note string, ok bool, why string) {
	t.Helper()
	own, note, ok, why := s.ownStatuses(t)
	if !ok {
		return nil, "", false, why
	}
	enum = slices.Clone(core)
	at := len(enum)
	if at > 0 && enum[at-1] == "any" {
		at--
		if all, allNote := s.internalOwnStatuses(t, own); all != nil && !s.cfg.Strict {
			own, note = all, note+" "+allNote
		}
	}
	return slices.Insert(enum, at, own...), note, true, ""
}

// internalOwnStatuses are the statuses the site registers, internal ones included, in
// registration order: the posts list's status argument names every status
// (get_post_stati()), where /wp/v2/statuses leaves the internal ones out, and no other
// route lists them. They are read from that argument's enum (what it has beyond core's
// statuses and "any") only where it holds every status /wp/v2/statuses lists (listed);
// nil otherwise, and the rule then compares with the listed ones.
func (s *Suite) internalOwnStatuses(t T, listed []string) ([]string, string) {
	t.Helper()
	const from = "the status argument of OPTIONS /wp/v2/posts"
	enum, _ := at(s.as(anonymous).do(t, http.MethodOptions, "/wp/v2/posts", nil).JSON(), "endpoints.0.args.status.items.enum")
	var all []string
	for _, v := range stringsOf(enum) {
		if !slices.Contains(listStatuses, v) {
			all = append(all, v)
		}
	}
	if len(all) == len(listed) {
		return nil, ""
	}
	for _, st := range listed {
		if !slices.Contains(all, st) {
			return nil, ""
		}
	}
	return all, factNote("statuses registered internal too", all, from)
}

// wpList is a list as WordPress's wp_sprintf_l writes it in a message: "a", "a and
// b", "a, b, and c".
func wpList(l []string) string {
	switch len(l) {
	case 0:
		return ""
	case 1:
		return l[0]
	case 2:
		return l[0] + " and " + l[1]
	}
	return strings.Join(l[:len(l)-1], ", ") + ", and " + l[len(l)-1]
}

// schemaNote names the fact a shape check in the default mode uses: the fields the
// site's schema for route declares in ctx (declared.go); "" in strict mode.
func (s *Suite) schemaNote(t T, route, ctx string) string {
	t.Helper()
	if s.cfg.Strict {
		return ""
	}
	props, _ := s.itemSchema(t, route)["properties"].(map[string]any)
	in := []string{}
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if p, _ := props[k].(map[string]any); inContext(p, ctx) {
			in = append(in, k)
		}
	}
	return " " + factNote("fields in the "+ctx+" context", in, "OPTIONS "+route)
}

// roleOtherCaps are the default roles' other primitive capabilities the permission
// table relies on (populate_roles, a single site), beside roleCaps's.
var roleOtherCaps = map[string][]string{
	"upload_files":       {"administrator", "editor", "author"},
	"moderate_comments":  {"administrator", "editor"},
	"unfiltered_html":    {"administrator", "editor"},
	"list_users":         {"administrator"},
	"edit_users":         {"administrator"},
	"create_users":       {"administrator"},
	"delete_users":       {"administrator"},
	"promote_users":      {"administrator"},
	"edit_theme_options": {"administrator"},
	"manage_options":     {"administrator"},
}

// roleChanges says how the site's role differs from WordPress's default role of that
// name in the capabilities the permission table relies on ("" when it does not), as a
// user of the role shows them (/wp/v2/users/<id>?context=edit: capabilities, the
// role's and the user's own): a site may give a role more or take some away
// (add_cap, remove_cap, a members plugin), and the table is the default roles'.
func (s *Suite) roleChanges(t T, acc *account) string {
	t.Helper()
	s.mu.Lock()
	diff, ok := s.facts.roleChanges[acc.name]
	s.mu.Unlock()
	if ok {
		return diff
	}
	from := fmt.Sprintf("/wp/v2/users/%d?context=edit", acc.id)
	r := s.as(s.admin()).get(t, from)
	caps, _ := r.object()["capabilities"].(map[string]any)
	if caps == nil {
		return "" // the users group reports a user without capabilities
	}
	var gained, lost []string
	for _, c := range roleTableCaps() {
		def := slices.Contains(roleCaps[acc.name], c) || slices.Contains(roleOtherCaps[c], acc.name)
		switch has := caps[c] == true; {
		case has && !def:
			gained = append(gained, c)
		case !has && def:
			lost = append(lost, c)
		}
	}
	if len(gained)+len(lost) > 0 {
		diff = fmt.Sprintf("the site's %s role is not WordPress's default (site fact: it gains %v and lacks %v, from %s); the table is the default roles'",
			acc.name, gained, lost, from)
	}
	s.mu.Lock()
	if s.facts.roleChanges == nil {
		s.facts.roleChanges = map[string]string{}
	}
	s.facts.roleChanges[acc.name] = diff
	s.mu.Unlock()
	return diff
}

// roleTableCaps are the capabilities roleChanges compares, sorted.
func roleTableCaps() []string {
	var out []string
	for _, caps := range roleCaps {
		out = append(out, caps...)
	}
	for c := range roleOtherCaps {
		out = append(out, c)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
