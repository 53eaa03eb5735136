// Command wpmock serves the mock WordPress REST API.
//
//	wpmock -addr 127.0.0.1:8080 -seed 1 -posts 50   # a generated site
//	wpmock -seed 7 -posts 1000 -export site.json    # save it as a dataset file
//	wpmock -data site.json                          # start from a dataset file
//	wpmock -data site.json -persist                 # ... and write changes back to it
//	wpmock clone -user admin -password '...' -o site.json https://site.example  # copy a live site
//
// It prints a banner with the REST root, the dataset and the users' application
// passwords, logs one line per request, and shuts down gracefully on SIGINT or SIGTERM.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/wpmock/wpmock/cmd/internal/cmdline"
	"github.com/wpmock/wpmock/cmd/internal/release"
	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/clone"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/dashboard"
	"github.com/wpmock/wpmock/mock/rest"
)

// version is the release, stamped at build time (make build and make dist pass
// -ldflags "-X main.version=v1.2.0"); empty, -version says what the Go toolchain
// recorded (release.Version).
var version = ""

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
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C during the graceful shutdown ends the process at once
	}()
	if err := m.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "wpmock:", err)
		os.Exit(1)
	}
}

// Main is the program: flags in, a running server out. Tests start it on 127.0.0.1:0.
type Main struct {
	// sizeFlags are the -seed and size flags given with -data: only a file that
	// declares a site without content takes them.
	sizeFlags []string
	Addr      string
	Options   mock.Options
	// Control configures the control plane mounted on the site (faults, webhooks,
	// named sites, the dashboard's sign-in).
	Control control.Options
	Quiet   bool
	// Data is a dataset file to start from instead of a generated site (-data).
	Data string
	// Persist writes the site's content back to Data after changes (-persist), at most
	// once every PersistDelay and once more on shutdown.
	Persist bool
	// Version prints the version and the WordPress versions instead of serving.
	Version bool
	// Export names a file to write the start-up dataset to, "-" for Stdout, instead
	// of serving (-export).
	Export string
	// Record names a file the distinct calls clients made are written to on shutdown
	// (-record; rest.Calls), readable meanwhile at GET /wp-json/wpmock/v1/calls.
	Record string
	// OpenAPI prints the OpenAPI document instead of serving.
	OpenAPI bool
	// DashboardLink is -dashboard-link: whether the banner's dashboard URL carries a
	// token that signs a browser in: linkAuto (on a loopback address), linkOn, linkOff.
	DashboardLink string
	// ReadyJSON prints one JSON line (ready.go) on Stdout once listening, after the
	// banner: the URL and the credentials, for programs that start the mock (-ready-json).
	ReadyJSON bool
	Stdout    io.Writer
	Stderr    io.Writer

	// Limits protect the server from slow and greedy clients. ParseFlags starts from
	// DefaultLimits; the zero Limits of a Main built by hand limit nothing.
	Limits Limits

	// clone, set by `wpmock clone ...`, clones a site instead of serving (clone.go).
	clone *clone.Options

	// URL is the site URL once Run is listening.
	URL   string
	ready chan struct{}

	// idleGrace is how long an idle keep-alive connection waits before it is parked
	// (park.go); zero: parkGrace. parker holds them once Run is listening (nil where
	// connections are not parked).
	idleGrace time.Duration
	parker    *parker
}

// envFlags are the flags a WPMOCK_* environment variable can set, each with an
// example value for -h; the command line wins over the environment.
var envFlags = []struct{ flag, env, example string }{
	{"addr", "WPMOCK_ADDR", "0.0.0.0:8080"},
	{"port", "WPMOCK_PORT", "8080"},
	{"url", "WPMOCK_URL", "http://localhost:8080"},
	{"seed", "WPMOCK_SEED", "7"},
	{"admin-app-password", "WPMOCK_ADMIN_APP_PASSWORD", "'abcd EFGH 1234 ijkl MNOP 5678'"},
	{"auth", "WPMOCK_AUTH", "open"},
	{"data", "WPMOCK_DATA", "/data/site.json"},
	{"persist", "WPMOCK_PERSIST", "1"},
	{"wp-version", "WPMOCK_WP_VERSION", "6.8"},
	{"permalinks", "WPMOCK_PERMALINKS", "/%year%/%monthnum%/%postname%/"},
	{"timezone", "WPMOCK_TIMEZONE", "Europe/Berlin"},
	{"record", "WPMOCK_RECORD", "calls.json"},
	{"latency", "WPMOCK_LATENCY", "50ms-400ms"},
	{"fault-rate", "WPMOCK_FAULT_RATE", "0.05"},
	{"webhook", "WPMOCK_WEBHOOK", "http://localhost:3000/api/revalidate"},
	{"webhook-preset", "WPMOCK_WEBHOOK_PRESET", "on-demand-revalidation"},
	{"webhook-secret", "WPMOCK_WEBHOOK_SECRET", "s3cret"},
	{"max-body", "WPMOCK_MAX_BODY", "10485760"},
	{"read-header-timeout", "WPMOCK_READ_HEADER_TIMEOUT", "10s"},
	{"body-timeout", "WPMOCK_BODY_TIMEOUT", "30s"},
	{"read-timeout", "WPMOCK_READ_TIMEOUT", "1m"},
	{"write-timeout", "WPMOCK_WRITE_TIMEOUT", "1m"},
	{"idle-timeout", "WPMOCK_IDLE_TIMEOUT", "30s"},
	{"max-header-bytes", "WPMOCK_MAX_HEADER_BYTES", "65536"},
	{"max-conns", "WPMOCK_MAX_CONNS", "256"},
	{"max-sites", "WPMOCK_MAX_SITES", "16"},
	{"dashboard-link", "WPMOCK_DASHBOARD_LINK", "off"},
}

