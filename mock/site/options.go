package site

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Options are a dataset's wp_options rows by name. A value is a string, a number, a
// boolean, null (an option deleted) or, for a setting registered with type array or
// object (register_setting; WordPress keeps it serialized), an array or an object:
// objects are read as Args, keeping their keys' order, which PHP arrays keep and
// /wp/v2/settings prints.
type Options map[string]any

// UnmarshalJSON reads the options, objects as Args. Scalars read as before (numbers
// as float64), so a dataset of scalar options loads as it always has.
func (o *Options) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	if raw == nil {
		*o = nil
		return nil
	}
	out := make(Options, len(raw))
	for name, r := range raw {
		var v any
		if t := bytes.TrimLeft(r, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
			dec := json.NewDecoder(bytes.NewReader(t))
			dec.UseNumber()
			var err error
			if v, err = orderedValue(dec); err != nil {
				return fmt.Errorf("option %q: %v", name, err)
			}
		} else if err := json.Unmarshal(r, &v); err != nil {
			return fmt.Errorf("option %q: %v", name, err)
		}
		out[name] = v
	}
	*o = out
	return nil
}

// optionValueOK says whether v is a value an option can hold: a JSON value, its
// objects as Args (or, from Go, maps).
func optionValueOK(v any) bool {
	switch x := v.(type) {
	case nil, string, float64, int, bool:
		return true
	case []any:
		for _, e := range x {
			if !optionValueOK(e) {
				return false
			}
		}
		return true
	case Args:
		for _, m := range x {
			if !optionValueOK(m.Value) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !optionValueOK(e) {
				return false
			}
		}
		return true
	}
	return false
}
