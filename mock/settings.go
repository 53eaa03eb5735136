package mock

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/site"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// /wp/v2/settings: WP_REST_Settings_Controller over the settings registered for the
// REST API (wp.Settings). GET and POST need manage_options; a POST updates the
// settings it names (sanitize_option's rules; null deletes the option) and answers
// them all, as GET does.

// settings is the /wp/v2/settings resource.
type settings struct{ m *Mock }

// schemaProp is a setting in the item schema, as get_registered_options builds it:
// type, the label as title from 6.8, description, default, then format or enum.
func (res *settings) schemaProp(s *wp.Setting) rest.Object {
	if s.Site {
		return s.SchemaJSON(res.m.version >= rest.V68)
	}
	o := rest.Object{{Key: "type", Value: s.Type}}
	if res.m.version >= rest.V68 {
		o = append(o, rest.Member{Key: "title", Value: s.Label})
	}
	o = append(o, rest.Member{Key: "description", Value: s.Description}, rest.Member{Key: "default", Value: s.Default})
	if s.Format != "" {
		o = append(o, rest.Member{Key: "format", Value: s.Format})
	}
	if s.Enum != nil {
		o = append(o, rest.Member{Key: "enum", Value: s.Enum})
	}
	return o
}

// arg is a setting as an argument of POST: its schema, validated unless it is null
// (sanitize_callback lets null through: it deletes the option).
func (res *settings) arg(s *wp.Setting) *rest.Schema {
	a := rest.New(s.Name, s.Type).Desc(s.Description).Fmt(s.Format)
	if s.Site { // the schema as built, without its default (the controller drops it)
		a = rest.SchemaFromJSON(s.Name, s.SchemaJSON(false))
		a.Default, a.HasDefault, a.Literal, a.KeepDescription = nil, false, nil, true
	}
	if s.Enum != nil {
		a.Enum = s.Enum
	}
	if res.m.version >= rest.V68 {
		label := s.Label
		a.Label = &label
	}
	check := *a
	a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
		if v == nil {
			return nil, nil
		}
		return check.Validate(v, param)
	}
	return a
}

func (res *settings) schema() rest.Object {
	props := make(rest.Object, len(res.m.reg.Settings))
	for i, s := range res.m.reg.Settings {
		props[i] = rest.Member{Key: s.Name, Value: res.schemaProp(s)}
	}
	return rest.Object{{Key: "$schema", Value: "http://json-schema.org/draft-04/schema#"},
		{Key: "title", Value: "settings"}, {Key: "type", Value: "object"}, {Key: "properties", Value: props}}
}

func (res *settings) routes() []*rest.Route {
	args := make([]*rest.Schema, len(res.m.reg.Settings))
	for i, s := range res.m.reg.Settings {
		args[i] = res.arg(s)
	}
	return []*rest.Route{{Namespace: Namespace, Pattern: "/" + Namespace + "/settings", Schema: res.schema,
		Endpoints: []*rest.Endpoint{
			{Methods: rest.Readable, Args: []*rest.Schema{}, Permission: res.permission, Handler: res.get},
			{Methods: rest.Editable, Args: args, Permission: res.permission, Handler: res.update},
		}}}
}

// permission is get_item_permissions_check: manage_options.
func (res *settings) permission(r *rest.Request) *rest.Error {
	if !can(r, "manage_options") {
		return r.Forbidden(rest.CodeForbidden, "Sorry, you are not allowed to do that.")
	}
	return nil
}

// get is get_item: every setting, get_option's value with the registered default,
// null where the value does not fit the schema (prepare_value).
func (res *settings) get(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	out := make(rest.Object, 0, len(registry(r).Settings))
	for _, s := range registry(r).Settings {
		out = append(out, rest.Member{Key: s.Name, Value: settingValue(r, tx, s)})
	}
	return rest.OK(out), nil
}

// settingValue is a setting's value as get_item prints it. The site URL, which the
// mock takes from the request unless -url or the option fixes it, is the request's.
func settingValue(r *rest.Request, tx *store.Tx, s *wp.Setting) any {
	v, ok := tx.Option(s.Option)
	if !ok {
		if s.Option == "siteurl" {
			return r.Site
		}
		return s.Default
	}
	if s.Site {
		return site.SettingValue(s, v)
	}
	switch s.Type {
	case "integer":
		switch n := v.(type) {
		case int:
			return n
		case float64:
			if n == float64(int(n)) {
				return int(n)
			}
		case string:
			return wp.OptionInt(tx, s.Option)
		}
		return nil
	case "boolean":
		switch b := v.(type) {
		case bool:
			return b
		case int:
			return b != 0
		case string:
			return b != "" && b != "0"
		}
		return nil
	}
	if str, ok := v.(string); ok {
		if s.Option == "WPLANG" && str == "" {
			return s.Default // no language set: English
		}
		return str
	}
	return nil
}

// update is update_item: each setting sent is sanitized and kept (update_option), or
// deleted when null; sanitize_option's refusals keep the old value, as WordPress
// does (it only notes them as settings errors).
func (res *settings) update(r *rest.Request) (*rest.Response, *rest.Error) {
	tx := txOf(r)
	for _, s := range registry(r).Settings {
		raw, sent := r.Raw(s.Name)
		if !sent {
			continue
		}
		if raw == nil {
			tx.DeleteOption(s.Option)
			continue
		}
		if s.Site { // kept as validated, in the order sent
			tx.SetOption(s.Option, site.InOrder(r.Param(s.Name), site.SentValue(r, s.Name)))
			continue
		}
		if v, ok := s.Sanitize(r.Param(s.Name)); ok {
			tx.SetOption(s.Option, v)
		}
	}
	return res.get(r)
}

// SiteOptions are the options a permalink structure ("plain" for plain links; "": the
// dataset's) and a time zone (a zone name, or an offset from UTC in hours; "": the
// dataset's) set, for Options.SiteOptions: cmd/wpmock's -permalinks and -timezone.
func SiteOptions(permalinks, timezone string) (map[string]any, error) {
	o := map[string]any{}
	switch {
	case permalinks == "":
	case permalinks == "plain":
		o["permalink_structure"] = ""
	case !strings.HasPrefix(permalinks, "/") || !strings.Contains(permalinks, "%"):
		return nil, fmt.Errorf("-permalinks %q: a structure starts with / and holds tags such as %%postname%% (or is plain)", permalinks)
	default:
		o["permalink_structure"] = permalinks
	}
	if timezone == "" {
		return o, nil
	}
	if hours, err := strconv.ParseFloat(timezone, 64); err == nil {
		o["timezone_string"], o["gmt_offset"] = "", hours
		return o, nil
	}
	if !wp.ValidTimezone(timezone) {
		return nil, fmt.Errorf("-timezone %q: not a time zone (Europe/Berlin) nor an offset in hours (5.5)", timezone)
	}
	o["timezone_string"], o["gmt_offset"] = timezone, "0"
	return o, nil
}
