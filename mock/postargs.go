package mock

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/wpfunc"
)

// The arg_options of the post-like types' fields: how title, content, excerpt, slug,
// meta and template are checked and sanitised before a write uses them.

// rawText is the arg_options of title, content and excerpt: no validation, a string or
// {"raw": ...} is accepted.
func rawText(a *rest.Schema) {
	a.Early = false
	a.Sanitize = func(_ *rest.Request, v any, _ string) (any, *rest.Error) { return v, nil }
	// The document says what is accepted: the text itself, or the object with its
	// writable parts.
	obj := rest.Obj("").Desc("The text as {\"raw\": ...}.")
	for _, p := range a.Properties {
		if !p.ReadOnly {
			obj.Properties = append(obj.Properties, p)
		}
	}
	a.Doc = &rest.Schema{Name: a.Name, Description: a.Description,
		OneOf: []*rest.Schema{rest.Str("").Desc("The text, as raw."), obj}}
}

// rawValue reads title/content/excerpt as prepare_item_for_database does.
func rawValue(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case map[string]any:
		if s, ok := x["raw"].(string); ok && s != "" {
			return s, true
		}
	}
	return "", false
}

// slugArg is the slug's arg_options: sanitize_title on top of the string check.
func slugArg(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, param string) (any, *rest.Error) {
		if v == nil { // sanitize_slug(null) is ""
			return "", nil
		}
		s, ok := v.(string)
		if !ok {
			return a.Validate(v, param)
		}
		return wpfunc.SanitizeTitle(s), nil
	}
}

// metaArg is the meta field's check_meta_is_array: anything but an array (a JSON object
// or list) is refused with a bare "Invalid parameter.".
func metaArg(a *rest.Schema) {
	a.Sanitize = func(_ *rest.Request, v any, _ string) (any, *rest.Error) {
		switch x := v.(type) {
		case nil: // has_valid_params skips null, and meta has no sanitize_callback
			return nil, nil
		case map[string]any:
			return x, nil
		case []any: // PHP's is_array accepts lists too ("meta": [])
			return map[string]any{}, nil
		}
		return nil, rest.Refused()
	}
}

// themeTemplates are the templates the site's theme offers each post type, as
// WP_Theme::get_page_templates lists them: Twenty Twenty-Three 1.0, the default theme
// of a stock 6.1 site (and the reference site's), has no PHP templates and declares
// custom block templates in theme.json: "blank" for posts and pages,
// "blog-alternative" for pages. Attachments get none.
var themeTemplates = map[string][]string{"post": {"blank"}}

// templateArg is the template field's arg_options: the controller's check_template as
// its validate_callback. An empty value (PHP's !$template: "", "0", false, 0, []) and the
// post's current template are always accepted; anything else must be one of the
// theme's templates for the type, else "template is not one of blank." (the list
// joined with ", ", empty when the type has none). The value is then a string.
func templateArg(typ string) func(*rest.Schema) {
	allowed := themeTemplates[typ]
	return func(a *rest.Schema) {
		a.Sanitize = func(r *rest.Request, v any, _ string) (any, *rest.Error) {
			switch x := v.(type) {
			case nil, bool:
				if x == nil || x == false {
					return "", nil
				}
			case json.Number:
				if f, err := x.Float64(); err == nil && f == 0 {
					return x.String(), nil
				}
			case []any, map[string]any:
				// an empty array is falsy too; it is then sanitised to "Array", which
				// handle_template, finding no such template, stores as ""
				if reflect.ValueOf(x).Len() == 0 {
					return "", nil
				}
			case string:
				if x == "" || x == "0" || slices.Contains(allowed, x) {
					return x, nil
				}
				// $request['id'], read raw: validation runs before anything is sanitised
				if raw, ok := r.Raw("id"); ok {
					id := wpfunc.IntVal(raw)
					if p := txOf(r).Post(id); id > 0 && p != nil && p.Extra().Template == x {
						return x, nil
					}
				}
			}
			return nil, &rest.Error{Code: rest.CodeInvalidParam,
				Message: "template is not one of " + strings.Join(allowed, ", ") + "."}
		}
	}
}
