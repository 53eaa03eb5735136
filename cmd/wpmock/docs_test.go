package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The shell examples of the README and docs/ that a reader can paste are run here and
// their output compared with what the page shows, so that a change to the banner, the
// seeded data or an answer fails a test instead of leaving the docs wrong.
//
// An example is a ```console block: lines starting with "$ " are commands (a line
// ending in a backslash continues on the next), the lines after one are its output.
// In the output, "..." stands for any text within a line, and a line that is "..."
// alone for any number of lines (a timing, a long answer cut short). ```sh and plain
// ``` blocks are not run: they are for commands that need another program or machine
// (wpcontract, docker, npm) or whose output varies.
//
// Each page gets a mock of its own, started as `make run` starts it, in-process on a
// free port. The page shows the address wpmock listens on by default, 127.0.0.1:8080;
// commands have it replaced by the real one, and their output has the real one
// replaced by it. A command that starts wpmock (`make run`, `make run ARGS='...'`,
// `wpmock ...`, `npx wpmock ...`) replaces the page's mock with one started with those
// flags (an -addr among them becomes the address the page shows), and its output is
// the start-up output, the banner. Other commands run in bash (with pipefail) in a
// directory of the page's own, in the order the page gives them, so a write shows in
// the answers after it as it would to a reader trying them one after the other.

// docPages are the pages whose console blocks are run.
var docPages = []string{"README.md", "docs/*.md"}

// docDefaultAddr is the address wpmock listens on without -addr, as the pages show it.
const docDefaultAddr = "127.0.0.1:8080"

// docExample is one command of a console block and the output the page shows for it.
type docExample struct {
	page    string
	line    int
	command string
	want    []string
}

func TestDocsExamples(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed: the docs' examples use it")
	}
	var pages []string
	for _, pattern := range docPages {
		found, err := filepath.Glob(filepath.Join("..", "..", pattern))
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, found...)
	}
	total := 0
	for _, page := range pages {
		examples, err := readDocExamples(page)
		if err != nil {
			t.Fatal(err)
		}
		if len(examples) == 0 {
			continue
		}
		total += len(examples)
		name := strings.TrimPrefix(filepath.ToSlash(page), "../../")
		t.Run(name, func(t *testing.T) { runDocPage(t, examples) })
	}
	if total == 0 {
		t.Fatalf("no ```console examples in %v: the README's should be among them", docPages)
	}
}

