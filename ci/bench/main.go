// Command bench measures the mock over HTTP against a baseline taken in the same run
// (make bench-http): for each URL it records the mock's answer (status, headers, body),
// serves exactly those bytes from a minimal Go net/http server (this program started as
// "static"), and drives both with wrk, alternating them round after round, each server
// pinned to one core and wrk to the other. It prints requests/s, p50 and p99 for both and
// the mock's share of the static server's throughput. The machine is shared and noisy,
// so only the ratio between two servers measured side by side means anything.
//
//	go run ./ci/bench                      # the default cases, 3 rounds of 5 s each
//	go run ./ci/bench -rounds 1 -duration 3s -posts 100000
package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// adminPassword is the application password the mock under test gives its admin.
const adminPassword = "bnch MARK pass w0rd 1234 abcd"

// benchCase is one URL driven by wrk; admin sends the admin's application password.
type benchCase struct {
	name, path string
	admin      bool
}

// cases are the URLs measured; %FIRST:<collection>% is the id of the collection's
// first item. The site is the default generated one with the CI site's own
// declarations (ci/wordpress/site/customized.json: books, genres, meta and plugin
// fields), so a site's own type is measured beside core's posts in the same run.
var cases = []benchCase{
	{"posts page", "/wp-json/wp/v2/posts", false},
	{"posts page _embed", "/wp-json/wp/v2/posts?_embed", false},
	{"posts page edit (admin)", "/wp-json/wp/v2/posts?context=edit", true},
	{"single post", "/wp-json/wp/v2/posts/%FIRST:posts%", false},
	{"tags page", "/wp-json/wp/v2/tags", false},
	{"books page (a custom type)", "/wp-json/wp/v2/books", false},
	{"books by genre (a custom taxonomy)", "/wp-json/wp/v2/books?genres=%FIRST:genres%", false},
	{"single book", "/wp-json/wp/v2/books/%FIRST:books%", false},
}

// declarations is the dataset the measured mock serves: it only declares, so the
// site is generated (with -posts too).
const declarations = "ci/wordpress/site/customized.json"

// firstPlaceholder is %FIRST:<collection>%.
var firstPlaceholder = regexp.MustCompile(`%FIRST:([a-z-]+)%`)

func main() {
	if len(os.Args) > 2 && os.Args[1] == "static" {
		if err := serveStatic(os.Args[2], os.Args[3]); err != nil {
			fmt.Fprintln(os.Stderr, "bench static:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type config struct {
	rounds   int
	duration time.Duration
	conns    int
	posts    int
	bin      string
	only     string
}

func run(args []string) error {
	var c config
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.IntVar(&c.rounds, "rounds", 3, "rounds; each round runs the mock then the static server once per case")
	fs.DurationVar(&c.duration, "duration", 5*time.Second, "wrk run length")
	fs.IntVar(&c.conns, "conns", 16, "wrk connections")
	fs.IntVar(&c.posts, "posts", 0, "generated posts (0: the default site)")
	fs.StringVar(&c.bin, "bin", "", "wpmock binary to measure (default: go build ./cmd/wpmock)")
	fs.StringVar(&c.only, "only", "", "run only the cases whose name contains this")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		return errors.New("wrk is not installed (apt-get install wrk; make bench-http installs it)")
	}
	tmp, err := os.MkdirTemp("", "wpmock-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if c.bin == "" {
		c.bin = filepath.Join(tmp, "wpmock")
		if out, err := exec.Command("go", "build", "-o", c.bin, "./cmd/wpmock").CombinedOutput(); err != nil {
			return fmt.Errorf("go build ./cmd/wpmock: %v\n%s", err, out)
		}
	}
	mockArgs := []string{"-quiet", "-admin-app-password", adminPassword, "-data", declarations}
	if c.posts > 0 {
		mockArgs = append(mockArgs, "-posts", strconv.Itoa(c.posts))
	}
	mock, err := start(serverCore, c.bin, mockArgs...)
	if err != nil {
		return err
	}
	defer mock.stop()

	// the answers the static server repeats, recorded from the mock
	var todo []benchCase
	recorded := map[string]answer{}
	for _, bc := range cases {
		if !strings.Contains(bc.name, c.only) {
			continue
		}
		if m := firstPlaceholder.FindStringSubmatch(bc.path); m != nil {
			id, err := firstID(mock.url, m[1])
			if err != nil {
				return err
			}
			bc.path = strings.ReplaceAll(bc.path, m[0], strconv.Itoa(id))
		}
		a, err := record(mock.url+bc.path, bc.admin)
		if err != nil {
			return fmt.Errorf("%s: %v", bc.name, err)
		}
		recorded[bc.path] = a
		todo = append(todo, bc)
	}
	answers := filepath.Join(tmp, "answers.json")
	if err := writeJSON(answers, recorded); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	static, err := start(serverCore, self, "static", answers)
	if err != nil {
		return err
	}
	defer static.stop()

	fmt.Printf("bench: %d cases, %d rounds of %s per server, wrk -t1 -c%d; servers on core %s, wrk on core %s; GOMAXPROCS of the harness %d\n",
		len(todo), c.rounds, c.duration, c.conns, serverCore, wrkCore, runtime.GOMAXPROCS(0))
	results := make(map[string]*pair)
	for r := 0; r < c.rounds; r++ {
		for _, bc := range todo {
			p := results[bc.name]
			if p == nil {
				p = &pair{}
				results[bc.name] = p
			}
			for _, side := range []struct {
				srv  *server
				runs *[]wrkResult
			}{{mock, &p.mock}, {static, &p.static}} {
				res, err := drive(side.srv.url+bc.path, bc.admin, c)
				if err != nil {
					return fmt.Errorf("%s: %v", bc.name, err)
				}
				*side.runs = append(*side.runs, res)
			}
		}
	}
	fmt.Printf("\n%-26s %8s %12s %8s %8s %12s %8s %7s\n", "case (bytes)", "", "mock req/s", "p50", "p99", "static req/s", "p99", "ratio")
	for _, bc := range todo {
		p := results[bc.name]
		m, s := median(p.mock), median(p.static)
		fmt.Printf("%-26s %8d %12.0f %8s %8s %12.0f %8s %6.1f%%\n", bc.name, len(recorded[bc.path].Body),
			m.rps, ms(m.p50), ms(m.p99), s.rps, ms(s.p99), 100*m.rps/s.rps)
	}
	return nil
}

// The cores the servers and wrk are pinned to (taskset), when the machine has two.
var serverCore, wrkCore = "0", "1"

type pair struct{ mock, static []wrkResult }

// median is the run with the median throughput, with its own latencies.
func median(runs []wrkResult) wrkResult {
	sorted := append([]wrkResult(nil), runs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].rps < sorted[j].rps })
	return sorted[len(sorted)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }

// answer is one recorded response.
type answer struct {
	Status int
	Header http.Header
	Body   []byte
}

func basicAuth() string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte("admin:"+adminPassword))
}

