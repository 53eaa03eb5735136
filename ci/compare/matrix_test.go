package compare

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPermissionMatrix sends every cell of the permission matrix (matrix_cells_test.go)
// to a real WordPress and to the mock, as anonymous and as every role, and classifies
// each cell: identical (same status, code and, where the cell looks at it, the same
// items listed, content shown and links embedded), looser (the mock lets through, lists,
// shows or embeds what WordPress refuses), stricter (the reverse), or otherwise
// different (both refuse, or both allow, but not alike). No cell may be looser; every
// other difference fails too. It runs with WPCOMPARE=1 (make matrix).
func TestPermissionMatrix(t *testing.T) {
	s := openSides(t, true)
	start := time.Now()
	sweepAround(t, s, permPrefix, "matrix")
	for _, rw := range matrixSetup() {
		for _, tg := range s.each() {
			r, path, err := send(tg, &rw)
			if err != nil {
				t.Fatal(err)
			}
			if r.status/100 != 2 {
				t.Fatalf("setting the matrix up: %s %s on %s: %s", rw.method, path, tg.name, r.summary())
			}
		}
	}
	var cells, identical, looser, stricter, different int
	for _, c := range matrixCells() {
		cells++
		t.Run(c.name(), func(t *testing.T) {
			want, _, err := send(s.wp, &c.row)
			if err != nil {
				t.Fatal(err)
			}
			got, path, err := send(s.mk, &c.row)
			if err != nil {
				t.Fatal(err)
			}
			w, g := outcomeOf(&c, s.wp, want), outcomeOf(&c, s.mk, got)
			t.Logf("WordPress: %s; mock %s: %s", w, path, g)
			switch verdict := judgeCell(w, g); verdict {
			case "":
				identical++
			case "looser":
				looser++
				t.Errorf("%s %s as %s: LOOSER on the mock: WordPress %s, mock %s", c.method, c.path, roleKey(c.as), w, g)
			case "stricter":
				stricter++
				t.Errorf("%s %s as %s: stricter on the mock: WordPress %s, mock %s", c.method, c.path, roleKey(c.as), w, g)
			default:
				different++
				t.Errorf("%s %s as %s: %s: WordPress %s, mock %s", c.method, c.path, roleKey(c.as), verdict, w, g)
			}
		})
	}
	t.Logf("matrix: %d cells against WordPress %s, %d identical, %d looser, %d stricter, %d otherwise different (%s)",
		cells, wpVersionName(), identical, looser, stricter, different, time.Since(start).Round(time.Millisecond))
}

// TestMatrixCells keeps the cells' names unique and their placeholders made by the
// setup or the preparation.
func TestMatrixCells(t *testing.T) {
	known := map[string]bool{}
	for _, r := range matrixSetup() {
		if r.save != "" {
			known[r.save] = true
		}
	}
	for _, l := range logins {
		known[l] = true
	}
	for _, p := range []string{"post", "tag", "category"} {
		known[p] = true
	}
	seen := map[string]bool{}
	for _, c := range matrixCells() {
		if seen[c.name()] {
			t.Errorf("two cells named %q", c.name())
		}
		seen[c.name()] = true
		for _, m := range placeholder.FindAllStringSubmatch(c.path+c.body+c.id, -1) {
			if !known[m[1]] {
				t.Errorf("%s: placeholder {%s} is made by nothing", c.name(), m[1])
			}
		}
		if c.id != "" && !known[c.id] {
			t.Errorf("%s: looks for {%s}, which is made by nothing", c.name(), c.id)
		}
	}
}

// outcome is what a cell compares of one answer.
type outcome struct {
	status int
	code   string
	// listed: the object is among the items (obsListed); shown: the content is
	// (obsContent); embedded: rel=code or rel=ok per embedded link (obsEmbed).
	listed, shown *bool
	embedded      string
}

