package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/wpmock/wpmock/cmd/internal/cmdline"
	"github.com/wpmock/wpmock/mock/clone"
)

// cloneUsage is the synopsis of `wpmock clone`.
const cloneUsage = "Usage: wpmock clone [-user NAME] [-password 'APP PASSWORD'] [-concurrency N] -o site.json URL"

// parseClone reads `wpmock clone`'s flags and its one argument, the site's URL or
// REST root; the credentials may come from WPMOCK_CLONE_USER and WPMOCK_CLONE_PASSWORD.
func (m *Main) parseClone(args []string) error {
	o := &clone.Options{User: os.Getenv("WPMOCK_CLONE_USER"), Password: os.Getenv("WPMOCK_CLONE_PASSWORD")}
	fs := flag.NewFlagSet("wpmock clone", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "%s\n\nCopies a WordPress site through its REST API into a dataset that wpmock -data serves.\n\nFlags:\n", cloneUsage)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.User, "user", o.User, "login to read as, besides anonymously (env WPMOCK_CLONE_USER)")
	fs.StringVar(&o.Password, "password", o.Password, "an application password of -user (env WPMOCK_CLONE_PASSWORD)")
	fs.IntVar(&o.Concurrency, "concurrency", 4, "requests in flight at once")
	fs.IntVar(&o.Retries, "retries", 5, "attempts after the first for a busy site (429, 502, 503, 504) or a network error")
	fs.StringVar(&o.Out, "o", "", "the dataset file to write (its journal, FILE.partial, lets an interrupted clone resume)")
	if err := cmdline.Parse(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() != 1:
		return fmt.Errorf("clone takes one URL (the site or its REST root) after its flags, got %d arguments (%s)", fs.NArg(), cloneUsage)
	case o.Out == "":
		return fmt.Errorf("clone: -o FILE is required (%s)", cloneUsage)
	case (o.User == "") != (o.Password == ""):
		return errors.New("clone: -user and -password go together")
	}
	if o.Retries == 0 {
		o.Retries = -1 // none; clone.Options takes 0 for its default
	}
	o.API = fs.Arg(0)
	m.clone = o
	return nil
}

// runClone clones the site and prints what it read and what it could not.
func (m *Main) runClone(ctx context.Context) error {
	o := *m.clone
	o.Progress = m.Stderr
	rep, err := clone.Run(ctx, o)
	if rep != nil {
		printCloneReport(m.Stdout, rep, o.Out)
	}
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("clone interrupted; what it read is kept in %s.partial: run the same command again to go on", o.Out)
	case err != nil:
		return err
	case rep.Recorded == 0:
		return errors.New("clone: nothing could be read")
	}
	return nil
}

// printCloneReport writes the counts, the notes and every failure.
func printCloneReport(w io.Writer, rep *clone.Report, out string) {
	fmt.Fprintf(w, "wpmock clone: %s", rep.API)
	if rep.Login != "" {
		fmt.Fprintf(w, " as %s", rep.Login)
	}
	if rep.Profile != "" { // detected once the walk is done
		fmt.Fprintf(w, ", WordPress %s (the copy answers as %s)", orUnknown(rep.WordPress), rep.Profile)
	}
	fmt.Fprintln(w)
	names := make([]string, 0, len(rep.Items))
	for k := range rep.Items {
		names = append(names, k)
	}
	sort.Strings(names)
	fmt.Fprint(w, "  items:")
	for _, k := range names {
		fmt.Fprintf(w, " %s %d", k, rep.Items[k])
	}
	fmt.Fprintf(w, "\n  %d answers recorded; %d requests (%d retried), %d from the journal; %d files (%s); %s\n",
		rep.Recorded, rep.Requests, rep.Retries, rep.FromJournal, rep.Files, clone.Bytes(rep.FileBytes), rep.Duration.Round(1e6))
	if rep.Size > 0 {
		fmt.Fprintf(w, "  wrote %s (%s): serve it with wpmock -data %s\n", out, clone.Bytes(rep.Size), out)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	if len(rep.Failures) > 0 {
		fmt.Fprintf(w, "  could not read (%d):\n", len(rep.Failures))
		for _, f := range rep.Failures {
			fmt.Fprintf(w, "    %s\n", f)
		}
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}
