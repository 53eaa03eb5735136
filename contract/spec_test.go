package contract

import (
	"net/http"
	"strings"
	"testing"
)

// TestSpecResponseBounds: a response's value outside a bound of the item schema passes
// (WordPress gives a menu's first item menu_order 0 under the schema's minimum 1), and
// one of the wrong type still fails the operation's rule.
func TestSpecResponseBounds(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		body string
		fail bool
	}{
		{`{"id":5,"menu_order":0}`, false},
		{`{"id":5,"menu_order":1}`, false},
		{`{"id":5,"menu_order":"0"}`, true},
		{`{"id":"5","menu_order":0}`, true},
	} {
		rec := NewRecorder("spec")
		sp.check(rec, &Result{Method: http.MethodGet, Path: "/wp/v2/menu-items/5?_fields=id,menu_order", Status: http.StatusOK,
			Header: http.Header{"Content-Type": {"application/json"}}, Body: []byte(c.body)}, nil)
		errs := rec.Errors()
		if got := len(errs) > 0; got != c.fail {
			t.Errorf("%s: failed %v, want %v: %v", c.body, got, c.fail, errs)
		}
		for _, e := range errs {
			if !strings.Contains(e, "openapi/") {
				t.Errorf("%s: %s, want the operation's openapi rule", c.body, e)
			}
		}
	}
}
