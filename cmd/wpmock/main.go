// Command wpmock serves the mock WordPress REST API.
//
//	wpmock -addr 127.0.0.1:8080 -seed 1 -posts 50   # a generated site
//	wpmock -seed 7 -posts 1000 -export site.json    # save it as a dataset file
//	wpmock -data site.json                          # start from a dataset file
//
// It prints a banner with the REST root, the dataset and the users' application
// passwords, logs one line per request, and shuts down gracefully on SIGINT or SIGTERM.
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
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/wpmock/wpmock/fixtures"
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
	// Data is a dataset file to start from instead of a generated site (-data).
	Data string
	// Export names a file to write the start-up dataset to, "-" for Stdout, instead
	// of serving (-export).
	Export string
	// OpenAPI prints the OpenAPI document instead of serving.
	OpenAPI bool
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
	fs.Int64Var(&m.Options.MaxBody, "max-body", 64<<20, "largest request body (uploads included) in bytes; larger ones get 413 rest_body_too_large")
	fs.StringVar(&m.Data, "data", os.Getenv("WPMOCK_DATA"), "start from this dataset file (fixtures/README.md) instead of a generated site")
	fs.StringVar(&m.Export, "export", "", "write the dataset as JSON to this file (- for stdout) and exit")
	size := &m.Options.Size
	fs.IntVar(&size.Posts, "posts", fixtures.DefaultSize.Posts, "generated site: posts (revisions and media come on top)")
	fs.IntVar(&size.Users, "users", fixtures.DefaultSize.Users, "generated site: users, admin included")
	fs.IntVar(&size.Terms, "terms", fixtures.DefaultSize.Terms, "generated site: categories and tags, Uncategorized included")
	fs.IntVar(&size.Media, "media", fixtures.DefaultSize.Media, "generated site: media items (images)")
	fs.BoolVar(&m.OpenAPI, "openapi", false, "print the OpenAPI document (fixtures/openapi.json; -url sets its server) and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if m.Data != "" {
		var sizeFlags []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "posts", "users", "terms", "media", "seed":
				sizeFlags = append(sizeFlags, "-"+f.Name)
			}
		})
		if len(sizeFlags) > 0 {
			return fmt.Errorf("%s shape a generated site, not one loaded with -data", strings.Join(sizeFlags, ", "))
		}
	}
	if *size == (fixtures.Size{}) {
		size.Users = 1 // all zero: the smallest site, not the default one
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
	if m.OpenAPI {
		return m.printOpenAPI()
	}
	if !m.Quiet && m.Export == "" {
		m.Options.Log = log.New(m.Stderr, "", log.LstdFlags)
	}
	start := time.Now()
	if m.Data != "" {
		ds, err := fixtures.LoadFile(m.Data)
		if err != nil {
			return err
		}
		m.Options.Dataset = ds
	}
	site, err := mock.New(m.Options)
	if err != nil {
		return err
	}
	loaded := time.Since(start)
	debug.FreeOSMemory() // what building a large site allocated and dropped goes back
	if m.Export != "" {
		return m.export(site)
	}
	ln, err := net.Listen("tcp", m.Addr)
	if err != nil {
		return err
	}
	m.URL = "http://" + ln.Addr().String()
	m.banner(site, loaded)
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

func (m *Main) banner(site *mock.Mock, loaded time.Duration) {
	root := m.URL + "/wp-json/"
	if m.Options.SiteURL != "" {
		root = m.Options.SiteURL + "/wp-json/"
	}
	fmt.Fprintf(m.Stdout, "wpmock: WordPress REST API mock at %s\n", root)
	m.datasetLine(site, loaded, root)
	if m.Options.OpenAuth {
		fmt.Fprintln(m.Stdout, "wpmock: auth: open — every request acts as admin")
		return
	}
	fmt.Fprintln(m.Stdout, "wpmock: auth: application passwords over HTTP Basic, e.g.")
	// every user of a small site; the first user of each role (admin first) of a large one
	all := len(site.Passwords) <= 12
	shown, roles := 0, map[string]bool{}
	for _, u := range site.StartupDataset().Users {
		pw, ok := site.Passwords[u.Login]
		if !ok || len(u.Roles) == 0 || (!all && roles[u.Roles[0]]) {
			continue
		}
		roles[u.Roles[0]] = true
		shown++
		fmt.Fprintf(m.Stdout, "  curl -u '%s:%s' %swp/v2/users/me   # %s\n", u.Login, pw, root, u.Roles[0])
	}
	if more := len(site.Passwords) - shown; more > 0 {
		fmt.Fprintf(m.Stdout, "  (%d more users; as admin, give any of them an application password: POST %swp/v2/users/<id>/application-passwords)\n", more, root)
	}
}

// printOpenAPI writes the mock's OpenAPI document to Stdout.
func (m *Main) printOpenAPI() error {
	site, err := mock.New(m.Options)
	if err != nil {
		return err
	}
	doc, err := site.OpenAPIJSON(m.Options.SiteURL)
	if err != nil {
		return err
	}
	_, err = m.Stdout.Write(doc)
	return err
}

// datasetLine says what the site holds and where it came from.
func (m *Main) datasetLine(site *mock.Mock, loaded time.Duration, root string) {
	from := fmt.Sprintf("generated from seed %d", m.Options.Seed)
	if m.Data != "" {
		from = "from " + m.Data
	}
	ds := site.StartupDataset()
	types := map[string]int{}
	for _, p := range ds.Posts {
		types[p.Type]++
	}
	fmt.Fprintf(m.Stdout, "wpmock: dataset %s: %d posts, %d revisions, %d media, %d users, %d terms (%s); POST %swpmock/v1/reset restores it\n",
		from, types["post"], types["revision"], types["attachment"], len(ds.Users), len(ds.Terms),
		loaded.Round(time.Millisecond), root)
}

// export writes the start-up dataset (-export).
func (m *Main) export(site *mock.Mock) error {
	if m.Export == "-" {
		return site.Export(m.Stdout)
	}
	return site.Dataset().WriteFile(m.Export)
}