// usage is -h: the flags, then every environment variable with an example.
func usage(fs *flag.FlagSet) func() {
	return func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: wpmock [flags]\n       wpmock clone [flags] URL   (copy a live site: wpmock clone -h)\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(out, "\nEnvironment variables (a flag given on the command line wins over its variable):\n")
		width := 0
		for _, e := range envFlags {
			width = max(width, len(e.env)+1+len(e.example))
		}
		for _, e := range envFlags {
			fmt.Fprintf(out, "  %-*s  -%s\n", width, e.env+"="+e.example, e.flag)
		}
	}
}

// ParseFlags reads the command line and the WPMOCK_* environment variables.
func (m *Main) ParseFlags(args []string) error {
	if len(args) > 0 && args[0] == "clone" {
		return m.parseClone(args[1:])
	}
	fs := flag.NewFlagSet("wpmock", flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = usage(fs)
	fs.BoolVar(&m.Version, "version", false, "print the version and the WordPress versions the mock answers as, and exit")
	listen := m.listenFlags(fs)
	fs.Int64Var(&m.Options.Seed, "seed", 1, "dataset seed")
	fs.StringVar(&m.Options.SiteURL, "url", "", "site URL used in links (default: from each request's Host)")
	fs.Func("latency", "delay every answer by a duration (200ms) or a random one in a range (50ms-400ms); per request: header X-WPMock-Latency", func(s string) error {
		l, err := control.ParseLatency(s)
		m.Control.Faults.Latency = l
		return err
	})
	fs.Func("fault-rate", "share of REST answers (0 to 1) replaced by a 500 or 503 in WordPress's error envelope; per request: header X-WPMock-Fault: 500|503|timeout|reset", func(s string) error {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 || v > 1 {
			return errors.New("want a number from 0 to 1, such as 0.05")
		}
		m.Control.Faults.FaultRate = v
		return nil
	})
	fs.StringVar(&m.Options.AdminAppPassword, "admin-app-password", "", "application password of user admin")
	auth := fs.String("auth", "app-password", "authentication: app-password, or open (every request acts as admin)")
	fs.BoolVar(&m.Quiet, "quiet", false, "no request log")
	fs.BoolVar(&m.ReadyJSON, "ready-json", false, "once listening, print one JSON line on stdout after the banner: url, rest, wordpress, auth, user, password (the admin's application password), users; for programs that start wpmock on -addr 127.0.0.1:0")
	fs.StringVar(&m.Data, "data", "", "start from this dataset file (fixtures/README.md) instead of a generated site")
	fs.BoolVar(&m.Persist, "persist", false, "write changes made through the API back to the -data file (atomically, at most once a second, and on shutdown)")
	fs.StringVar(&m.Record, "record", "", "record the distinct calls clients make (method, route, argument names, role, status, the shape of the answers) and write them to this file on shutdown, for wpcontract -calls; live at GET /wp-json/wpmock/v1/calls (admin)")
	fs.StringVar(&m.Export, "export", "", "write the dataset as JSON to this file (- for stdout) and exit")
	size := &m.Options.Size
	fs.IntVar(&size.Posts, "posts", fixtures.DefaultSize.Posts, "generated site: posts (revisions and media come on top)")
	fs.IntVar(&size.Comments, "comments", fixtures.DefaultSize.Comments, "generated site: comments (threaded, on published posts)")
	fs.IntVar(&size.Users, "users", fixtures.DefaultSize.Users, "generated site: users, admin included")
	fs.IntVar(&size.Terms, "terms", fixtures.DefaultSize.Terms, "generated site: categories and tags, Uncategorized included")
	fs.IntVar(&size.Media, "media", fixtures.DefaultSize.Media, "generated site: media items (images)")
	fs.IntVar(&size.Pages, "pages", fixtures.DefaultSize.Pages, "generated site: pages (a small hierarchy)")
	fs.BoolVar(&m.OpenAPI, "openapi", false, "print the OpenAPI document of the chosen version (fixtures/openapi.json for 6.1; -url sets its server) and exit")
	permalinks := fs.String("permalinks", "", "the site's permalink structure: /%year%/%monthnum%/%postname%/, plain, ... (default: the dataset's, else /%postname%/)")
	timezone := fs.String("timezone", "", "the site's time zone: a zone (Europe/Berlin) or an offset from UTC in hours (5.5, -3) (default: the dataset's, else UTC)")
	wpVersion := fs.String("wp-version", "", "answer as this WordPress version: "+strings.Join(rest.ProfileNames(), ", ")+" (default: the dataset's, else "+rest.Profiles[0].String()+")")
	// limits against slow and greedy clients; 0 turns one off
	l, def := &m.Limits, DefaultLimits
	fs.Int64Var(&m.Options.MaxBody, "max-body", 64<<20, "largest request body (uploads included) in bytes; larger ones get 413 rest_body_too_large")
	fs.DurationVar(&l.ReadHeaderTimeout, "read-header-timeout", def.ReadHeaderTimeout, "time to read a request's line and headers; 0: no limit")
	fs.DurationVar(&l.BodyTimeout, "body-timeout", def.BodyTimeout, "time to read a request's body once its headers are in; a slower body gets 408 rest_body_timeout; 0: no limit")
	fs.DurationVar(&l.ReadTimeout, "read-timeout", def.ReadTimeout, "time to read a whole request, headers and body; 0: no limit")
	fs.DurationVar(&l.WriteTimeout, "write-timeout", def.WriteTimeout, "time from the end of a request's headers to the end of its response (longer than -body-timeout); 0: no limit")
	fs.DurationVar(&l.IdleTimeout, "idle-timeout", def.IdleTimeout, "time a kept-alive connection may wait for its next request; 0: no limit")
	fs.IntVar(&l.MaxHeaderBytes, "max-header-bytes", def.MaxHeaderBytes, "largest request line and headers in bytes; larger ones get 431; 0: Go's 1 MiB")
	fs.IntVar(&l.MaxConns, "max-conns", def.MaxConns, "connections served at once, more wait to be accepted; 0: no limit")
	maxSites := fs.Int("max-sites", control.DefaultMaxSites, "named sites (/sites/<name>/wp-json/, one per test worker) alive at once; past it the least recently used ends; 0: no limit")
	hooks := &webhookFlags{}
	hooks.register(fs)
	for _, e := range envFlags {
		f := fs.Lookup(e.flag)
		f.Usage += " (env " + e.env + ")"
		if v := os.Getenv(e.env); v != "" {
			if err := cmdline.Set(fs, e.flag, v); err != nil {
				return fmt.Errorf("%s=%s: %v", e.env, v, err)
			}
		}
	}
	hooks.envDone()
	listen.envDone(m)
	if err := cmdline.Parse(fs, args); err != nil {
		return err
	}
	var err error
	if m.Addr, err = listen.addr(m); err != nil {
		return err
	}
	m.Control.Webhooks.Targets, err = hooks.targets()
	if err != nil {
		return err
	}
	if fs.NArg() > 0 {
		// wpmock takes flags only: a word after them (a misspelt flag without its
		// dash, a subcommand this build lacks) would otherwise be ignored and the
		// server would start as if it had not been given
		return fmt.Errorf("unexpected argument %q: wpmock takes flags only, and flags come before anything else (wpmock -h lists them; the one subcommand is clone, first)", fs.Arg(0))
	}
	site, err := mock.SiteOptions(*permalinks, *timezone)
	if err != nil {
		return err
	}
	m.Options.SiteOptions = site
	switch {
	case *maxSites < 0:
		return errors.New("-max-sites must be 0 (no limit) or more")
	case *maxSites == 0:
		m.Control.MaxSites = -1 // control.Options: no bound
	default:
		m.Control.MaxSites = *maxSites
	}
	if *wpVersion != "" {
		v, err := rest.ParseVersion(*wpVersion)
		if err != nil {
			return fmt.Errorf("-wp-version: %v", err)
		}
		m.Options.Version = v
	}
	if m.Data != "" {
		var sizeFlags []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "posts", "users", "terms", "media", "pages", "comments", "seed":
				sizeFlags = append(sizeFlags, "-"+f.Name)
			}
		})
		m.sizeFlags = sizeFlags // an error unless the file only declares a site (Run)
	}
	if m.Persist && m.Data == "" {
		return errors.New("-persist writes changes back to the dataset file the site starts from: give it with -data FILE (wpmock -export FILE writes a generated site to start from)")
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
	if l.WriteTimeout > 0 && l.BodyTimeout >= l.WriteTimeout {
		return fmt.Errorf("-write-timeout (%s) must be longer than -body-timeout (%s): it runs from the end of the headers too", l.WriteTimeout, l.BodyTimeout)
	}
	return nil
}

