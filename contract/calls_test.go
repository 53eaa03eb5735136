package contract

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/rest"
)

// changedCall is the call whose answer changedShape changes, by its rule id.
const changedCall = "calls/get-categories/anonymous/q-per_page/200"

// changedShape is a target with one shape changed: a category's count is a string.
var changedShape = editObjects(on("GET", "/wp/v2/categories"), func(m map[string]any) {
	if n, ok := m["count"].(float64); ok {
		m["count"] = fmt.Sprint(n)
	}
})

// recordFrontend plays a frontend's tests against a mock recording its calls (wpmock
// -record) and returns the file the recording was written to.
func recordFrontend(t *testing.T) string {
	t.Helper()
	rec := rest.NewCalls()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1, Record: rec})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(m)
	defer srv.Close()
	logins := map[string]string{}
	for _, u := range m.StartupKept().Users {
		if len(u.Roles) > 0 && logins[u.Roles[0]] == "" && m.Passwords[u.Login] != "" {
			logins[u.Roles[0]] = u.Login
		}
	}
	send := func(role, method, path, body string) map[string]any {
		req, _ := http.NewRequest(method, srv.URL+"/wp-json"+path, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if role != "" {
			req.SetBasicAuth(logins[role], m.Passwords[logins[role]])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v map[string]any
		json.NewDecoder(resp.Body).Decode(&v)
		return v
	}
	post := send("author", "POST", "/wp/v2/posts", `{"title":"Hello","content":"<p>Body</p>","status":"publish"}`)
	id := int(post["id"].(float64))
	send("author", "PUT", fmt.Sprintf("/wp/v2/posts/%d", id), `{"title":"Hello again"}`)
	send("", "GET", "/wp/v2/posts?per_page=5&_embed=1", "")
	send("", "GET", fmt.Sprintf("/wp/v2/posts/%d", id), "")
	send("editor", "GET", fmt.Sprintf("/wp/v2/posts/%d?context=edit", id), "")
	send("", "GET", "/wp/v2/posts/99999999", "")
	send("", "GET", "/wp/v2/categories?per_page=100", "")
	send("", "GET", "/wp/v2/tags?search=a", "")
	send("author", "GET", "/wp/v2/users/me?context=edit", "")
	send("subscriber", "POST", "/wp/v2/comments", fmt.Sprintf(`{"post":%d,"content":"Nice"}`, id))
	send("", "GET", "/wp/v2/types/post", "")
	send("administrator", "GET", "/wp/v2/media?per_page=2", "")
	var b bytes.Buffer
	if err := rec.WriteJSON(&b, m.Version()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "calls.json")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runCalls replays the recorded calls against a fresh mock, wrapped.
func runCalls(t *testing.T, path string, wrap func(http.Handler) http.Handler) *Report {
	t.Helper()
	m, err := mock.New(mock.Options{Control: control.Mount, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(wrap(m))
	defer srv.Close()
	rec := NewRecorder("contract")
	rep := Run(rec, Config{URL: srv.URL + "/wp-json", User: "admin", Password: m.Passwords["admin"], Calls: path, Strict: true})
	rec.Finish()
	return rep
}

// TestCallsPassUnchanged: the calls a frontend made against the mock, replayed against
// the mock (another run, its own ids), all pass, each a rule of the calls group, and
// nothing else runs.
func TestCallsPassUnchanged(t *testing.T) {
	suiteOnly(t)
	t.Parallel()
	path := recordFrontend(t)
	rep := runCalls(t, path, func(h http.Handler) http.Handler { return h })
	if rep.Failed() {
		t.Fatalf("the recorded calls fail against the unchanged mock:\n%s", rep.Text())
	}
	var ids []string
	for _, r := range rep.Rules {
		if strings.HasPrefix(r.ID, "calls/") {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) != 12 || len(rep.Groups) != 1 || rep.Groups[0].Name != "calls" {
		t.Errorf("rules %q, groups %+v: want the 12 calls, in the calls group alone", ids, rep.Groups)
	}
	if _, ok := rep.Rule(changedCall); !ok {
		t.Errorf("no rule %s among %q", changedCall, ids)
	}
}

// TestCallsCatchOneChangedShape: a target with one key's type changed fails on exactly
// the call that reads it, naming the key and the types. (The OpenAPI document's check of
// every response catches it too, under its own rule.)
func TestCallsCatchOneChangedShape(t *testing.T) {
	suiteOnly(t)
	t.Parallel()
	rep := runCalls(t, recordFrontend(t), changedShape)
	var failed []string
	for _, r := range rep.FailedRules() {
		if strings.HasPrefix(r.ID, "calls/") {
			failed = append(failed, r.ID)
		}
	}
	if len(failed) != 1 || failed[0] != changedCall {
		t.Fatalf("failed %q, want only %s\n%s", failed, changedCall, rep.Text())
	}
	t.Logf("the run against the changed target:\n%s", rep.Text())
	r, _ := rep.Rule(changedCall)
	if got := r.Gots[0]; !strings.Contains(got, "[0].count: got string") || !strings.Contains(got, "want number") {
		t.Errorf("the failure says %q, want the key and both types", got)
	}
}
