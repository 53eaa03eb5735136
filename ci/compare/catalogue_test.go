package compare

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/rest"
)

// TestCatalogue sends every bad or odd request of the catalogue (catalogue_cases_test.go,
// catalogue_transport_test.go) to a real WordPress and to the mock answering as its
// version, and compares status and error code (for rest_invalid_param and
// rest_missing_callback_param: which parameters). The mock must never answer 5xx where
// WordPress answers below 500, and a request the mock refuses, or a read, must leave
// its dataset (GET /wpmock/v1/dataset as admin) exactly as it was. It runs with
// WPCOMPARE=1 (make catalogue).
func TestCatalogue(t *testing.T) {
	runCatalogue(t, openSides(t, true))
}

// TestCatalogueOnMock runs the catalogue against the mock alone, as make test does
// without a WordPress: no 5xx, and nothing refused changes the dataset.
func TestCatalogueOnMock(t *testing.T) {
	if testing.Short() {
		t.Skip("the catalogue is not short")
	}
	mk, m := mockSide(t, os.Getenv("WP_VERSION"))
	runCatalogue(t, &sides{mk: mk, mock: m})
}

// TestCatalogueCases keeps the catalogue large enough and its names unique, so that
// -run can pick any case.
func TestCatalogueCases(t *testing.T) {
	_, m := mockSide(t, "")
	cases := catalogue(m.Server().Routes())
	if len(cases) < 400 {
		t.Errorf("the catalogue has %d cases, want at least 400", len(cases))
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.name()] {
			t.Errorf("two cases named %q", c.name())
		}
		seen[c.name()] = true
	}
}

// catKnown are the differences from WordPress the catalogue accepts, each with its
// cause: rows globs over case names, paths over the differences' paths. Each is a
// request WordPress itself dies on with a PHP fatal error (500 internal_server_error,
// the error in php-error.log) while the mock answers what WordPress's own checks mean
// to answer; the mock does not imitate PHP crashes. 6.1 dies on all 13, 6.8 and 7.1
// on 8 (a password that is not a string no longer reaches hash_equals).
var catKnown = []allowance{
	{"wrong type: POST /wp/v2/posts/{cpost} as admin (password=*)", []string{"status", "code"},
		"rest_send_allow_header runs get_item_permissions_check, whose hash_equals($post->post_password, $request['password']) " +
			"throws a TypeError for a password that is not a string (the mock refuses it: 400 rest_invalid_param)"},
	{`wrong type: POST /wp/v2/*/{c*} as admin (template=[1,"a"])`, []string{"status", "code"},
		`check_template's isset($allowed_templates[$template]) throws "Illegal offset type" for a non-empty array ` +
			"(the mock refuses it: 400 rest_invalid_param)"},
	{`wrong type: POST /wp/v2/*/{c*} as admin (template={"a":{"b":1}})`, []string{"status", "code"},
		`check_template's isset($allowed_templates[$template]) throws "Illegal offset type" for a non-empty array ` +
			"(the mock refuses it: 400 rest_invalid_param)"},
	{"malformed JSON: POST /wp/v2/posts/{cpost} as admin (top-level *)", []string{"status", "code"},
		`a JSON body that is a scalar ("wpcat", 123, true) becomes $params['JSON'], and set_param then uses the scalar ` +
			`as an array ("Cannot use a scalar value as an array"); the mock reads it as no parameters, as it reads null`},
	{"method override: POST /wp/v2/posts/{cpost}?_method[]=DELETE (an array)", []string{"status", "code"},
		`set_method(strtoupper(array)) throws a TypeError; the mock takes it as the method "", which no route answers (404)`},
}

// catStats are the catalogue's figures for its summary line.
type catStats struct {
	cases, sameStatus, sameCode, mock5xx, wp5xx, differences, known int
	// unchanged counts the refused requests and reads after which the dataset was
	// byte for byte the same; changed those after which it was not.
	unchanged, changed int
}

