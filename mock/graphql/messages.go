package graphql

import (
	"regexp"
	"slices"
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

// unknownType is gqlparser's message for a type the schema lacks (without graphql-js's
// suggestions, which graphql-php gives).
var unknownType = regexp.MustCompile(`^Unknown type "([^"]+)"\.$`)

// unknownField is gqlparser's message for a field its type lacks, with gqlparser's
// suggestions of fields (not of types: "to use an inline fragment on").
var unknownField = regexp.MustCompile(`^(Cannot query field "([^"]+)" on type "([^"]+)"\.)(?: Did you mean "[^"]+"(?:(?:, "[^"]+")*,? or "[^"]+")?\?)?$`)

// graphqlPHPMessages rewrites gqlparser's messages into graphql-php's, and drops
// those graphql-php does not give (an operation name used twice: WPGraphQL fails to
// choose the operation first).
func graphqlPHPMessages(errs gqlerror.List, query string, sc *schema) gqlerror.List {
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
		case strings.HasPrefix(e.Message, "Unknown argument ") && len(e.Locations) > 0:
			// graphql-php points at the argument, gqlparser at its field
			name, _, _ := strings.Cut(strings.TrimPrefix(e.Message, `Unknown argument "`), `"`)
			e.Locations[0] = textAfter(query, name, e.Locations[0])
		case unknownField.MatchString(e.Message):
			// FieldsOnCorrectType's field suggestions: suggestionList over the type's
			// fields, ties in strnatcmp's order, not gqlparser's
			m := unknownField.FindStringSubmatch(e.Message)
			var names []string
			if t := sc.ast.Types[m[3]]; t != nil {
				for _, fd := range t.Fields {
					if !strings.HasPrefix(fd.Name, "__") {
						names = append(names, fd.Name)
					}
				}
			}
			e.Message = m[1] + suggest(m[2], names)
		case unknownType.MatchString(e.Message):
			name := unknownType.FindStringSubmatch(e.Message)[1]
			e.Message = `Unknown type "` + name + `".` + suggest(name, sc.order)
			if len(e.Locations) > 0 { // at the type's name, not the fragment
				e.Locations[0] = textAfter(query, name, e.Locations[0])
			}
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

// suggest is graphql-js's suggestionList as graphql-php words it: the names within
// the input's lexical distance threshold, nearest first, as ` Did you mean "A",
// "B", or "C"?` ("" for none).
func suggest(input string, names []string) string {
	threshold := len(input)*4/10 + 1
	type hit struct {
		name string
		d    int
	}
	var hits []hit
	for _, n := range names {
		if d := lexicalDistance(input, n); d <= threshold {
			hits = append(hits, hit{n, d})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return natCompare(a.name, b.name)
	})
	if len(hits) == 0 {
		return ""
	}
	if len(hits) > 5 {
		hits = hits[:5]
	}
	quoted := make([]string, len(hits))
	for i, h := range hits {
		quoted[i] = `"` + h.name + `"`
	}
	switch len(quoted) {
	case 1:
		return " Did you mean " + quoted[0] + "?"
	case 2:
		return " Did you mean " + quoted[0] + " or " + quoted[1] + "?"
	}
	return " Did you mean " + strings.Join(quoted[:len(quoted)-1], ", ") + ", or " + quoted[len(quoted)-1] + "?"
}

// natCompare is PHP's strnatcmp, which graphql-php's suggestionList orders ties by:
// runs of digits compare as numbers, the rest byte by byte.
func natCompare(a, b string) int {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			da, db := digitRun(a), digitRun(b)
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := len(na) - len(nb); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digitRun is the length of the run of digits s starts with.
func digitRun(s string) int {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// lexicalDistance is graphql-js's: 1 for a case-only difference, else the optimal
// string alignment distance of the lower-cased names.
func lexicalDistance(a, b string) int {
	if a == b {
		return 0
	}
	la, lb := strings.ToLower(a), strings.ToLower(b)
	if la == lb {
		return 1
	}
	x, y := []rune(la), []rune(lb)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// textAfter is the location of the first occurrence of word at or after a location.
func textAfter(query, word string, at gqlerror.Location) gqlerror.Location {
	line, col := 1, 1
	for i := 0; i < len(query); i++ {
		if (line > at.Line || line == at.Line && col >= at.Column) && strings.HasPrefix(query[i:], word) {
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
