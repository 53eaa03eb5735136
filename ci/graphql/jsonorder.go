package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// GraphQL answers are ordered: an object's keys come in the order the query selected
// them (the spec's "ordered map"), so the comparison keeps key order, which
// encoding/json's maps lose. A node is one JSON value with its object keys in order.
type node struct {
	kind   byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	keys   []string
	vals   []*node // object values (by keys) or array items
	scalar string  // a string's value, a number's text, "true"/"false"
}

func parseOrdered(b []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	n, err := parseNode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the JSON value")
	}
	return n, nil
}

func parseNode(dec *json.Decoder) (*node, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := t.(type) {
	case json.Delim:
		n := &node{kind: 'a'}
		if v == '{' {
			n.kind = 'o'
		}
		for dec.More() {
			if n.kind == 'o' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			c, err := parseNode(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, c)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		return &node{kind: 's', scalar: v}, nil
	case json.Number:
		return &node{kind: 'n', scalar: v.String()}, nil
	case bool:
		return &node{kind: 'b', scalar: strconv.FormatBool(v)}, nil
	case nil:
		return &node{kind: 'z'}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", t)
}

func (n *node) get(key string) *node {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// sortIntrospection puts the lists of an introspection answer (types, fields,
// arguments, enum values, interfaces, possible types, directives) in name order: their
// order is the order the server registered them in, which no client relies on
// (graphql-codegen and Apollo read them by name), so two servers with the same schema
// compare equal.
func sortIntrospection(n *node) {
	if n == nil {
		return
	}
	for _, c := range n.vals {
		sortIntrospection(c)
	}
	if n.kind != 'a' || len(n.vals) < 2 {
		return
	}
	for _, c := range n.vals {
		if c.kind != 'o' || c.get("name") == nil {
			return
		}
	}
	sort.SliceStable(n.vals, func(i, j int) bool { return n.vals[i].get("name").scalar < n.vals[j].get("name").scalar })
}

// firstDifference walks two values in order and returns the path of the first place
// they differ and what differs there, "" when they are identical.
func firstDifference(path string, a, b *node) string {
	if a.kind != b.kind {
		return fmt.Sprintf("%s: %s vs %s", orRoot(path), describe(a), describe(b))
	}
	switch a.kind {
	case 'o':
		for i, k := range a.keys {
			if i >= len(b.keys) {
				return fmt.Sprintf("%s: key %q missing on the second side", orRoot(path), k)
			}
			if b.keys[i] != k {
				if b.get(k) == nil {
					return fmt.Sprintf("%s: key %q missing on the second side (it has %q there)", orRoot(path), k, b.keys[i])
				}
				return fmt.Sprintf("%s: keys in another order (%q where the first has %q)", orRoot(path), b.keys[i], k)
			}
			if d := firstDifference(path+"."+k, a.vals[i], b.vals[i]); d != "" {
				return d
			}
		}
		if len(b.keys) > len(a.keys) {
			return fmt.Sprintf("%s: extra key %q on the second side", orRoot(path), b.keys[len(a.keys)])
		}
	case 'a':
		for i := range a.vals {
			if i >= len(b.vals) {
				return fmt.Sprintf("%s: %d items vs %d", orRoot(path), len(a.vals), len(b.vals))
			}
			if d := firstDifference(fmt.Sprintf("%s[%d]", path, i), a.vals[i], b.vals[i]); d != "" {
				return d
			}
		}
		if len(b.vals) > len(a.vals) {
			return fmt.Sprintf("%s: %d items vs %d", orRoot(path), len(a.vals), len(b.vals))
		}
	default:
		if a.scalar != b.scalar && a.kind == 's' {
			return fmt.Sprintf("%s: %s", orRoot(path), stringDifference(a.scalar, b.scalar))
		}
		if a.scalar != b.scalar {
			return fmt.Sprintf("%s: %s vs %s", orRoot(path), describe(a), describe(b))
		}
	}
	return ""
}

// stringDifference shows two strings around the first character where they differ, so
// that a difference deep in a long content or message is seen.
func stringDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if len(a) <= 80 && len(b) <= 80 {
		return quote(a) + " vs " + quote(b)
	}
	from := max(0, i-30)
	cut := func(s string) string {
		end := min(len(s), i+40)
		return "…" + quote(s[from:end]) + "…"
	}
	return fmt.Sprintf("at character %d: %s vs %s", i, cut(a), cut(b))
}

// quote is a JSON string as written, without encoding/json's escaping of <, > and &.
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

func orRoot(path string) string {
	if path == "" {
		return "$"
	}
	return "$" + path
}

func describe(n *node) string {
	switch n.kind {
	case 'o':
		return "an object {" + strings.Join(n.keys, ",") + "}"
	case 'a':
		return fmt.Sprintf("an array of %d", len(n.vals))
	case 's':
		return clip([]byte(quote(n.scalar)), 80)
	case 'z':
		return "null"
	}
	return n.scalar
}
