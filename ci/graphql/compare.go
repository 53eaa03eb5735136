package main

import (
	"bytes"
	"fmt"
	"mime"
	"os"
	"path/filepath"
)

// result is one operation's comparison: diff "" when identical, else the first
// difference; known is the reason when known-differences.json accepts that difference.
type result struct {
	op, diff, known string
	kind            string // the known difference's: absent or wrong
}

// compareAll runs the corpus against s and compares each answer with the capture in dir.
// An operation without a capture is a difference (the corpus grew; capture again).
func compareAll(s *site, ops []operation, dir string) ([]result, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("no captures: %w", err)
	}
	r := &resolver{s: s, seen: map[string]int{}}
	var out []result
	for _, op := range ops {
		want, err := readCapture(filepath.Join(dir, op.name+".json"))
		if err != nil {
			out = append(out, result{op: op.name, diff: "no capture: " + err.Error()})
			continue
		}
		a, err := send(s, r, op)
		if err != nil {
			out = append(out, result{op: op.name, diff: "not sent: " + err.Error()})
			continue
		}
		out = append(out, result{op: op.name, diff: differ(want, normalise(s, a))})
	}
	return out, nil
}

// differ compares a capture (want) with an answer (got): the status, the media type
// and the body, JSON by value with key order, an introspection's lists by name.
func differ(want, got capture) string {
	if want.status != got.status {
		return fmt.Sprintf("status %d, want %d", got.status, want.status)
	}
	wt, _, _ := mime.ParseMediaType(want.contentType)
	gt, _, _ := mime.ParseMediaType(got.contentType)
	if wt != gt {
		return fmt.Sprintf("Content-Type %q, want %q", got.contentType, want.contentType)
	}
	if want.body == nil || got.body == nil {
		if want.body != nil || got.body != nil || want.bodyText != got.bodyText {
			return fmt.Sprintf("body %q, want %q", clip([]byte(got.bodyText+string(got.body)), 120),
				clip([]byte(want.bodyText+string(want.body)), 120))
		}
		return ""
	}
	if bytes.Equal(want.body, got.body) {
		return ""
	}
	w, err := parseOrdered(want.body)
	if err != nil {
		return "the capture's body: " + err.Error()
	}
	g, err := parseOrdered(got.body)
	if err != nil {
		return "the answer's body: " + err.Error()
	}
	if isIntrospection(w) {
		// what the mock's schema has is WPGraphQL's, before the first difference (where
		// the mock's schema stops) is looked for: a known difference there cannot hide it
		if d := schemaWrong(want.body, got.body); d != "" {
			return "schema " + d
		}
		sortIntrospection(w)
		sortIntrospection(g)
	}
	if d := firstDifference("", w, g); d != "" {
		return "body " + d + " (capture vs answer)"
	}
	return ""
}

func isIntrospection(n *node) bool {
	d := n.get("data")
	return d.get("__schema") != nil || d.get("__type") != nil
}

// report prints one version's figures: operations, identical, the known differences
// (each with its reason), the others, each with its first differing path, and the known
// entries no answer needed any more; ok is false when any difference is not known or
// any entry is stale.
func report(version string, rs []result, stale []knownDifference) (ok bool) {
	var identical, wrong int
	var known, diffs []string
	for _, r := range rs {
		switch {
		case r.diff == "":
			identical++
		case r.known != "":
			if r.kind == kindWrong {
				wrong++
			}
			known = append(known, fmt.Sprintf("  known %s %s: %s\n    because %s", r.kind, r.op, r.diff, r.known))
		default:
			diffs = append(diffs, fmt.Sprintf("  %s: %s", r.op, r.diff))
		}
	}
	fmt.Printf("graphql-compare %s: %d operations, %d identical, %d known differences (%d absent, %d wrong), %d differing\n",
		version, len(rs), identical, len(known), len(known)-wrong, wrong, len(diffs))
	for _, l := range append(known, diffs...) {
		fmt.Println(l)
	}
	for _, k := range stale {
		fmt.Printf("  stale known difference %s (%q): it no longer differs so; remove it from known-differences.json\n", k.Operation, k.Difference)
	}
	return len(diffs) == 0 && len(stale) == 0
}
