package graphql

import (
	"fmt"
	"github.com/wpmock/wpmock/mock/wpfunc"
	"reflect"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// The executor: GraphQL's ExecuteRequest over the declarations, as graphql-php (the
// library WPGraphQL runs on) executes a query: fields collected with their fragments
// and @skip/@include, resolved in order, abstract types resolved from the value,
// errors kept with their path, and a null in a non-null field bubbling up to the
// nearest nullable parent.

// call is one operation being executed.
type call struct {
	*request
	s    *schema
	vars map[string]any
	errs gqlerror.List
}

// userError is an error a resolver means the client to read (graphql-php's
// UserError: its message is shown).
type userError struct{ msg string }

func (e *userError) Error() string { return e.msg }

// userErrorf makes a userError.
func userErrorf(format string, args ...any) error { return &userError{fmt.Sprintf(format, args...)} }

// Internal server error is graphql-php's message for an error that is not client-safe.
const msgInternal = "Internal server error"

// execute runs the operation and returns its data (nil when the root bubbled up).
func (c *call) execute(op *ast.OperationDefinition) any {
	root := c.s.ast.Query
	data, ok := c.selectionSet(root, nil, op.SelectionSet, ast.Path{})
	if !ok {
		return nil
	}
	return data
}

// collected is the fields of one response key.
type collected struct {
	key    string
	fields []*ast.Field
}

// collect is CollectFields: the selection's fields grouped by response key, in order.
func (c *call) collect(typ *ast.Definition, sel ast.SelectionSet, out []collected, seen map[string]bool) []collected {
	for _, s := range sel {
		switch s := s.(type) {
		case *ast.Field:
			if !c.included(s.Directives) {
				continue
			}
			key := s.Alias
			if key == "" {
				key = s.Name
			}
			found := false
			for i := range out {
				if out[i].key == key {
					out[i].fields, found = append(out[i].fields, s), true
					break
				}
			}
			if !found {
				out = append(out, collected{key: key, fields: []*ast.Field{s}})
			}
		case *ast.InlineFragment:
			if c.included(s.Directives) && c.applies(s.TypeCondition, typ) {
				out = c.collect(typ, s.SelectionSet, out, seen)
			}
		case *ast.FragmentSpread:
			if !c.included(s.Directives) || seen[s.Name] || s.Definition == nil {
				continue
			}
			seen[s.Name] = true
			if c.applies(s.Definition.TypeCondition, typ) {
				out = c.collect(typ, s.Definition.SelectionSet, out, seen)
			}
		}
	}
	return out
}

// applies is DoesFragmentTypeApply.
func (c *call) applies(cond string, typ *ast.Definition) bool {
	if cond == "" || cond == typ.Name {
		return true
	}
	d := c.s.ast.Types[cond]
	if d == nil || (d.Kind != ast.Interface && d.Kind != ast.Union) {
		return false
	}
	for _, p := range c.s.ast.GetPossibleTypes(d) {
		if p.Name == typ.Name {
			return true
		}
	}
	return false
}

// included is @skip and @include.
func (c *call) included(dirs ast.DirectiveList) bool {
	if d := dirs.ForName("skip"); d != nil {
		if v, _ := d.ArgumentMap(c.vars)["if"].(bool); v {
			return false
		}
	}
	if d := dirs.ForName("include"); d != nil {
		if v, _ := d.ArgumentMap(c.vars)["if"].(bool); !v {
			return false
		}
	}
	return true
}

// selectionSet executes a selection on a value of an object type; false when a
// non-null field failed, so the object itself is null.
func (c *call) selectionSet(typ *ast.Definition, parent any, sel ast.SelectionSet, path ast.Path) (wpfunc.Object, bool) {
	groups := c.collect(typ, sel, nil, map[string]bool{})
	out := make(wpfunc.Object, 0, len(groups))
	for _, g := range groups {
		p := append(path[:len(path):len(path)], ast.PathName(g.key))
		v, ok := c.field(typ, parent, g.fields, p)
		if !ok {
			return nil, false
		}
		out = append(out, wpfunc.Member{g.key, v})
	}
	return out, true
}

// field resolves one response key; false when it is null in a non-null field.
func (c *call) field(typ *ast.Definition, parent any, fields []*ast.Field, path ast.Path) (any, bool) {
	fd := fields[0]
	if fd.Name == "__typename" {
		return typ.Name, true
	}
	def := typ.Fields.ForName(fd.Name)
	if def == nil {
		return nil, true // validation refused it already
	}
	args := fd.ArgumentMap(c.vars)
	var v any
	var err error
	if r := c.resolverOf(typ.Name, fd.Name); r != nil {
		v, err = c.safely(r, parent, args)
	}
	if err != nil {
		c.fieldError(err, fd, path)
		return nil, !def.Type.NonNull
	}
	out, ok := c.complete(def.Type, fields, v, path)
	if !ok {
		return nil, !def.Type.NonNull
	}
	return out, true
}

// resolverOf is the declared resolver of a field, or introspection's.
func (c *call) resolverOf(typeName, name string) resolver {
	if fd := c.s.field(typeName, name); fd != nil {
		return fd.Resolve
	}
	return introspection[typeName][name]
}

// safely runs a resolver; a panic is an internal error, as graphql-php turns an
// exception into one.
func (c *call) safely(r resolver, parent any, args map[string]any) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	return r(c, parent, args)
}

