package graphql

import (
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"
)

// depth is graphql-php's QueryDepth: the deepest field nesting of the operations,
// fragments followed (introspection's own fields count too).
func depth(doc *ast.QueryDocument) int {
	deepest := 0
	for _, op := range doc.Operations {
		if d := selectionDepth(op.SelectionSet, 0, map[string]bool{}); d > deepest {
			deepest = d
		}
	}
	return deepest
}

func selectionDepth(sel ast.SelectionSet, at int, seen map[string]bool) int {
	deepest := at
	for _, s := range sel {
		var d int
		switch s := s.(type) {
		case *ast.Field:
			if len(s.SelectionSet) == 0 {
				continue
			}
			d = selectionDepth(s.SelectionSet, at+1, seen)
		case *ast.InlineFragment:
			d = selectionDepth(s.SelectionSet, at, seen)
		case *ast.FragmentSpread:
			if seen[s.Name] || s.Definition == nil {
				continue
			}
			seen[s.Name] = true
			d = selectionDepth(s.Definition.SelectionSet, at, seen)
			delete(seen, s.Name)
		}
		if d > deepest {
			deepest = d
		}
	}
	return deepest
}

// maxDepthMessage is graphql-php's QueryDepth message.
func maxDepthMessage(max, got int) string {
	return fmt.Sprintf("Max query depth should be %d but got %d.", max, got)
}
