package rest

import "math"

// SchemaFromJSON is the node a schema given as JSON describes (a plugin's
// register_rest_field schema, a register_meta show_in_rest schema), printed exactly
// as given (Literal) and validated as WordPress validates that dialect: type (one or
// a list), format, enum, items, properties, additionalProperties, context, readonly,
// required, default, the bounds, lengths, pattern and uniqueItems.
func SchemaFromJSON(name string, o Object) *Schema {
	s := fromJSON(name, o)
	s.Literal = o
	return s
}

func fromJSON(name string, o Object) *Schema {
	s := &Schema{Name: name}
	for _, m := range o {
		switch m.Key {
		case "type": // one type, or a list of them
			s.Types = stringsOf(m.Value)
		case "description":
			s.Description, _ = m.Value.(string)
		case "format":
			s.Format, _ = m.Value.(string)
		case "pattern":
			s.Pattern, _ = m.Value.(string)
		case "enum":
			s.Enum, _ = m.Value.([]any)
		case "items":
			if io, ok := m.Value.(Object); ok {
				s.Items = fromJSON("", io)
			}
		case "properties":
			if po, ok := m.Value.(Object); ok {
				for _, p := range po {
					if pp, ok := p.Value.(Object); ok {
						s.Properties = append(s.Properties, fromJSON(p.Key, pp))
					}
				}
			}
		case "additionalProperties":
			if b, ok := m.Value.(bool); ok {
				s.AdditionalProperties = &b
			}
			if o, ok := m.Value.(Object); ok {
				s.AdditionalSchema = fromJSON("", o)
			}
		case "patternProperties":
			if po, ok := m.Value.(Object); ok {
				for _, p := range po {
					if pp, ok := p.Value.(Object); ok {
						s.PatternProperties = append(s.PatternProperties, fromJSON(p.Key, pp))
					}
				}
			}
		case "minProperties":
			s.MinProperties = jsonInt(m.Value)
		case "maxProperties":
			s.MaxProperties = jsonInt(m.Value)
		case "context": // a list (a string would fail in PHP's in_array)
			if _, isList := m.Value.([]any); isList {
				s.Context = stringsOf(m.Value)
			}
		case "readonly":
			s.ReadOnly, _ = m.Value.(bool)
		case "required": // true on a property (version 3), or the names (version 4)
			s.Required, _ = m.Value.(bool)
			if _, isList := m.Value.([]any); isList {
				s.RequiredNames = stringsOf(m.Value)
			}
		case "default":
			s.Def(m.Value)
		case "minimum":
			s.Minimum = jsonNumber(m.Value)
		case "maximum":
			s.Maximum = jsonNumber(m.Value)
		case "exclusiveMinimum":
			s.ExclusiveMin, _ = m.Value.(bool)
		case "exclusiveMaximum":
			s.ExclusiveMax, _ = m.Value.(bool)
		case "minLength":
			s.MinLength = jsonInt(m.Value)
		case "maxLength":
			s.MaxLength = jsonInt(m.Value)
		case "minItems":
			s.MinItems = jsonInt(m.Value)
		case "maxItems":
			s.MaxItems = jsonInt(m.Value)
		case "uniqueItems":
			s.UniqueItems, _ = m.Value.(bool)
		}
	}
	return s
}

// stringsOf is a JSON string, or the strings of a list, as a list.
func stringsOf(v any) []string {
	if s, ok := v.(string); ok {
		return []string{s}
	}
	l, _ := v.([]any)
	var out []string
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func jsonNumber(v any) *float64 {
	var f float64
	switch x := v.(type) {
	case int:
		f = float64(x)
	case float64:
		f = x
	default:
		return nil
	}
	return &f
}

func jsonInt(v any) *int {
	f := jsonNumber(v)
	if f == nil || *f != math.Trunc(*f) {
		return nil
	}
	i := int(*f)
	return &i
}