// readDocExamples reads the console blocks of a markdown page.
func readDocExamples(page string) ([]docExample, error) {
	f, err := os.Open(page)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	name := strings.TrimPrefix(filepath.ToSlash(page), "../../")
	var out []docExample
	in, continued, commanded := false, false, false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t")
		switch {
		case !in:
			in, commanded = line == "```console", false
		case line == "```":
			in = false
		case continued:
			out[len(out)-1].command += "\n" + line
			continued = strings.HasSuffix(line, `\`)
		case strings.HasPrefix(line, "$ "):
			out = append(out, docExample{page: name, line: n, command: line[2:]})
			continued, commanded = strings.HasSuffix(line, `\`), true
		case !commanded:
			return nil, fmt.Errorf("%s:%d: a console block's first line must be a command ($ ...)", name, n)
		default:
			out[len(out)-1].want = append(out[len(out)-1].want, line)
		}
	}
	if in {
		return nil, fmt.Errorf("%s: a ```console block is not closed", name)
	}
	return out, sc.Err()
}

// runDocPage runs one page's examples in order against its own mock.
func runDocPage(t *testing.T, examples []docExample) {
	dir := t.TempDir()
	var site *docSite
	defer func() { site.stop(t) }()
	for _, ex := range examples {
		where := fmt.Sprintf("%s:%d: $ %s", ex.page, ex.line, ex.command)
		var got string
		if args, ok := wpmockArgs(ex.command); ok {
			site.stop(t)
			site = startDocSite(t, where, args)
			got = site.banner
		} else {
			if site == nil {
				site = startDocSite(t, where, nil)
			}
			got = site.run(t, where, dir, ex.command)
		}
		if !matchDocLines(ex.want, strings.Split(strings.TrimSuffix(got, "\n"), "\n")) {
			t.Errorf("%s\nthe page shows:\n%s\nit printed:\n%s", where, strings.Join(ex.want, "\n"), got)
		}
	}
}

// wpmockCommand is a command that starts the mock, with its arguments.
var wpmockCommand = regexp.MustCompile(`^(?:make run(?: ARGS=(?:'([^']*)'|"([^"]*)"))?|(?:npx )?wpmock((?: .*)?))$`)

// wpmockArgs are the flags of a command that starts the mock; ok is false for any
// other command.
func wpmockArgs(command string) (args []string, ok bool) {
	m := wpmockCommand.FindStringSubmatch(command)
	if m == nil {
		return nil, false
	}
	return shellWords(m[1] + m[2] + m[3]), true
}

// shellWords splits flags as a shell does, for the quoting the docs use: words
// separated by spaces, '...' and "..." kept whole.
func shellWords(s string) []string {
	var words []string
	var word strings.Builder
	quote, inWord := rune(0), false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ':
			if inWord {
				words = append(words, word.String())
				word.Reset()
			}
			inWord = false
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

// docSite is a page's mock: where the page says it listens and where it does.
type docSite struct {
	shown, real string // host:port
	banner      string
	stopMain    func() error
}

// startDocSite starts the mock with a page's flags on a free port.
func startDocSite(t *testing.T, where string, args []string) *docSite {
	t.Helper()
	s := &docSite{shown: docDefaultAddr}
	var flags []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-addr" && i+1 < len(args):
			s.shown = args[i+1]
			i++
		case strings.HasPrefix(a, "-addr="):
			s.shown = strings.TrimPrefix(a, "-addr=")
		default:
			flags = append(flags, a)
		}
	}
	out := &syncBuffer{}
	m := &Main{Stdout: out, Stderr: io.Discard}
	m.ready = make(chan struct{})
	if err := m.ParseFlags(append([]string{"-addr", "127.0.0.1:0"}, flags...)); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	select {
	case <-m.ready:
	case err := <-done:
		cancel()
		t.Fatalf("%s: wpmock stopped: %v\n%s", where, err, out.String())
	}
	s.real = strings.TrimPrefix(m.URL, "http://")
	s.banner = strings.ReplaceAll(out.String(), s.real, s.shown)
	s.stopMain = func() error { cancel(); return <-done }
	return s
}

// run runs a command against the site in dir, with its output as the page would show it.
func (s *docSite) run(t *testing.T, where, dir, command string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", strings.ReplaceAll(command, s.shown, s.real))
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	got := strings.ReplaceAll(string(out), s.real, s.shown)
	if err != nil {
		t.Errorf("%s: %v\n%s", where, err, got)
	}
	return got
}

// stop ends the site (nil: none started).
func (s *docSite) stop(t *testing.T) {
	if s == nil {
		return
	}
	if err := s.stopMain(); err != nil {
		t.Errorf("wpmock on %s: %v", s.real, err)
	}
}

// matchDocLines says whether got is what want shows: "..." in a line is any text, a
// line "..." alone any number of lines.
func matchDocLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0 || (len(got) == 1 && got[0] == "")
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchDocLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && matchDocLine(want[0], strings.TrimRight(got[0], " \t\r")) && matchDocLines(want[1:], got[1:])
}

// matchDocLine says whether a line is what a line of the page shows, "..." any text.
func matchDocLine(want, got string) bool {
	parts := strings.Split(want, "...")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(got, p)
		if i < 0 {
			return false
		}
		got = got[i+len(p):]
	}
	return len(got) >= len(last) && strings.HasSuffix(got, last)
}

// syncBuffer is the mock's standard output, written by Run while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestMatchDocLines: what "..." stands for in the docs' examples, and what it does not.
func TestMatchDocLines(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a\nb", "a\nb\nc", false},
		{"a\n...", "a\nb\nc", true},
		{"a\n...", "a", true},
		{"...\nc", "a\nb\nc", true},
		{"a\n...\nc", "a\nc", true},
		{"a\n...\nc", "a\nb", false},
		{"terms (...); POST", "terms (1.2s); POST", true},
		{"terms (...); POST", "terms (1.2s); GET", false},
		{"200 1.0...s", "200 1.004496s", true},
		{"200 1.0...s", "200 2.004496s", false},
		{"x...x", "x", false},
		{"a...b...c", "a1b2c", true},
		{"a...b...c", "a1c2b", false},
	} {
		if got := matchDocLines(strings.Split(c.want, "\n"), strings.Split(c.got, "\n")); got != c.ok {
			t.Errorf("the page shows %q, printed %q: matched %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}
