package cmdline

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"
)

func testSet(out *bytes.Buffer) *flag.FlagSet {
	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Int64("seed", 1, "dataset seed")
	fs.Int("posts", 50, "posts")
	fs.Bool("persist", false, "write back")
	fs.Bool("quiet", false, "no log")
	fs.Float64("rate", 0, "a share")
	fs.Duration("idle-timeout", 30*time.Second, "idle")
	fs.String("data", "", "start from this dataset `file`")
	fs.String("wp-version", "", "the version")
	fs.Func("latency", "a delay", func(s string) error { return errors.New("want a duration such as 200ms") })
	fs.Func("faults", "a rate", func(s string) error { return fmt.Errorf("faults %q: want a number", s) })
	return fs
}

// TestParseMistakes: each mistake is one line naming the flag and what it wants, and
// nothing is printed (issue 46: a mistyped flag printed 104 lines of usage).
func TestParseMistakes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-sed", "1"}, "unknown flag -sed; did you mean -seed? (tool -h lists them)"},
		{[]string{"-wp-versoin", "6.8"}, "unknown flag -wp-versoin; did you mean -wp-version? (tool -h lists them)"},
		{[]string{"-persis"}, "unknown flag -persis; did you mean -persist? (tool -h lists them)"},
		{[]string{"--qiuet"}, "unknown flag -qiuet; did you mean -quiet? (tool -h lists them)"},
		{[]string{"-xyzzy"}, "unknown flag -xyzzy (tool -h lists them)"},
		{[]string{"-posts", "abc"}, `-posts "abc": want a whole number, such as 50`},
		{[]string{"-posts", "99999999999999999999"}, `-posts "99999999999999999999": want a whole number, such as 50`},
		{[]string{"-seed=x"}, `-seed "x": want a whole number, such as 1`},
		{[]string{"-rate", "lots"}, `-rate "lots": want a number, such as 0.5`},
		{[]string{"-idle-timeout", "5"}, `-idle-timeout "5": want a duration with its unit, such as 30s`},
		{[]string{"-quiet=maybe"}, `-quiet "maybe": want true or false`},
		{[]string{"-latency", "soon"}, `-latency "soon": want a duration such as 200ms`},
		{[]string{"-faults", "lots"}, `-faults "lots": want a number`},
		{[]string{"-data"}, "-data needs a value: start from this dataset file"},
		{[]string{"-posts"}, "-posts needs a value: want a whole number, such as 50"},
		{[]string{"---x"}, `"---x" is not a flag`},
	} {
		var out bytes.Buffer
		err := Parse(testSet(&out), c.args)
		if err == nil || err.Error() != c.want && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.args, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") || out.Len() > 0 {
			t.Errorf("%q: more than one line: error %q, printed %q", c.args, err, out.String())
		}
	}
}

// TestParseHelp: -h still prints the usage, and returns flag.ErrHelp.
func TestParseHelp(t *testing.T) {
	var out bytes.Buffer
	fs := testSet(&out)
	if err := Parse(fs, []string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: got %v, want flag.ErrHelp", err)
	}
	if !strings.Contains(out.String(), "-idle-timeout") {
		t.Errorf("-h printed %q, want the flags", out.String())
	}
	// the flag set's output and usage are the caller's again
	if fs.Output() != &out {
		t.Error("Parse left the flag set's output changed")
	}
}

// TestFlagPackageMessages pins the standard flag package's messages that Explain reads:
// should one change, the rewrite would silently stop and this test says so.
func TestFlagPackageMessages(t *testing.T) {
	for _, c := range []struct {
		args   []string
		prefix string
	}{
		{[]string{"-nope"}, msgUnknown},
		{[]string{"-posts"}, msgNeedsArg},
		{[]string{"---x"}, msgBadSyntax},
		{[]string{"-posts", "x"}, msgInvalid},
		{[]string{"-quiet=x"}, msgBoolValue},
	} {
		fs := testSet(&bytes.Buffer{})
		fs.Usage = func() {}
		if err := fs.Parse(c.args); err == nil || !strings.HasPrefix(err.Error(), c.prefix) {
			t.Errorf("%q: the flag package says %v, want it to start %q", c.args, err, c.prefix)
		}
	}
}

// TestNearest: a suggestion is close enough to be what was meant, or none.
func TestNearest(t *testing.T) {
	fs := testSet(&bytes.Buffer{})
	for name, want := range map[string]string{"sede": "seed", "post": "posts", "idle": "idle-timeout", "dta": "data", "zzz": "", "s": ""} {
		if got := Nearest(fs, name); got != want {
			t.Errorf("Nearest(%q): got %q, want %q", name, got, want)
		}
	}
}
