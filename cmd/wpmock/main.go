// Command wpmock serves the mock WordPress REST API.
//
//	wpmock -addr 127.0.0.1:8080 -seed 1
//
// It prints a banner with the REST root and the seeded users' application passwords,
// logs one line per request, and shuts down gracefully on SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/wpmock/wpmock/mock"
)

func main() {
	m := &Main{Stdout: os.Stdout, Stderr: os.Stderr}
	if err := m.ParseFlags(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "wpmock:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := m.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "wpmock:", err)
		os.Exit(1)
	}
}

// Main is the program: flags in, a running server out. Tests start it on 127.0.0.1:0.
type Main struct {
	Addr    string
	Options mock.Options
	Quiet   bool
	Stdout  io.Writer
	Stderr  io.Writer

	// URL is the site URL once Run is listening.
	URL   string
	ready chan struct{}
}

// ParseFlags reads the command line and the WPMOCK_* environment variables.
func (m *Main) ParseFlags(args []string) error {
	fs := flag.NewFlagSet("wpmock", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.StringVar(&m.Addr, "addr", envOr("WPMOCK_ADDR", "127.0.0.1:8080"), "listen address")
	fs.Int64Var(&m.Options.Seed, "seed", 1, "dataset seed")
	fs.StringVar(&m.Options.SiteURL, "url", os.Getenv("WPMOCK_URL"), "site URL used in links (default: from each request's Host)")
	fs.StringVar(&m.Options.AdminAppPassword, "admin-app-password", os.Getenv("WPMOCK_ADMIN_APP_PASSWORD"), "application password of user admin")
	auth := fs.String("auth", envOr("WPMOCK_AUTH", "app-password"), "authentication: app-password, or open (every request acts as admin)")
	fs.BoolVar(&m.Quiet, "quiet", false, "no request log")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch *auth {
	case "app-password":
	case "open":
		m.Options.OpenAuth = true
	default:
		return fmt.Errorf("-auth must be app-password or open, not %q", *auth)
	}
	return nil
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Run serves until ctx is done, then shuts down gracefully.
func (m *Main) Run(ctx context.Context) error {
	if !m.Quiet {
		m.Options.Log = log.New(m.Stderr, "", log.LstdFlags)
	}
	site, err := mock.New(m.Options)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", m.Addr)
	if err != nil {
		return err
	}
	m.URL = "http://" + ln.Addr().String()
	m.banner(site)
	srv := &http.Server{Handler: site, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if m.ready != nil {
		close(m.ready)
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, "wpmock: stopped")
	return nil
}

func (m *Main) banner(site *mock.Mock) {
	root := m.URL + "/wp-json/"
	if m.Options.SiteURL != "" {
		root = m.Options.SiteURL + "/wp-json/"
	}
	fmt.Fprintf(m.Stdout, "wpmock: WordPress REST API mock at %s (seed %d)\n", root, m.Options.Seed)
	if m.Options.OpenAuth {
		fmt.Fprintln(m.Stdout, "wpmock: auth: open — every request acts as admin")
		return
	}
	fmt.Fprintln(m.Stdout, "wpmock: auth: application passwords over HTTP Basic, e.g.")
	logins := make([]string, 0, len(site.Passwords))
	for l := range site.Passwords {
		logins = append(logins, l)
	}
	sort.Strings(logins)
	for _, l := range logins {
		fmt.Fprintf(m.Stdout, "  curl -u '%s:%s' %swp/v2/users/me\n", l, site.Passwords[l], root)
	}
}