func record(url string, admin bool) (answer, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if admin {
		req.Header.Set("Authorization", basicAuth())
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return answer{}, err
	}
	if res.StatusCode != http.StatusOK {
		return answer{}, fmt.Errorf("GET %s: %d %s", url, res.StatusCode, body)
	}
	res.Header.Del("Date") // net/http adds its own, as it does for the mock
	res.Header.Del("Content-Length")
	return answer{res.StatusCode, res.Header, body}, nil
}

// firstID is the id of the first item of the collection (posts, books, genres).
func firstID(base, collection string) (int, error) {
	res, err := http.Get(base + "/wp-json/wp/v2/" + collection + "?per_page=1&_fields=id")
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var posts []struct{ ID int }
	if err := json.NewDecoder(res.Body).Decode(&posts); err != nil || len(posts) == 0 {
		return 0, fmt.Errorf("the first %s id: %v", collection, err)
	}
	return posts[0].ID, nil
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// serveStatic is the baseline: a plain net/http server writing the recorded headers
// and bytes for each recorded path, nothing computed per request.
func serveStatic(answers, addr string) error {
	b, err := os.ReadFile(answers)
	if err != nil {
		return err
	}
	recorded := map[string]answer{}
	if err := json.Unmarshal(b, &recorded); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := recorded[r.URL.RequestURI()]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		for k, v := range a.Header {
			h[k] = v
		}
		w.WriteHeader(a.Status)
		w.Write(a.Body)
	}))
}

// server is a child process listening on a loopback port.
type server struct {
	cmd *exec.Cmd
	url string
}

// start runs name with args and -addr (or, for the static server, the address as its
// last argument) on a free port, pinned to core, and waits until it answers.
func start(core, name string, args ...string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	if len(args) > 0 && args[0] == "static" {
		args = append(args, addr)
	} else {
		args = append(args, "-addr", addr)
	}
	argv := append([]string{name}, args...)
	if pinning() {
		argv = append([]string{"taskset", "-c", core}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, url: "http://" + addr}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return s, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.stop()
	return nil, fmt.Errorf("%s did not listen on %s", name, addr)
}

func (s *server) stop() {
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// pinning says whether servers and wrk get a core each (two cores or more, taskset).
func pinning() bool {
	_, err := exec.LookPath("taskset")
	return err == nil && runtime.NumCPU() >= 2
}

// wrkResult is what one wrk run measured.
type wrkResult struct {
	rps      float64
	p50, p99 time.Duration
}

var (
	reRPS     = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	reLatency = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([0-9.]+)(us|ms|s)\s*$`)
	reNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
)

// drive runs wrk against url and parses its report.
func drive(url string, admin bool, c config) (wrkResult, error) {
	argv := []string{"wrk", "-t1", "-c" + strconv.Itoa(c.conns), "-d" + c.duration.String(), "--latency"}
	if admin {
		argv = append(argv, "-H", "Authorization: "+basicAuth())
	}
	argv = append(argv, url)
	if pinning() {
		argv = append([]string{"taskset", "-c", wrkCore}, argv...)
	}
	out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		return wrkResult{}, fmt.Errorf("wrk: %v\n%s", err, out)
	}
	return parseWrk(string(out))
}

func parseWrk(out string) (wrkResult, error) {
	var r wrkResult
	if m := reNon2xx.FindStringSubmatch(out); m != nil {
		return r, fmt.Errorf("wrk saw %s answers other than 2xx/3xx:\n%s", m[1], out)
	}
	m := reRPS.FindStringSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("no Requests/sec in wrk's output:\n%s", out)
	}
	r.rps, _ = strconv.ParseFloat(m[1], 64)
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		l := reLatency.FindStringSubmatch(sc.Text())
		if l == nil {
			continue
		}
		v, _ := strconv.ParseFloat(l[2], 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[l[3]]
		d := time.Duration(v * float64(unit))
		if l[1] == "50" {
			r.p50 = d
		} else {
			r.p99 = d
		}
	}
	if r.p50 == 0 || r.p99 == 0 {
		return r, fmt.Errorf("no latency distribution in wrk's output:\n%s", out)
	}
	return r, nil
}
