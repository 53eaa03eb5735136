package site

import (
	"encoding/json"
	"sort"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wp"
)

// A site's own settings (register_setting with show_in_rest): read back as the
// settings controller's prepare_value does, the stored value if the schema takes it
// (sanitised to it), else null; written as validated, keeping the order of an object's
// keys as sent (PHP arrays keep it).

// SettingValue is prepare_value for a site's setting.
func SettingValue(s *wp.Setting, v any) any {
	check := rest.SchemaFromJSON(s.Name, s.SchemaJSON(false))
	out, err := check.Validate(unordered(v), s.Name)
	if err != nil {
		return nil
	}
	return InOrder(out, v)
}

// unordered is an ordered value as the validator reads it (objects as maps).
func unordered(v any) any {
	switch x := v.(type) {
	case rest.Object:
		m := make(map[string]any, len(x))
		for _, mb := range x {
			m[mb.Key] = unordered(mb.Value)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = unordered(e)
		}
		return out
	}
	return v
}

// InOrder is a validated value (objects as maps) with its objects' keys in the order
// of like, an ordered form of the same value; keys like does not order come after,
// sorted.
func InOrder(v, like any) any {
	switch x := v.(type) {
	case map[string]any:
		lo, _ := like.(rest.Object)
		out := make(rest.Object, 0, len(x))
		for _, m := range lo {
			if y, ok := x[m.Key]; ok {
				out = append(out, rest.Member{Key: m.Key, Value: InOrder(y, m.Value)})
			}
		}
		var others []string
		for k := range x {
			if _, ok := lo.Get(k); !ok {
				others = append(others, k)
			}
		}
		sort.Strings(others)
		for _, k := range others {
			out = append(out, rest.Member{Key: k, Value: InOrder(x[k], nil)})
		}
		return out
	case []any:
		ll, _ := like.([]any)
		out := make([]any, len(x))
		for i, e := range x {
			var l any
			if i < len(ll) {
				l = ll[i]
			}
			out[i] = InOrder(e, l)
		}
		return out
	}
	return v
}

// SentValue is the value of name in a JSON body, its objects ordered (nil for other
// bodies, whose objects have no order to keep).
func SentValue(r *rest.Request, name string) any {
	var body Args
	if json.Unmarshal(r.RawBody, &body) != nil {
		return nil
	}
	v, _ := body.Get(name)
	return JSONOf(v)
}
