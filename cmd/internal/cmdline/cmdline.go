// Package cmdline parses the commands' flags so that a mistake costs one line: the
// standard flag package answers a mistyped flag with its error and then the whole
// usage (a hundred lines for wpmock), with no word of what was meant. Parse answers
// with one error naming the flag and, for an unknown one, the nearest known flag; -h
// still prints the usage.
package cmdline

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// The standard flag package's messages (flag.FlagSet.failf), which Parse rewrites.
// They have not changed since Go 1.0; TestFlagPackageMessages pins them.
const (
	msgUnknown   = "flag provided but not defined: -"
	msgNeedsArg  = "flag needs an argument: -"
	msgBadSyntax = "bad flag syntax: "
	msgInvalid   = "invalid value "
	msgBoolValue = "invalid boolean value "
	msgBoolFlag  = "invalid boolean flag "
)

// Parse parses args into fs. -h and -help print fs's usage to its output and return
// flag.ErrHelp; any other mistake prints nothing and returns one line, which the
// command prints prefixed with its name:
//
//	unknown flag -sed; did you mean -seed? (wpmock -h lists them)
//	-posts abc: want a whole number, such as 50
func Parse(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		if usage != nil {
			usage()
		} else {
			fs.PrintDefaults()
		}
		return err
	}
	return Explain(fs, err)
}

// Explain turns one of the flag package's errors into a line that says what was
// wrong and what the flag wants.
func Explain(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	help := fmt.Sprintf("(%s -h lists them)", fs.Name())
	switch {
	case strings.HasPrefix(msg, msgUnknown):
		name := strings.TrimPrefix(msg, msgUnknown)
		if near := Nearest(fs, name); near != "" {
			return fmt.Errorf("unknown flag -%s; did you mean -%s? %s", name, near, help)
		}
		return fmt.Errorf("unknown flag -%s %s", name, help)
	case strings.HasPrefix(msg, msgNeedsArg):
		name := strings.TrimPrefix(msg, msgNeedsArg)
		return fmt.Errorf("-%s needs a value: %s", name, Wants(fs.Lookup(name)))
	case strings.HasPrefix(msg, msgBadSyntax):
		return fmt.Errorf("%q is not a flag: flags are -name or -name=value %s", strings.TrimPrefix(msg, msgBadSyntax), help)
	case strings.HasPrefix(msg, msgInvalid), strings.HasPrefix(msg, msgBoolValue):
		// invalid value "abc" for flag -posts: parse error
		// invalid boolean value "x" for -quiet: parse error
		var value, name, reason string
		rest := strings.TrimPrefix(strings.TrimPrefix(msg, msgInvalid), msgBoolValue)
		if q, after, ok := cutQuoted(rest); ok {
			value = q
			after = strings.TrimPrefix(strings.TrimPrefix(after, " for flag -"), " for -")
			name, reason, _ = strings.Cut(after, ": ")
		}
		f := fs.Lookup(name)
		if f == nil {
			return err
		}
		// a flag's own error may name the flag and value again: latency "x": want ...
		reason = strings.TrimPrefix(reason, name+" "+value+": ")
		return fmt.Errorf("-%s %s: %s", name, value, whatWasWrong(f, reason))
	case strings.HasPrefix(msg, msgBoolFlag):
		name, _, _ := strings.Cut(strings.TrimPrefix(msg, msgBoolFlag), ":")
		return fmt.Errorf("-%s: want true or false (or the flag alone for true)", name)
	}
	return err
}

// cutQuoted splits a Go-quoted string off the front of s.
func cutQuoted(s string) (unquoted, rest string, ok bool) {
	for i := 1; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == '"' {
			var v string
			if _, err := fmt.Sscanf(s[:i+1], "%q", &v); err != nil {
				return "", s, false
			}
			return s[:i+1], s[i+1:], true
		}
	}
	return "", s, false
}

// whatWasWrong is the reason a value was refused: the flag's own explanation (a Func
// flag's error, "want a number from 0 to 1"), or what its type wants where the flag
// package only says "parse error" or "value out of range".
func whatWasWrong(f *flag.Flag, reason string) string {
	if reason != "" && reason != "parse error" && reason != "value out of range" {
		return reason
	}
	return Wants(f)
}

// Wants says what a flag takes, from the type of its value; for a string or a flag of
// its own type, its usage line's first clause.
func Wants(f *flag.Flag) string {
	if f == nil {
		return "want a value"
	}
	if g, ok := f.Value.(flag.Getter); ok {
		switch v := g.Get().(type) {
		case bool:
			return "want true or false"
		case int, int64, uint, uint64:
			return fmt.Sprintf("want a whole number, such as %s", example(f.DefValue, "50"))
		case float64:
			return fmt.Sprintf("want a number, such as %s", example(f.DefValue, "0.5"))
		case time.Duration:
			return fmt.Sprintf("want a duration with its unit, such as %s", example(v.String(), "30s"))
		}
	}
	usage, _, _ := strings.Cut(f.Usage, "; ")
	usage, _, _ = strings.Cut(usage, " (env ")
	_, usage = flag.UnquoteUsage(&flag.Flag{Usage: usage, Value: f.Value})
	return usage
}

// example is a flag's default as an example, unless it is zero.
func example(def, fallback string) string {
	if def == "" || def == "0" || def == "0s" {
		return fallback
	}
	return def
}

// Nearest is the defined flag closest to name, "" when none is close enough to be
// what was meant: within a third of the name's length in edits (at least one), or a
// flag the name is a prefix of (-persis for -persist).
func Nearest(fs *flag.FlagSet, name string) string {
	name = strings.ToLower(strings.TrimLeft(name, "-"))
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	sort.Strings(names) // a tie goes to the first in alphabetical order
	best, bestD := "", -1
	for _, n := range names {
		d := distance(name, n)
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if best != "" && bestD <= max(1, len(name)/3) {
		return best
	}
	for _, n := range names {
		if len(name) >= 3 && strings.HasPrefix(n, name) {
			return n
		}
	}
	return ""
}

// distance is the Damerau-Levenshtein distance (optimal string alignment): an
// insertion, a deletion, a substitution or two letters swapped count one each.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// Set sets a flag from elsewhere than the command line (an environment variable),
// explaining a refused value as Parse does.
func Set(fs *flag.FlagSet, name, value string) error {
	err := fs.Set(name, value)
	if err == nil {
		return nil
	}
	if f := fs.Lookup(name); f != nil {
		return errors.New(whatWasWrong(f, err.Error()))
	}
	return err
}