// Run serves until ctx is done, then shuts down gracefully.
func (m *Main) Run(ctx context.Context) (err error) {
	if m.clone != nil {
		return m.runClone(ctx)
	}
	if m.Version {
		return m.printVersion()
	}
	if m.OpenAPI {
		return m.printOpenAPI()
	}
	if !m.Quiet && m.Export == "" {
		m.Options.Log = log.New(m.Stderr, "", log.LstdFlags)
	}
	var saver *persister
	if m.Persist {
		saver = newPersister(m.Data, m.Stderr)
		m.Control.OnChange = saver.changed
	}
	start := time.Now()
	budget := int64(0)
	if m.Data == "" {
		budget = loadingBudget(m.Options.Size.Posts)
	}
	if m.Record != "" && m.Export == "" {
		m.Options.Record = rest.NewCalls()
	}
	loadingDone := tuneGCForLoading(budget)
	if m.Data != "" {
		ds, err := fixtures.LoadFile(m.Data)
		if err == nil && len(m.sizeFlags) > 0 && !ds.Declarations() {
			err = fmt.Errorf("%s shape a generated site, not one loaded with -data (only a file that declares a site without its content, such as fixtures/examples/shop.json, is generated)", strings.Join(m.sizeFlags, ", "))
		}
		if err != nil {
			loadingDone()
			return err
		}
		m.Options.Dataset = ds
	}
	if m.Export == "" && m.signsInByLink() {
		m.Control.DashboardToken = dashboard.NewToken()
	}
	site, err := m.newSite()
	loadingDone()
	if err != nil {
		return err
	}
	defer site.Close() // webhook deliveries still waiting are dropped
	loaded := time.Since(start)
	// what building a large site allocated and dropped goes back, and the collector is
	// tuned from the live heap left: on a goroutine of its own, since the collection
	// takes a second of a core at a million posts, and the site can answer meanwhile
	go func() {
		debug.FreeOSMemory()
		tuneGC()
	}()
	if m.Export != "" {
		return m.export(site)
	}
	tcp, err := net.Listen("tcp", m.Addr)
	if err != nil {
		return err
	}
	m.parker, err = newParker(cmp.Or(m.idleGrace, parkGrace))
	if err != nil {
		tcp.Close()
		return err
	}
	ln := newLimitListener(tcp, m.Limits.MaxConns, m.parker)
	m.URL = "http://" + reachableAddr(ln.Addr())
	m.banner(site, loaded)
	go site.Warm() // the lists' other orderings, while the first requests come in
	if saver != nil {
		// after the server has shut down, so the last request's change is in
		defer func() {
			if serr := saver.stop(); err == nil {
				err = serr
			}
		}()
		saver.start(site)
		fmt.Fprintf(m.Stdout, "wpmock: -persist: changes made through the API are written back to %s\n", m.Data)
	}
	if m.Options.Record != nil {
		fmt.Fprintf(m.Stdout, "wpmock: -record: the calls clients make are written to %s on shutdown; so far: GET %swpmock/v1/calls (admin)\n",
			m.Record, cmp.Or(m.Options.SiteURL, m.URL)+"/wp-json/")
	}
	var q quiet
	srv := m.Limits.httpServer(q.count(site))
	// the dashboard's request streams never end by themselves: a shutdown ends them,
	// or it would wait for them until its timeout
	srv.RegisterOnShutdown(site.Requests().Close)
	quietDone := make(chan struct{})
	defer close(quietDone)
	go q.release(quietDone)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if m.ReadyJSON {
		if err := m.printReady(site); err != nil {
			srv.Close()
			return err
		}
	}
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
	if err := m.writeCalls(site); err != nil {
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
	fmt.Fprintf(m.Stdout, "wpmock: WordPress REST API mock at %s, answering as WordPress %s\n", root, site.Version())
	m.datasetLine(site, loaded, root)
	webhookBanner(m.Stdout, m.Control.Webhooks.Targets, root)
	if m.Options.OpenAuth {
		fmt.Fprintln(m.Stdout, "wpmock: auth: open — every request acts as admin")
		return
	}
	fmt.Fprintln(m.Stdout, "wpmock: auth: application passwords over HTTP Basic, e.g.")
	// every user of a small site; the first user of each role (admin first) of a large one
	all := len(site.Passwords) <= 12
	shown, roles := 0, map[string]bool{}
	for _, u := range site.StartupKept().Users {
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

// writeCalls writes the recorded calls (-record), whole or not at all, once the server
// has stopped answering.
func (m *Main) writeCalls(site *mock.Mock) error {
	calls := m.Options.Record
	if calls == nil {
		return nil
	}
	if err := writeFileAtomic(m.Record, func(w io.Writer) error { return calls.WriteJSON(w, site.Version()) }); err != nil {
		return fmt.Errorf("-record: %w", err)
	}
	fmt.Fprintf(m.Stdout, "wpmock: -record: %d distinct calls written to %s (check a site against them: wpcontract -calls %s)\n",
		calls.Len(), m.Record, m.Record)
	return nil
}

// reachableAddr is the address to reach a listener at: one listening on every
// interface (0.0.0.0 or ::, as in the container) is reached at localhost.
func reachableAddr(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		return net.JoinHostPort("localhost", strconv.Itoa(tcp.Port))
	}
	return a.String()
}

// printVersion is -version: the build, and the WordPress versions the mock can answer as.
func (m *Main) printVersion() error {
	versions := make([]string, len(rest.Profiles))
	for i, v := range rest.Profiles {
		versions[i] = v.String()
	}
	_, err := fmt.Fprintf(m.Stdout, "wpmock %s (answers as WordPress %s; -wp-version picks one, default %s)\n",
		release.Version(version), strings.Join(versions, ", "), rest.V61)
	return err
}

// newSite builds the site with the control plane mounted: the wpmock/v1 routes, named
// sites, faults, webhooks and the dashboard (package mock/control).
func (m *Main) newSite() (*mock.Mock, error) {
	if m.Control.Webhooks.Log == nil {
		m.Control.Webhooks.Log = m.Options.Log
	}
	plane, err := control.New(m.Control)
	if err != nil {
		return nil, err
	}
	opts := m.Options
	opts.Control = plane.Mount
	site, err := mock.New(opts)
	if err != nil {
		plane.Close()
	}
	return site, err
}

// printOpenAPI writes the mock's OpenAPI document to Stdout.
func (m *Main) printOpenAPI() error {
	site, err := m.newSite()
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
	types, ds := site.StartupPosts(), site.StartupKept()
	fmt.Fprintf(m.Stdout, "wpmock: dataset %s: %d posts, %d revisions, %d media, %d users, %d terms (%s); POST %swpmock/v1/reset restores it\n",
		from, types["post"], types["revision"], types["attachment"], len(ds.Users), len(ds.Terms),
		loaded.Round(time.Millisecond), root)
	fmt.Fprintf(m.Stdout, "wpmock: a site of its own per test worker, from the same dataset: %ssites/<name>/wp-json/\n",
		strings.TrimSuffix(root, "wp-json/"))
	signIn := ""
	if m.Control.DashboardToken != "" {
		signIn = ", signed in by this link"
	}
	fmt.Fprintf(m.Stdout, "wpmock: dashboard (live requests, users, reset, snapshots, faults, webhooks, API document%s): %s\n",
		signIn, m.dashboardURL(strings.TrimSuffix(root, "/wp-json/")))
	for _, d := range ds.Register.NotInREST() {
		fmt.Fprintf(m.Stdout, "wpmock: note: %s is declared without \"show_in_rest\": true, so it is not served: WordPress keeps it out of the REST API\n", d)
	}
	if s := ds.Site; s != nil {
		replay := fmt.Sprintf("links go to the site, and its %d recorded answers are replayed until the first write", len(ds.Recorded))
		if site.Replaying() == 0 {
			replay = "served under -url, the mock answers everything itself"
		}
		fmt.Fprintf(m.Stdout, "wpmock: a clone of %s (WordPress %s, read as %s): %s\n",
			s.URL, s.WordPress, cmp.Or(s.User, "a visitor"), replay)
	}
}

// export writes the start-up dataset (-export). A file is written whole or not at
// all (writeFileAtomic), so an interrupted export never leaves half a dataset that a
// later -data would refuse.
func (m *Main) export(site *mock.Mock) error {
	if m.Export == "-" {
		return site.Export(m.Stdout)
	}
	return writeFileAtomic(m.Export, site.Dataset().Encode)
}
