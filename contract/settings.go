package contract

import (
	"net/http"
	"slices"
	"time"
)

// The settings group: /wp/v2/settings (WP_REST_Settings_Controller, checked against
// the running 6.1, 6.8 and 7.1): manage_options for GET and POST; the settings core
// registers, typed as their schema says; a POST changes what it names, sanitized as
// sanitize_option does (esc_html for the title, absint-like rules for numbers, tags
// stripped from formats, an unknown time zone ignored), refuses values of the wrong
// type or outside an enum, and the index, new posts and dates follow. The group puts
// every setting it changes back as it found it.

// coreSettings are the settings WordPress registers for the REST API (6.1 to 7.1).
var coreSettings = []string{"title", "description", "url", "email", "timezone", "date_format", "time_format",
	"start_of_week", "language", "use_smilies", "default_category", "default_post_format", "posts_per_page",
	"show_on_front", "page_on_front", "page_for_posts", "default_ping_status", "default_comment_status",
	"site_logo", "site_icon"}

func init() {
	register("settings", true, func(s *Suite, t T) {
		if !s.caps.routes["/wp/v2/settings"] {
			t.Skipf("the target has no /wp/v2/settings route")
			return
		}
		admin, anon := s.as(s.admin()), s.as(anonymous)
		wantError(t, anon.get(t, "/wp/v2/settings"), http.StatusUnauthorized, "rest_forbidden",
			"settings/permission/anonymous: the settings need manage_options: 401 rest_forbidden to a visitor")
		for _, role := range []string{"editor", "subscriber"} {
			as := s.as(s.accountFor(t, role))
			wantError(t, as.get(t, "/wp/v2/settings"), http.StatusForbidden, "rest_forbidden",
				"settings/permission/roles: the settings need manage_options: 403 rest_forbidden to an editor or a subscriber")
			wantError(t, as.send(t, http.MethodPost, "/wp/v2/settings", map[string]any{"title": "x"}), http.StatusForbidden, "rest_forbidden",
				"settings/permission/roles: the settings need manage_options: 403 rest_forbidden to an editor or a subscriber")
		}
		before := admin.get(t, "/wp/v2/settings")
		if !wantStatus(t, before, http.StatusOK, "settings/get/status: GET /wp/v2/settings answers 200 to the administrator") {
			return
		}
		s.wantExactKeys(t, before, "", coreSettings, "settings/get/keys: the settings are core's twenty (title ... site_icon)")
		o := admin.do(t, http.MethodOptions, "/wp/v2/settings", nil)
		props, _ := at(o.JSON(), "schema.properties")
		pm, _ := props.(map[string]any)
		for name, v := range before.object() {
			typ, _ := at(pm, name+".type")
			check(t, before, v == nil || fitsType(v, typ),
				"settings/get/types: each setting is null or of its schema's type", "%s: %v (%s), schema %v", name, v, jsonType(v), typ)
		}
		args, _ := at(o.JSON(), "endpoints.1.args")
		am, _ := args.(map[string]any)
		var argNames, propNames []string
		for k := range am {
			argNames = append(argNames, k)
		}
		for k := range pm {
			propNames = append(propNames, k)
		}
		slices.Sort(argNames)
		slices.Sort(propNames)
		check(t, o, len(argNames) > 0 && slices.Equal(argNames, propNames),
			"settings/options/args: POST takes every setting of the schema as an argument", "args %v, properties %v", argNames, propNames)

		// put back what the group changes, whatever happens to it
		restore := map[string]any{}
		for _, k := range []string{"title", "description", "timezone", "posts_per_page", "date_format", "default_comment_status", "default_ping_status"} {
			restore[k] = before.object()[k]
		}
		defer admin.send(t, http.MethodPost, "/wp/v2/settings", restore)

		title := s.name("site") + " & <b>co</b>"
		r := admin.send(t, http.MethodPost, "/wp/v2/settings", map[string]any{"title": title, "description": "tag line",
			"posts_per_page": -5, "date_format": "<b>Y</b>-m", "timezone": "Mars/Olympus"})
		wantValue(t, r, "title", s.name("site")+" &amp; &lt;b&gt;co&lt;/b&gt;", "settings/update/title-escaped: a new title is kept escaped (esc_html)")
		wantValue(t, r, "posts_per_page", 5.0, "settings/update/posts-per-page: posts_per_page below -1 is kept as its absolute value")
		wantValue(t, r, "date_format", "Y-m", "settings/update/format-tags: tags are stripped from a date format")
		wantValue(t, r, "timezone", before.object()["timezone"], "settings/update/timezone-unknown: a time zone PHP does not know is ignored")
		wantValue(t, r, "description", "tag line", "settings/update/answer: a POST answers every setting, the new values in")
		idx := anon.get(t, "/")
		wantValue(t, idx, "name", s.name("site")+" &amp; &lt;b&gt;co&lt;/b&gt;", "settings/index/title: the index's name and description are the settings'")
		wantValue(t, idx, "description", "tag line", "settings/index/title: the index's name and description are the settings'")

		r = admin.send(t, http.MethodPost, "/wp/v2/settings", map[string]any{"posts_per_page": "many"})
		if wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "settings/update/type: a value of the wrong type is refused: 400 rest_invalid_param (rest_invalid_type)") {
			wantValue(t, r, "data.details.posts_per_page.code", "rest_invalid_type", "settings/update/type: a value of the wrong type is refused: 400 rest_invalid_param (rest_invalid_type)")
		}
		r = admin.send(t, http.MethodPost, "/wp/v2/settings", map[string]any{"default_comment_status": "maybe", "title": "not kept"})
		if wantError(t, r, http.StatusBadRequest, "rest_invalid_param", "settings/update/enum: a value outside the enum is refused: 400 rest_invalid_param (rest_not_in_enum), and nothing is changed") {
			wantValue(t, r, "data.details.default_comment_status.code", "rest_not_in_enum", "settings/update/enum: a value outside the enum is refused: 400 rest_invalid_param (rest_not_in_enum), and nothing is changed")
			wantValue(t, admin.get(t, "/wp/v2/settings"), "title", s.name("site")+" &amp; &lt;b&gt;co&lt;/b&gt;",
				"settings/update/enum: a value outside the enum is refused: 400 rest_invalid_param (rest_not_in_enum), and nothing is changed")
		}

		admin.send(t, http.MethodPost, "/wp/v2/settings", map[string]any{"default_comment_status": "closed", "default_ping_status": "closed"})
		p := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("closed by default")})
		wantValue(t, p, "comment_status", "closed", "settings/defaults/comment-status: a new post takes default_comment_status and default_ping_status")
		wantValue(t, p, "ping_status", "closed", "settings/defaults/comment-status: a new post takes default_comment_status and default_ping_status")

		const zone = "Europe/Berlin"
		r = admin.send(t, http.MethodPost, "/wp/v2/settings", map[string]any{"timezone": zone})
		wantValue(t, r, "timezone", zone, "settings/update/timezone: a time zone PHP knows is kept")
		idx = anon.get(t, "/")
		wantValue(t, idx, "timezone_string", zone, "settings/index/timezone: the index names the time zone, and its current offset in hours as a number")
		loc, err := time.LoadLocation(zone)
		if err == nil {
			_, secs := time.Now().In(loc).Zone()
			wantValue(t, idx, "gmt_offset", float64(secs/3600), "settings/index/timezone: the index names the time zone, and its current offset in hours as a number")
		}
		d := s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("berlin"), "status": "publish", "date": "2024-07-01T12:00:00"})
		wantValue(t, d, "date_gmt", "2024-07-01T10:00:00", "settings/dates/local: a post's date is in the site's time zone: date_gmt is UTC (summer in Berlin: two hours before)")
		d = s.create(t, nil, "/wp/v2/posts", map[string]any{"title": s.name("berlin gmt"), "status": "publish", "date_gmt": "2024-01-15T12:00:00"})
		wantValue(t, d, "date", "2024-01-15T13:00:00", "settings/dates/gmt: a date given in UTC (date_gmt) gives the local date (winter in Berlin: an hour later)")
	})
}

// fitsType reports whether a decoded value is of a schema type (an integer is a whole
// number).
func fitsType(v any, typ any) bool {
	if f, ok := v.(float64); ok && typ == "integer" {
		return f == float64(int64(f))
	}
	return jsonType(v) == typ
}
