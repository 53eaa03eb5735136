// Command wpcontract checks a WordPress REST API v2 site, or anything that claims to
// implement it, against the contract of WordPress 6.1, 6.8 and 7.1: the contract
// suite (package contract) as one self-contained binary for CI, with no Go toolchain
// and no file of this repository needed at run time.
//
//	wpcontract -url https://staging.example.com/wp-json -user admin -password 'xxxx xxxx xxxx xxxx xxxx xxxx' -report out/
//	WPCONTRACT_URL=... WPCONTRACT_USER=... WPCONTRACT_PASSWORD=... wpcontract
//
// Every flag has a WPCONTRACT_* variable; a flag given on the command line wins. It
// prints one line per group as it ends, then each failing rule once with the first
// three requests that broke it as curl lines, and writes junit.xml and summary.md to
// -report. The exit code is 0 when every rule held, 1 when one failed or the run was
// cut short, 2 when the preflight found the site cannot be checked (what to fix is
// printed) or the command line is wrong.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/wpmock/wpmock/cmd/internal/cmdline"
	"github.com/wpmock/wpmock/cmd/internal/release"
	"github.com/wpmock/wpmock/contract"
)

// version is the release, set at build time (-ldflags "-X main.version=v1.2.0");
// without it the VCS revision the binary was built from stands in.
var version = ""

// Exit codes.
const (
	exitPass  = 0 // every rule held
	exitFail  = 1 // a rule failed, or the run was cut short
	exitUsage = 2 // the preflight stopped the run, or the command line is wrong
)

func main() {
	m := &Main{Stdout: os.Stdout, Stderr: os.Stderr}
	if err := m.ParseFlags(os.Args[1:], os.Getenv); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "wpcontract:", err)
		os.Exit(exitUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(m.Run(ctx))
}

// Main is the program: flags in, an exit code out. Tests run it against the mock.
type Main struct {
	Config  contract.Config
	Timeout time.Duration // the whole run's budget (-timeout)
	Verbose bool          // print every rule's first failure in full (-v)
	Version bool          // print the version and exit (-version)
	Stdout  io.Writer
	Stderr  io.Writer
}

// envFlags are the flags a WPCONTRACT_* variable sets; the command line wins.
var envFlags = []struct{ flag, env string }{
	{"url", "WPCONTRACT_URL"},
	{"user", "WPCONTRACT_USER"},
	{"password", "WPCONTRACT_PASSWORD"},
	{"readonly", "WPCONTRACT_READONLY"},
	{"skip", "WPCONTRACT_SKIP"},
	{"report", "WPCONTRACT_REPORT"},
	{"wp-version", "WPCONTRACT_WP_VERSION"},
	{"strict", "WPCONTRACT_STRICT"},
	{"timeout", "WPCONTRACT_TIMEOUT"},
	{"calls", "WPCONTRACT_CALLS"},
	{"min-coverage", "WPCONTRACT_MIN_COVERAGE"},
}

