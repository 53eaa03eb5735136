package wp

import (
	"fmt"
	"slices"

	"github.com/wpmock/wpmock/mock/wpfunc"
)

// register_setting for a site's own settings shown in REST: a scalar (string,
// boolean, integer, number) or an array or object with its schema. WordPress's
// settings controller lists them before core's (the site registers on init, core's
// register_initial_settings again on rest_api_init, after), validates a write against
// the schema (rest_parse_request_arg) and keeps the value as given.

// settingTypes are the types the settings controller serves.
var settingTypes = []string{"string", "boolean", "integer", "number", "array", "object"}

// RegisterSetting is register_setting(group, option, args) where args are {type,
// label, description, default, show_in_rest: true | {name, schema}}. A setting not
// shown in REST is left out: nothing in the API reads it.
func (g *Registry) RegisterSetting(group, option string, args wpfunc.Object) error {
	a := argsOf(args)
	if group == "" || option == "" {
		return fmt.Errorf("register_setting needs an option group and an option name")
	}
	sir, _ := args.Get("show_in_rest")
	var rest wpfunc.Object
	switch x := sir.(type) {
	case nil:
		return nil
	case bool:
		if !x {
			return nil
		}
	case wpfunc.Object:
		rest = x
	default:
		return fmt.Errorf("setting %q: show_in_rest: want true, false or {name, schema}", option)
	}
	s := &Setting{Name: argsOf(rest).str("name", option), Option: option, Type: a.str("type", "string"),
		Label: a.str("label", ""), Description: a.str("description", ""), Site: true, Sanitize: keep}
	s.Default, _ = args.Get("default")
	s.Schema, _ = argsOf(rest).obj("schema")
	if t, ok := s.Schema.Get("type"); ok { // the schema's type wins (array_merge)
		s.Type, _ = t.(string)
	}
	if !slices.Contains(settingTypes, s.Type) {
		return fmt.Errorf("setting %q: type %q is not one the REST API serves", option, s.Type)
	}
	if (s.Type == "array" || s.Type == "object") && s.Schema == nil {
		return fmt.Errorf("setting %q: an %s setting needs show_in_rest's schema", option, s.Type)
	}
	if slices.ContainsFunc(g.Settings, func(o *Setting) bool { return o.Name == s.Name }) {
		return fmt.Errorf("setting %q: another setting is named %q in REST", option, s.Name)
	}
	g.Settings = slices.Insert(g.Settings, g.siteSettings, s)
	g.siteSettings++
	return nil
}

// SchemaJSON is the setting's schema as get_registered_options builds it for a site's
// own setting: type, title (from 6.8: withTitle), description and default, the
// show_in_rest schema merged over them, and additionalProperties false on every
// object that does not say (rest_default_additional_properties_to_false).
func (s *Setting) SchemaJSON(withTitle bool) wpfunc.Object {
	o := wpfunc.Object{{Key: "type", Value: s.Type}}
	if withTitle {
		o = append(o, wpfunc.Member{Key: "title", Value: s.Label})
	}
	o = append(o, wpfunc.Member{Key: "description", Value: s.Description}, wpfunc.Member{Key: "default", Value: s.Default})
	for _, m := range s.Schema {
		o = o.Set(m.Key, m.Value)
	}
	return closedObjects(o)
}

// closedObjects is rest_default_additional_properties_to_false: every object node
// (and the items and properties below) without additionalProperties gets false.
func closedObjects(o wpfunc.Object) wpfunc.Object {
	out := slices.Clone(o)
	for i, m := range out {
		switch m.Key {
		case "properties":
			if props, ok := m.Value.(wpfunc.Object); ok {
				next := slices.Clone(props)
				for j, p := range next {
					if po, ok := p.Value.(wpfunc.Object); ok {
						next[j].Value = closedObjects(po)
					}
				}
				out[i].Value = next
			}
		case "items":
			if io, ok := m.Value.(wpfunc.Object); ok {
				out[i].Value = closedObjects(io)
			}
		}
	}
	if t, _ := out.Get("type"); t == "object" {
		if _, ok := out.Get("additionalProperties"); !ok {
			out = append(out, wpfunc.Member{Key: "additionalProperties", Value: false})
		}
	}
	return out
}