// fieldError keeps a resolver's error, its message shown only when it is meant for
// the client.
func (c *call) fieldError(err error, fd *ast.Field, path ast.Path) {
	msg := msgInternal
	if ue, ok := err.(*userError); ok {
		msg = ue.msg
	}
	c.errs = append(c.errs, &gqlerror.Error{Message: msg, Path: append(ast.Path(nil), path...),
		Locations: []gqlerror.Location{{Line: fd.Position.Line, Column: fd.Position.Column}}})
}

// complete is CompleteValue: the resolved value made into the field's type.
func (c *call) complete(t *ast.Type, fields []*ast.Field, v any, path ast.Path) (any, bool) {
	if t.NonNull {
		inner := *t
		inner.NonNull = false
		out, ok := c.complete(&inner, fields, v, path)
		if ok && out == nil {
			ok = false
			if len(c.errs) == 0 || !samePath(c.errs[len(c.errs)-1].Path, path) { // a resolver's own error is enough
				c.errs = append(c.errs, &gqlerror.Error{
					// graphql-php's InvariantViolation is not client-safe: its message is hidden
					Message:   msgInternal,
					Path:      append(ast.Path(nil), path...),
					Locations: []gqlerror.Location{{Line: fields[0].Position.Line, Column: fields[0].Position.Column}}})
			}
		}
		return out, ok
	}
	if isNil(v) {
		return nil, true
	}
	if t.Elem != nil {
		return c.completeList(t.Elem, fields, v, path)
	}
	def := c.s.ast.Types[t.NamedType]
	switch def.Kind {
	case ast.Scalar, ast.Enum:
		return serialize(def.Name, v), true
	case ast.Interface, ast.Union:
		name := c.typename(v)
		if d := c.s.ast.Types[name]; d != nil {
			def = d
		} else {
			c.errs = append(c.errs, &gqlerror.Error{Message: "Abstract type " + def.Name + " must resolve to an Object type at runtime.",
				Path: append(ast.Path(nil), path...)})
			return nil, true
		}
	}
	var sel ast.SelectionSet
	for _, fd := range fields {
		sel = append(sel, fd.SelectionSet...)
	}
	out, ok := c.selectionSet(def, v, sel, path)
	if !ok {
		return nil, false // a non-null field of it was null: it is null, and so on up
	}
	return out, true
}

func (c *call) completeList(elem *ast.Type, fields []*ast.Field, v any, path ast.Path) (any, bool) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice {
		return nil, true
	}
	out := make([]any, rv.Len())
	for i := range out {
		p := append(path[:len(path):len(path)], ast.PathIndex(i))
		item, ok := c.complete(elem, fields, rv.Index(i).Interface(), p)
		if !ok && elem.NonNull {
			return nil, false
		}
		out[i] = item
	}
	return out, true
}

func samePath(a, b ast.Path) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// isNil is a nil value, or a nil pointer or slice in an interface.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// serialize is a leaf value as its scalar prints it.
func serialize(typeName string, v any) any {
	switch typeName {
	case "Int":
		return toInt(v)
	case "Float":
		switch x := v.(type) {
		case float64:
			return x
		default:
			return float64(toInt(v))
		}
	case "Boolean":
		b, _ := v.(bool)
		return b
	case "String", "ID":
		switch x := v.(type) {
		case string:
			return x
		case int:
			return fmt.Sprint(x)
		}
		return fmt.Sprint(v)
	}
	return v
}

// toInt is an argument's or value's integer, whatever Go type it came as.
func toInt(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		return int(x)
	case string:
		n := 0
		fmt.Sscan(x, &n)
		return n
	}
	return 0
}
