package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/fixtures"
)

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	m := &Main{Stdout: &out, Stderr: io.Discard}
	if err := m.ParseFlags(args); err != nil {
		return "", err
	}
	err := m.Run(context.Background())
	return out.String(), err
}

// TestExportThenData: -export writes the generated dataset; -data of that file
// exports it again unchanged.
func TestExportThenData(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.json"), filepath.Join(dir, "second.json")
	if _, err := run(t, "-seed", "5", "-posts", "12", "-users", "4", "-terms", "6", "-media", "2", "-export", first); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, "-data", first, "-export", second); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("-data of an export, exported again, differs (%d and %d bytes)", len(a), len(b))
	}
	ds, err := fixtures.LoadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	for _, p := range ds.Posts {
		types[p.Type]++
	}
	// 6 categories and tags, and the header and footer menus
	if types["post"] != 12 || types["attachment"] != 2 || len(ds.Users) != 4 || len(ds.Terms) != 8 {
		t.Errorf("got %v, %d users, %d terms; want 12 posts, 2 media, 4 users, 8 terms", types, len(ds.Users), len(ds.Terms))
	}
	out, err := run(t, "-posts", "3", "-export", "-")
	if err != nil || !strings.HasPrefix(out, "{\n  \"version\": 1,") {
		t.Errorf("-export -: got %v %.40q", err, out)
	}
}

// TestBadData: a bad -data file stops wpmock with the file, record and field.
func TestBadData(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	bad := strings.Replace(string(fixtures.ExampleJSON()), `"author": 4,`, `"author": 44,`, 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := run(t, "-data", path, "-export", "-")
	if want := path + `: posts[6] (id 7): field "author": no user has id 44`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	good := filepath.Join(t.TempDir(), "good.json")
	if err := os.WriteFile(good, fixtures.ExampleJSON(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, "-data", good, "-posts", "10"); err == nil || !strings.Contains(err.Error(), "-posts") {
		t.Errorf("-data with -posts: got %v, want an error naming -posts", err)
	}
}

// TestDeclarationsTakeSeed: a file that only declares a site is generated, so -seed
// and the sizes shape it, and two seeds give two sites.
func TestDeclarationsTakeSeed(t *testing.T) {
	a, err := run(t, "-data", "../../fixtures/examples/shop.json", "-seed", "3", "-posts", "5", "-export", "-")
	if err != nil {
		t.Fatal(err)
	}
	b, err := run(t, "-data", "../../fixtures/examples/shop.json", "-seed", "4", "-posts", "5", "-export", "-")
	if err != nil {
		t.Fatal(err)
	}
	if a == b || !strings.Contains(a, `"type": "product"`) {
		t.Errorf("seeds 3 and 4: same export %v, products %v", a == b, strings.Contains(a, `"type": "product"`))
	}
}

// TestStrayArgumentsRefused: a word after the flags (a subcommand this build lacks, a
// flag without its dash, a value after a boolean flag) is refused before anything
// starts, naming the word, where it used to be ignored.
func TestStrayArgumentsRefused(t *testing.T) {
	for _, args := range [][]string{{"serve", "https://example.com/wp-json"}, {"posts", "5"}, {"-quiet", "true"}, {"-seed", "2", "serve"}} {
		m := &Main{Stdout: io.Discard, Stderr: io.Discard}
		err := m.ParseFlags(args)
		if err == nil || !strings.Contains(err.Error(), "unexpected argument") {
			t.Errorf("wpmock %s: got %v, want an unexpected argument error", strings.Join(args, " "), err)
		}
	}
	if err := (&Main{Stdout: io.Discard, Stderr: io.Discard}).ParseFlags([]string{"-seed", "2", "-quiet"}); err != nil {
		t.Errorf("flags only: %v", err)
	}
}

// TestNoteDeclarationsNotInREST: a declared post type, taxonomy or meta key without
// show_in_rest is named at start-up, one line each, with why it is not served
// (issue 46: such a type was silently absent); one with it is not.
func TestNoteDeclarationsNotInREST(t *testing.T) {
	path := filepath.Join(t.TempDir(), "declared.json")
	if err := os.WriteFile(path, []byte(`{"version": 1, "register": {
		"post_types": [{"name": "book", "public": true}, {"name": "event", "show_in_rest": true}],
		"taxonomies": [{"name": "genre", "object_type": ["book"]}, {"name": "venue", "object_type": ["event"], "show_in_rest": true}],
		"meta": [{"object_type": "post", "meta_key": "isbn", "type": "string"}, {"object_type": "post", "meta_key": "when", "type": "string", "show_in_rest": true}]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	_, stop := runMain(t, &Main{Stdout: &out, Stderr: io.Discard}, "-addr", "127.0.0.1:0", "-quiet", "-data", path)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "wpmock: note: ") {
			notes = append(notes, line)
		}
	}
	const why = ` is declared without "show_in_rest": true, so it is not served: WordPress keeps it out of the REST API`
	want := []string{"wpmock: note: post type \"book\"" + why, "wpmock: note: taxonomy \"genre\"" + why, "wpmock: note: meta \"isbn\" of post" + why}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("start-up notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
}
