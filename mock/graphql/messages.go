package graphql

import (
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// gqlparser's validation messages follow graphql-js 16; graphql-php 15 (under
// WPGraphQL) words a few of them as graphql-js 15 did. These rewrite them.
var phpMessages = []struct {
	re   *regexp.Regexp
	with string
}{
	// Unknown argument "limit" on field "RootQuery.posts". -> on field "posts" of type "RootQuery".
	{regexp.MustCompile(`^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"\.`), `Unknown argument "$1" on field "$3" of type "$2".`},
	// must have a selection of subfields. Did you mean "posts { ... }"? -> must have a sub selection.
	{regexp.MustCompile(`^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields\..*$`), `Field "$1" of type "$2" must have a sub selection.`},
	// must not have a selection since type "String" has no subfields. -> must not have a sub selection.
	{regexp.MustCompile(`^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields\.$`), `Field "$1" of type "$2" must not have a sub selection.`},
}

// graphqlPHPMessages rewrites gqlparser's messages into graphql-php's, and drops
// those graphql-php does not give (an operation name used twice: WPGraphQL fails to
// choose the operation first).
func graphqlPHPMessages(errs gqlerror.List, query string) gqlerror.List {
	out := make(gqlerror.List, 0, len(errs))
	leafSelections := map[int]bool{} // lines of selections on leaf fields
	for _, e := range errs {
		if strings.Contains(e.Message, "must not have a selection since type") && len(e.Locations) > 0 {
			leafSelections[e.Locations[0].Line] = true
		}
	}
	for _, e := range errs {
		switch {
		case strings.HasPrefix(e.Message, "There can be only one operation named"):
			return gqlerror.List{{Message: msgOperationType}}
		case strings.HasPrefix(e.Message, "Cannot query field") && len(e.Locations) > 0 && leafSelections[e.Locations[0].Line]:
			continue // graphql-php does not look inside a selection on a leaf
		case strings.Contains(e.Message, "must not have a selection since type") && len(e.Locations) > 0:
			// graphql-php points at the selection set, not the field
			e.Locations[0] = braceAfter(query, e.Locations[0])
		case strings.Contains(e.Message, "cannot represent") && strings.HasSuffix(e.Message, `"`) && len(e.Locations) > 0:
			e.Locations[0].Column-- // at the string's opening quote, not inside it
		}
		for _, m := range phpMessages {
			if m.re.MatchString(e.Message) {
				e.Message = m.re.ReplaceAllString(e.Message, m.with)
				break
			}
		}
		out = append(out, e)
	}
	return out
}

// introspectionField is the position of the first __schema or __type field of the
// document's operations, fragments followed (nil when there is none).
func introspectionField(doc *ast.QueryDocument) *ast.Position {
	var walk func(sel ast.SelectionSet, seen map[string]bool) *ast.Position
	walk = func(sel ast.SelectionSet, seen map[string]bool) *ast.Position {
		for _, s := range sel {
			switch s := s.(type) {
			case *ast.Field:
				if s.Name == "__schema" || s.Name == "__type" {
					return s.Position
				}
				if p := walk(s.SelectionSet, seen); p != nil {
					return p
				}
			case *ast.InlineFragment:
				if p := walk(s.SelectionSet, seen); p != nil {
					return p
				}
			case *ast.FragmentSpread:
				if s.Definition != nil && !seen[s.Name] {
					seen[s.Name] = true
					if p := walk(s.Definition.SelectionSet, seen); p != nil {
						return p
					}
				}
			}
		}
		return nil
	}
	for _, op := range doc.Operations {
		if p := walk(op.SelectionSet, map[string]bool{}); p != nil {
			return p
		}
	}
	return nil
}

// braceAfter is the location of the first "{" at or after a location of the query.
func braceAfter(query string, at gqlerror.Location) gqlerror.Location {
	line, col := 1, 1
	for i := 0; i < len(query); i++ {
		if (line > at.Line || line == at.Line && col >= at.Column) && query[i] == '{' {
			return gqlerror.Location{Line: line, Column: col}
		}
		if query[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return at
}
