package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/contract"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
)

// site is the mock, optionally broken by wrap, and its admin's application password.
func site(t *testing.T, wrap func(http.Handler) http.Handler) (string, string) {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = m
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + "/wp-json", m.Passwords["admin"]
}

// run runs the program as the command line would, with env as its environment.
func run(t *testing.T, args []string, env map[string]string) (int, string) {
	t.Helper()
	var out bytes.Buffer
	m := &Main{Stdout: &out, Stderr: &out}
	if err := m.ParseFlags(args, func(k string) string { return env[k] }); err != nil {
		return exitUsage, err.Error()
	}
	return m.Run(context.Background()), out.String()
}

// allGroupsBut is a -skip list (WPCONTRACT_SKIP) of every group of the suite but keep.
// The cases that check how the program reads its flags and variables, and what it
// exits with on a defect, run only the groups they read: the program's whole run is
// the first case, and a defect failing that one rule of the whole suite is package
// contract's TestOneDefectOneRule; here they were three more runs of the whole suite.
func allGroupsBut(keep ...string) string {
	var skip []string
	for _, g := range contract.Groups() {
		if !slices.Contains(keep, g) {
			skip = append(skip, g)
		}
	}
	return strings.Join(skip, ",")
}

func TestExitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the contract suite")
	}
	url, pw := site(t, nil)
	dropped, dpw := site(t, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			for k, v := range rec.Header() {
				if !strings.EqualFold(k, "X-WP-TotalPages") {
					w.Header()[k] = v
				}
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
		})
	})
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
		code int
		want []string
	}{
		{"pass, flags", []string{"-url", url, "-user", "admin", "-password", pw, "-strict", "-report", dir}, nil, exitPass,
			[]string{"contract: PASS", "routes       pass"}},
		{"pass, variables", nil, map[string]string{"WPCONTRACT_URL": url, "WPCONTRACT_USER": "admin", "WPCONTRACT_PASSWORD": pw,
			"WPCONTRACT_SKIP": allGroupsBut("routes")}, exitPass, []string{"permissions  skipped", "routes       pass"}},
		{"a flag wins over its variable", []string{"-user", "admin"}, map[string]string{"WPCONTRACT_URL": url, "WPCONTRACT_USER": "nobody",
			"WPCONTRACT_PASSWORD": pw, "WPCONTRACT_SKIP": allGroupsBut("routes")}, exitPass, []string{"contract: PASS"}},
		{"wrong password", []string{"-url", url, "-user", "admin", "-password", "abcd abcd abcd abcd abcd abcd"}, nil, exitUsage,
			[]string{"contract: preflight: the credentials are rejected"}},
		{"a defect", []string{"-url", dropped, "-user", "admin", "-password", dpw, "-strict", "-skip", allGroupsBut("routes", "pagination")}, nil, exitFail,
			[]string{"FAIL pagination/total-pages ("}},
		{"coverage below -min-coverage", []string{"-url", url, "-user", "admin", "-password", pw, "-min-coverage", "0.99",
			"-skip", allGroupsBut("routes")},
			nil, exitFail, []string{"FAIL coverage/min-share (", "below -min-coverage 0.99", "contract: coverage: "}},
		{"a share is from 0 to 1", []string{"-url", url, "-min-coverage", "80"}, nil, exitUsage, []string{"want a share from 0 to 1"}},
		{"a calls file that is not one", []string{"-url", url, "-calls", filepath.Join(dir, "nothing.json")}, nil, exitUsage, []string{"-calls: "}},
		{"no url", nil, nil, exitUsage, []string{"no target"}},
		{"a bad flag", []string{"-nope"}, nil, exitUsage, []string{"unknown flag -nope (wpcontract -h lists them)"}},
		{"a mistyped flag", []string{"-ulr", url}, nil, exitUsage, []string{"unknown flag -ulr; did you mean -url? (wpcontract -h lists them)"}},
		{"a bad variable", nil, map[string]string{"WPCONTRACT_TIMEOUT": "soon"}, exitUsage, []string{"WPCONTRACT_TIMEOUT"}},
		{"version", []string{"-version"}, nil, exitPass, []string{"wpcontract ", "6.1, 6.8, 7.1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out := run(t, c.args, c.env)
			if code != c.code {
				t.Errorf("exit code %d, want %d\n%s", code, c.code, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if c.name == "wrong password" && strings.Count(out, "credentials are rejected") != 1 {
				t.Errorf("want the one preflight message once:\n%s", out)
			}
			if c.name == "a defect" && strings.Count(out, "\nFAIL ") != 1 {
				t.Errorf("want one failing rule:\n%s", out)
			}
		})
	}
	for _, f := range []string{"junit.xml", "summary.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("-report: %v", err)
		}
	}
}