func (o outcome) String() string {
	s := fmt.Sprintf("%d", o.status)
	if o.code != "" {
		s += " " + o.code
	}
	if o.listed != nil {
		s += fmt.Sprintf(", listed %v", *o.listed)
	}
	if o.shown != nil {
		s += fmt.Sprintf(", content shown %v", *o.shown)
	}
	if o.embedded != "" {
		s += ", embedded [" + o.embedded + "]"
	}
	return s
}

// outcomeOf reads a cell's answer on one side.
func outcomeOf(c *cell, tg *target, r *response) outcome {
	o := outcome{status: r.status, code: r.code()}
	if r.status/100 != 2 {
		return o
	}
	switch c.observe {
	case obsListed:
		id := tg.ids[c.id]
		items, _ := r.json.([]any)
		listed := slices.ContainsFunc(items, func(it any) bool { return answerID(it) == id })
		o.listed = &listed
	case obsContent:
		v, _ := valueAt(r.json, "content.rendered")
		shown := v != nil && v != ""
		o.shown = &shown
	case obsEmbed:
		item := r.json
		if l, ok := item.([]any); ok && len(l) > 0 {
			item = l[0]
		}
		emb, _ := valueAt(item, "_embedded")
		m, _ := emb.(map[string]any)
		var parts []string
		for _, rel := range sortedKeys(m) {
			if rel == "replies" { // comments: outside the mock (see allowed)
				continue
			}
			state := "ok"
			if code, _ := valueAt(m[rel], "[0].code"); code != nil {
				state = fmt.Sprint(code)
			}
			if code, _ := valueAt(m[rel], "[0][0].code"); code != nil {
				state = fmt.Sprint(code)
			}
			parts = append(parts, rel+"="+state)
		}
		o.embedded = strings.Join(parts, " ")
	}
	return o
}

// judgeCell classifies the mock's outcome g against WordPress's w: "" when they are
// the same, "looser" when the mock grants more, "stricter" when it grants less, else a
// description of the difference.
func judgeCell(w, g outcome) string {
	wOK, gOK := w.status/100 == 2, g.status/100 == 2
	switch {
	case gOK && !wOK:
		return "looser"
	case wOK && !gOK:
		return "stricter"
	case !wOK:
		if w.status != g.status || w.code != g.code {
			return "refused otherwise"
		}
		return ""
	}
	if w.status != g.status {
		return "status"
	}
	for _, b := range []struct{ w, g *bool }{{w.listed, g.listed}, {w.shown, g.shown}} {
		if b.w == nil || b.g == nil || *b.w == *b.g {
			continue
		}
		if *b.g {
			return "looser"
		}
		return "stricter"
	}
	if w.embedded != g.embedded {
		wm, gm := embedStates(w.embedded), embedStates(g.embedded)
		for rel, ws := range wm {
			gs, ok := gm[rel]
			switch {
			case ws != "ok" && gs == "ok":
				return "looser"
			case ws == "ok" && (!ok || gs != "ok"):
				return "stricter"
			}
		}
		for rel, gs := range gm {
			if _, ok := wm[rel]; !ok && gs == "ok" {
				return "looser"
			}
		}
		return "embedded otherwise"
	}
	return ""
}

// embedStates reads an outcome's embedded list back into rel => state.
func embedStates(s string) map[string]string {
	m := map[string]string{}
	for _, p := range strings.Fields(s) {
		rel, state, _ := strings.Cut(p, "=")
		m[rel] = state
	}
	return m
}

// sweepAround deletes on both sides what an earlier run of a test named with prefix
// left, and registers the removal of what this run creates, even after failures.
func sweepAround(t *testing.T, s *sides, prefix, what string) {
	t.Helper()
	for _, tg := range s.each() {
		for _, e := range sweepPrefix(tg, prefix) {
			t.Logf("sweeping %s before the %s: %v", tg.name, what, e)
		}
	}
	t.Cleanup(func() {
		for _, tg := range s.each() {
			for _, e := range removeCreated(tg, prefix) {
				t.Errorf("cleaning up %s: %v", tg.name, e)
			}
		}
	})
}