// ParseFlags reads the command line, with getenv's WPCONTRACT_* variables as defaults.
func (m *Main) ParseFlags(args []string, getenv func(string) string) error {
	fs := flag.NewFlagSet("wpcontract", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	var skip string
	fs.StringVar(&m.Config.URL, "url", "", "the API root of the site to check, e.g. https://example.com/wp-json (WPCONTRACT_URL)")
	fs.StringVar(&m.Config.User, "user", "", "an administrator's login or email (WPCONTRACT_USER); without it only the anonymous checks run")
	fs.StringVar(&m.Config.Password, "password", "", "one of that user's application passwords (WPCONTRACT_PASSWORD; prefer the variable: a flag shows in ps)")
	fs.BoolVar(&m.Config.ReadOnly, "readonly", false, "skip every check that creates, changes or deletes (WPCONTRACT_READONLY)")
	fs.StringVar(&skip, "skip", "", "groups not to run, comma-separated: meta,media (WPCONTRACT_SKIP)")
	fs.StringVar(&m.Config.ReportDir, "report", "", "write junit.xml and summary.md to this directory (WPCONTRACT_REPORT)")
	fs.StringVar(&m.Config.WPVersion, "wp-version", "", "check the site as this WordPress version ("+strings.Join(contract.Versions(), ", ")+") instead of the one detected (WPCONTRACT_WP_VERSION)")
	fs.BoolVar(&m.Config.Strict, "strict", false, "exact key sets: no field beyond WordPress's own, even one the site's schema declares (WPCONTRACT_STRICT)")
	fs.DurationVar(&m.Timeout, "timeout", 30*time.Minute, "the whole run's budget; groups stop starting in time to clean up and report (WPCONTRACT_TIMEOUT)")
	fs.StringVar(&m.Config.Calls, "calls", "", "replay the calls recorded against the mock (wpmock -record FILE) and check the site answers each with the same status and shape, instead of the suite's own groups (WPCONTRACT_CALLS)")
	fs.Float64Var(&m.Config.MinCoverage, "min-coverage", 0, "fail the run when it checks less than this share (0.8) of the route methods the site's index exposes (WPCONTRACT_MIN_COVERAGE)")
	fs.BoolVar(&m.Verbose, "v", false, "print each failing rule's first failure in full, with the response")
	fs.BoolVar(&m.Version, "version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprintf(m.Stderr, "usage: wpcontract -url https://example.com/wp-json [-user admin -password '...'] [flags]\n\n"+
			"Checks a WordPress REST API v2 site against the contract of WordPress %s.\n"+
			"Exit code: 0 every rule held, 1 a rule failed, 2 the site cannot be checked or the command line is wrong.\n\n",
			strings.Join(contract.Versions(), ", "))
		fs.PrintDefaults()
	}
	if getenv != nil {
		for _, ef := range envFlags {
			if v := getenv(ef.env); v != "" {
				if err := cmdline.Set(fs, ef.flag, v); err != nil {
					return fmt.Errorf("%s=%q: %v", ef.env, v, err)
				}
			}
		}
	}
	if err := cmdline.Parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	m.Config.URL = strings.TrimRight(m.Config.URL, "/")
	for _, g := range strings.Split(skip, ",") {
		if g = strings.TrimSpace(g); g != "" {
			m.Config.Skip = append(m.Config.Skip, g)
		}
	}
	if m.Config.MinCoverage < 0 || m.Config.MinCoverage > 1 {
		return fmt.Errorf("-min-coverage %g: want a share from 0 to 1, such as 0.8", m.Config.MinCoverage)
	}
	if m.Timeout < time.Minute && !m.Version {
		return fmt.Errorf("-timeout %s is too short: the clean-up alone may need 30s", m.Timeout)
	}
	return nil
}

// Run runs the suite and returns the exit code. When ctx ends (SIGINT, SIGTERM) or
// the run overruns its budget, it stops the run: the clean-up runs and the reports are
// written, saying the run was cut short.
func (m *Main) Run(ctx context.Context) int {
	if m.Version {
		fmt.Fprintf(m.Stdout, "wpcontract %s (checks WordPress %s)\n", versionString(), strings.Join(contract.Versions(), ", "))
		return exitPass
	}
	cfg := m.Config
	cfg.Deadline = time.Now().Add(m.Timeout)
	cfg.Progress = m.Stdout
	fmt.Fprintf(m.Stdout, "wpcontract %s: checking %s\n", versionString(), cfg.URL)
	suite := contract.New(cfg)
	rec := contract.NewRecorder("wpcontract")
	done := make(chan *contract.Report, 1)
	go func() {
		rep := suite.Run(rec)
		rec.Finish()
		done <- rep
	}()
	// a group stuck on a request past the deadline is abandoned; the grace leaves the
	// clean-up its time
	watchdog := time.NewTimer(time.Until(cfg.Deadline) + 10*time.Second)
	defer watchdog.Stop()
	var rep *contract.Report
	select {
	case rep = <-done:
	case <-ctx.Done():
		rep = suite.Abort("interrupted (SIGINT or SIGTERM)")
	case <-watchdog.C:
		rep = suite.Abort(fmt.Sprintf("the run overran -timeout %s", m.Timeout))
	}
	if m.Verbose {
		for _, e := range rec.Errors() {
			fmt.Fprintf(m.Stdout, "\n%s\n", e)
		}
	}
	fmt.Fprint(m.Stdout, "\n"+rep.Text())
	if cfg.ReportDir != "" {
		fmt.Fprintf(m.Stdout, "wpcontract: reports in %s (junit.xml, summary.md)\n", cfg.ReportDir)
	}
	switch {
	case rep.Preflight != "":
		return exitUsage
	case rep.Failed():
		return exitFail
	}
	return exitPass
}

// versionString is the release, or the revision the binary was built from.
func versionString() string { return release.Version(version) }