func runCatalogue(t *testing.T, s *sides) {
	start := time.Now()
	cases := catalogue(s.mock.Server().Routes())
	sweepAround(t, s, catPrefix, "catalogue")
	for _, rw := range catSetup() {
		for _, tg := range s.each() {
			r, path, err := send(tg, &rw)
			if err != nil {
				t.Fatal(err)
			}
			if r.status != http.StatusCreated {
				t.Fatalf("setting the catalogue up: %s %s on %s: %s", rw.method, path, tg.name, r.summary())
			}
		}
	}
	for _, tg := range s.each() {
		catCredentials(tg)
		// Application passwords record their first use of the day: use each once now,
		// so that the snapshots below see only what the cases do.
		for _, l := range logins {
			if _, err := tg.call(http.MethodGet, "/wp/v2/users/me", l, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	before, err := snapshot(s.mk)
	if err != nil {
		t.Fatal(err)
	}
	last := before
	var st catStats
	for i := range cases {
		c := &cases[i]
		st.cases++
		t.Run(c.name(), func(t *testing.T) {
			var want *response
			if s.wp != nil {
				if want, _, err = sendCase(s.wp, &c.row); err != nil {
					t.Fatal(err)
				}
			}
			got, path, err := sendCase(s.mk, &c.row)
			if err != nil {
				t.Fatal(err)
			}
			after, err := snapshot(s.mk)
			if err != nil {
				t.Fatal(err)
			}
			if got.status >= 400 || readOnly(&c.row) {
				if bytes.Equal(last, after) {
					st.unchanged++
				} else {
					st.changed++
					t.Errorf("%s %s answered %s and changed the dataset, %s", c.method, path, got.summary(), firstDifference(last, after))
				}
			}
			last = after
			if got.status >= 500 {
				st.mock5xx++
			}
			if want == nil {
				// Alone, the mock may answer only the 5xx WordPress answers too: its
				// errors without a status (wp_insert_user's user_url_too_long, ...)
				if got.status >= 500 && (got.code() == "" || got.code() == rest.CodeInternal) {
					t.Errorf("%s %s: the mock answered %s", c.method, path, got.summary())
				}
				t.Logf("mock %s: %s", shorten(path, 200), shorten(got.summary(), 100))
				return
			}
			if want.status >= 500 {
				st.wp5xx++
			}
			t.Logf("WordPress: %s; mock %s: %s", shorten(want.summary(), 100), shorten(path, 200), shorten(got.summary(), 100))
			if got.status >= 500 && want.status < 500 {
				t.Errorf("%s %s: the mock answered %s where WordPress answered %s", c.method, path, got.summary(), want.summary())
			}
			diffs := judge(want, got)
			if got.status == want.status {
				st.sameStatus++
			}
			if !slices.ContainsFunc(diffs, func(d difference) bool { return d.path != "status" }) && got.code() == want.code() {
				st.sameCode++
			}
			if len(diffs) == 0 {
				return
			}
			st.differences++
			var msgs []string
			for _, d := range diffs {
				if reason := knownFor(c.name(), d); reason != "" {
					t.Logf("known difference: %s (%s)", d, reason)
					continue
				}
				msgs = append(msgs, "\t"+d.String())
			}
			if len(msgs) == 0 {
				st.known++
				return
			}
			t.Errorf("%s (WordPress: %s, mock: %s):\n%s", shorten(describeRow(&c.row), 300), shorten(want.summary(), 100),
				shorten(got.summary(), 100), strings.Join(msgs, "\n"))
		})
	}
	final, err := snapshot(s.mk)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("catalogue: the dataset was %d bytes before and %d after (what changed it were writes the mock accepted)", len(before), len(final))
	if s.wp == nil {
		t.Logf("catalogue (mock only): %d cases, %d mock 5xx; refused requests and reads: %d left the dataset unchanged, %d changed it (%s)",
			st.cases, st.mock5xx, st.unchanged, st.changed, time.Since(start).Round(time.Millisecond))
		return
	}
	t.Logf("catalogue: %d cases against WordPress %s, %d same status as WordPress, %d same code, %d mock 5xx (WordPress 5xx: %d), "+
		"%d differences (%d known); refused requests and reads: %d left the mock's dataset unchanged, %d changed it (%s)",
		st.cases, wpVersionName(), st.sameStatus, st.sameCode, st.mock5xx, st.wp5xx, st.differences, st.known, st.unchanged, st.changed,
		time.Since(start).Round(time.Millisecond))
}

// wpVersionName is the compared WordPress's version as its env file gives it.
func wpVersionName() string {
	if v := os.Getenv("WP_VERSION_FULL"); v != "" {
		return v
	}
	if v := os.Getenv("WP_VERSION"); v != "" {
		return v
	}
	return "(version unknown)"
}

// judge compares two answers to a catalogue case: the status, the error code, and for
// the parameter errors which parameters they name; a body that should be JSON and is
// not is a difference too.
func judge(want, got *response) []difference {
	var d differ
	if got.status != want.status {
		d.add("status", "got %d, want %d", got.status, want.status)
	}
	if got.code() != want.code() {
		d.add("code", "got %q, want %q", got.code(), want.code())
		return d
	}
	switch want.code() {
	case "rest_invalid_param", "rest_missing_callback_param":
		if w, g := paramNames(want), paramNames(got); w != g {
			d.add("data.params", "got [%s], want [%s]", g, w)
		}
	}
	if want.jsonErr == nil && got.jsonErr != nil {
		d.add("body", "not JSON: %v", got.jsonErr)
	}
	return d
}

// paramNames are the parameters a parameter error names, sorted.
func paramNames(r *response) string {
	m, _ := r.json.(map[string]any)
	data, _ := m["data"].(map[string]any)
	var names []string
	switch p := data["params"].(type) {
	case map[string]any:
		names = sortedKeys(p)
	case []any:
		for _, x := range p {
			names = append(names, fmt.Sprint(x))
		}
		slices.Sort(names)
	}
	return strings.Join(names, " ")
}

// knownFor returns the cause of a listed difference, "" if it is not listed.
func knownFor(name string, d difference) string {
	for _, a := range catKnown {
		if !glob(a.rows, name) {
			continue
		}
		for _, p := range a.paths {
			if glob(p, d.path) {
				return a.reason
			}
		}
	}
	return ""
}

// catCredentials gives a side the placeholders of the authorization cases: admin's
// credentials as a Basic header carries them, spelt in odd ways.
func catCredentials(tg *target) {
	pw := tg.passwords["admin"]
	tg.ids["adminauth"] = b64("admin:" + pw)
	tg.ids["adminnospace"] = b64("admin:" + strings.ReplaceAll(pw, " ", ""))
	tg.ids["adminlower"] = b64("admin:" + strings.ToLower(pw))
	tg.ids["adminwithedit"] = b64("admin:" + tg.passwords["editor"])
}

// sendCase sends a case to one side, its header values expanded too.
func sendCase(tg *target, rw *row) (*response, string, error) {
	c := *rw
	c.header = slices.Clone(rw.header)
	for i := 1; i < len(c.header); i += 2 {
		v, err := tg.expand(c.header[i])
		if err != nil {
			return nil, "", err
		}
		c.header[i] = v
	}
	return send(tg, &c)
}

// removeCreated force-deletes, newest first, what the cases made on this side, then
// whatever else carries the prefix.
func removeCreated(tg *target, p string) []error {
	var errs []error
	for i := len(tg.created) - 1; i >= 0; i-- {
		if err := deleteObject(tg, tg.created[i]); err != nil {
			errs = append(errs, err)
		}
	}
	tg.created = nil
	return append(errs, sweepPrefix(tg, p)...)
}

// shorten cuts s to n bytes for messages (cases carry bodies of 100,000 bytes).
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:n], len(s))
}
