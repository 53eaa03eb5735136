// Command scale runs the mock at scale and measures what issue 14's targets name (make
// bench-scale): for each site size, the time from start to the first answer and the peak
// memory; search and the orderings other than the date, deep pages; the dataset export's
// time and memory; the first write's memory (it builds the slug index), then a large
// upload's, and after its delete; idle connections' memory. Times are the median of
// several requests after a warm-up; memory is the server's resident set (VmRSS, VmHWM
// in /proc). The machine is shared and noisy: read
// the times as orders of magnitude, and compare runs made side by side.
//
//	go run ./ci/bench/scale                          # 100,000 posts
//	go run ./ci/bench/scale -posts 100000,1000000 -idle 10000
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

const password = "scal EBEN CHma rk00 pass word"

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench-scale:", err)
		os.Exit(1)
	}
}

func run() error {
	sizes := flag.String("posts", "100000", "site sizes to run, comma-separated")
	idle := flag.Int("idle", 10000, "idle keep-alive connections to hold (0: skip)")
	upload := flag.Int("upload", 60, "size of the uploaded file in MB (0: skip)")
	repeat := flag.Int("repeat", 5, "requests per timed URL (the median is printed)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "wpmock-scale")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "wpmock")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/wpmock").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	raiseFileLimit()
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("-posts: %v", err)
		}
		if err := site(bin, n, *idle, *upload, *repeat); err != nil {
			return err
		}
	}
	return nil
}

// target is one measurement and the goal it is read against.
type target struct{ what, got, goal string }

func site(bin string, posts, idle, uploadMB, repeat int) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	cmd := exec.Command(bin, "-addr", fmt.Sprintf("127.0.0.1:%d", port), "-posts", strconv.Itoa(posts), "-quiet",
		"-max-conns", strconv.Itoa(idle+100))
	cmd.Env = append(os.Environ(), "WPMOCK_ADMIN_APP_PASSWORD="+password)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	c := &client{base: base, http: &http.Client{Timeout: 10 * time.Minute}}
	for {
		if _, status, err := c.get("/wp-json/wp/v2/posts", false); err == nil && status == http.StatusOK {
			break
		}
		if time.Since(start) > 10*time.Minute {
			return errors.New("no answer within 10 minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	first := time.Since(start)
	pid := cmd.Process.Pid
	var rows []target
	limit := func(k100, k1m string) string {
		if posts >= 1000000 {
			return k1m
		}
		return k100
	}
	rows = append(rows,
		target{"first answer", dur(first), limit("", "<= 10 s at 1,000,000")},
		target{"peak memory at start", mib(memKB(pid, "VmHWM")), limit("", "< 2 GiB at 1,000,000")})

	// the number of pages of the default list, for the deep pages
	_, _, _ = c.get("/wp-json/wp/v2/posts", false)
	pages := c.lastTotalPages
	queries := []struct{ name, path string }{
		{"search=the", "/wp-json/wp/v2/posts?search=the"},
		{"orderby=title", "/wp-json/wp/v2/posts?orderby=title"},
		{"orderby=slug", "/wp-json/wp/v2/posts?orderby=slug"},
		{"orderby=modified", "/wp-json/wp/v2/posts?orderby=modified"},
		{"orderby=author", "/wp-json/wp/v2/posts?orderby=author"},
		{"search=the, page 2", "/wp-json/wp/v2/posts?search=the&page=2"},
		// words with none of the common trigrams (store/search.go): every post's text
		{"search=quixotic", "/wp-json/wp/v2/posts?search=quixotic"},
		{"search=zz", "/wp-json/wp/v2/posts?search=zz"},
		{"search=the, orderby=relevance", "/wp-json/wp/v2/posts?search=the&orderby=relevance"},
		{"search=the art, orderby=relevance, page 50", "/wp-json/wp/v2/posts?search=the+art&orderby=relevance&page=50"},
	}
	for _, q := range queries {
		rows = append(rows, target{"GET " + q.name, dur(c.median(q.path, repeat)), limit("< 20 ms", "< 150 ms")})
	}
	deep := []struct{ name, path string }{
		{"last page", fmt.Sprintf("/wp-json/wp/v2/posts?page=%d", pages)},
		{"last page, orderby=title", fmt.Sprintf("/wp-json/wp/v2/posts?orderby=title&page=%d", pages)},
		{"last page, orderby=modified", fmt.Sprintf("/wp-json/wp/v2/posts?orderby=modified&page=%d", pages)},
		{"offset near the end", fmt.Sprintf("/wp-json/wp/v2/posts?offset=%d", posts-10)},
	}
	for _, q := range deep {
		rows = append(rows, target{"GET " + q.name, dur(c.median(q.path, repeat)), "< 5 ms"})
	}

	if uploadMB > 0 {
		rows = append(rows, c.firstWrite(pid))
		rows = append(rows, c.upload(pid, uploadMB)...)
	}

	// the export, streamed to nowhere
	before := memKB(pid, "VmRSS")
	t0 := time.Now()
	var size, status int
	peak := peakDuring(pid, func() { size, status, err = c.get("/wp-json/wpmock/v1/dataset", true) })
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("export: %d %v", status, err)
	}
	rows = append(rows, target{fmt.Sprintf("export (%s of JSON)", mib(size/1024)),
		dur(time.Since(t0)) + ", memory +" + mib(peak-before) + " over " + mib(before), "streams: memory does not grow with the dataset"})

	if idle > 0 {
		row, err := idleConns(base, pid, idle)
		if err != nil {
			return err
		}
		rows = append(rows, row)
	}

	fmt.Printf("\n%d posts\n", posts)
	w := 0
	for _, r := range rows {
		w = max(w, len(r.what))
	}
	for _, r := range rows {
		fmt.Printf("  %-*s  %-40s  %s\n", w, r.what, r.got, r.goal)
	}
	return nil
}

type client struct {
	base           string
	http           *http.Client
	lastTotalPages int
}

// get reads an answer to the end, returning its size.
func (c *client) get(path string, admin bool) (int, int, error) {
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		return 0, 0, err
	}
	if admin {
		req.SetBasicAuth("admin", password)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	if tp, _ := strconv.Atoi(resp.Header.Get("X-WP-TotalPages")); tp > 0 {
		c.lastTotalPages = tp
	}
	return int(n), resp.StatusCode, err
}

// median times path repeat times after one warm-up request.
func (c *client) median(path string, repeat int) time.Duration {
	_, _, _ = c.get(path, false)
	times := make([]time.Duration, 0, repeat)
	for i := 0; i < repeat; i++ {
		t := time.Now()
		if _, status, err := c.get(path, false); err != nil || status != http.StatusOK {
			return -1
		}
		times = append(times, time.Since(t))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return times[len(times)/2]
}

// firstWrite creates a draft post and deletes it, reading how much the server's
// memory grew: the site's first write builds the index of slugs, which no read needs
// (a million posts: about 130 MiB), and the upload after it is measured on its own.
func (c *client) firstWrite(pid int) target {
	before := memKB(pid, "VmRSS")
	var id struct {
		ID int `json:"id"`
	}
	status := 0
	peak := peakDuring(pid, func() {
		req, _ := http.NewRequest(http.MethodPost, c.base+"/wp-json/wp/v2/posts",
			strings.NewReader(`{"title":"bench-scale first write","status":"draft"}`))
		req.SetBasicAuth("admin", password)
		req.Header.Set("Content-Type", "application/json")
		if resp, err := c.http.Do(req); err == nil {
			status = resp.StatusCode
			_ = json.NewDecoder(resp.Body).Decode(&id)
			resp.Body.Close()
		}
		del, _ := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/wp-json/wp/v2/posts/%d?force=true", c.base, id.ID), nil)
		del.SetBasicAuth("admin", password)
		if resp, err := c.http.Do(del); err == nil {
			resp.Body.Close()
		}
	})
	return target{fmt.Sprintf("first write: a draft post made and deleted (status %d)", status),
		"peak +" + mib(peak-before) + " over " + mib(before), "builds the slug index"}
}

// upload sends a file of mb megabytes as a raw body, then deletes it.
func (c *client) upload(pid, mb int) []target {
	// bytes no file type check takes for text (WordPress refuses a text file named .mp4)
	data := make([]byte, mb<<20)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := 0; i+8 <= len(data); i += 8 {
		binary.LittleEndian.PutUint64(data[i:], rnd.Uint64())
	}
	before := memKB(pid, "VmRSS")
	var resp *http.Response
	var err error
	var item struct {
		ID int `json:"id"`
	}
	peak := peakDuring(pid, func() {
		req, _ := http.NewRequest(http.MethodPost, c.base+"/wp-json/wp/v2/media", bytes.NewReader(data))
		req.SetBasicAuth("admin", password)
		req.Header.Set("Content-Type", "video/mp4")
		req.Header.Set("Content-Disposition", `attachment; filename="scale.mp4"`)
		if resp, err = c.http.Do(req); err == nil {
			_ = json.NewDecoder(resp.Body).Decode(&item)
			resp.Body.Close()
		}
	})
	if err != nil {
		return []target{{"upload", "failed: " + err.Error(), ""}}
	}
	grew := "+" + mib(peak-before)
	del, _ := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/wp-json/wp/v2/media/%d?force=true", c.base, item.ID), nil)
	del.SetBasicAuth("admin", password)
	if resp, err := c.http.Do(del); err == nil {
		resp.Body.Close()
	}
	time.Sleep(2 * time.Second)
	after := memKB(pid, "VmRSS")
	return []target{
		{fmt.Sprintf("upload of %d MB (status %d)", mb, resp.StatusCode), "peak " + grew + " over " + mib(before), "<= 2x the file"},
		{"2 s after its delete", mib(after) + " (" + signedMiB(after-before) + ")", "memory returned"},
	}
}

// idleConns opens n keep-alive connections, sends one request on each and leaves them
// idle, then reads how much the server's memory grew per connection.
func idleConns(base string, pid, n int) (target, error) {
	addr := strings.TrimPrefix(base, "http://")
	// the server hands back what earlier steps left (the export's garbage) a quiet
	// second after their last request: measure from there, or that would count
	before := settled(pid)
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var d net.Dialer
	buf := make([]byte, 64<<10)
	for i := 0; i < n; i++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			return target{}, fmt.Errorf("idle connection %d: %w", i, err)
		}
		conns = append(conns, c)
		if _, err := io.WriteString(c, "GET /wp-json/wp/v2/statuses/publish HTTP/1.1\r\nHost: "+addr+"\r\n\r\n"); err != nil {
			return target{}, err
		}
		_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
		if _, err := c.Read(buf); err != nil {
			return target{}, fmt.Errorf("idle connection %d: %w", i, err)
		}
	}
	after := settled(pid)
	return target{fmt.Sprintf("%d idle connections", n),
		fmt.Sprintf("+%s (%.1f KiB each)", mib(after-before), float64(after-before)/float64(n)), "< 50 MB"}, nil
}

// settled is the server's resident set once it stays within 1 MiB for a second (at
// most 30 seconds): a large site's collection takes a while.
func settled(pid int) int {
	last := memKB(pid, "VmRSS")
	for range 30 {
		time.Sleep(time.Second)
		now := memKB(pid, "VmRSS")
		if now-last < 1024 && last-now < 1024 {
			return now
		}
		last = now
	}
	return last
}

// peakDuring runs f and returns the largest resident set the server had meanwhile,
// sampled every 2 ms (VmHWM holds the start-up peak, which is larger).
func peakDuring(pid int, f func()) int {
	peak, stop, done := memKB(pid, "VmRSS"), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			peak = max(peak, memKB(pid, "VmRSS"))
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	return max(peak, memKB(pid, "VmRSS"))
}

func memKB(pid int, field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return kb
		}
	}
	return 0
}

func mib(kb int) string { return fmt.Sprintf("%.0f MiB", float64(kb)/1024) }

func signedMiB(kb int) string {
	if kb >= 0 {
		return "+" + mib(kb)
	}
	return "-" + mib(-kb)
}

func dur(d time.Duration) string {
	switch {
	case d < 0:
		return "failed"
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// raiseFileLimit lifts the open-files limit to its maximum, for this process and the
// server it starts (the idle connections need two descriptors each on one machine).
func raiseFileLimit() {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) == nil && l.Cur < l.Max {
		l.Cur = l.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}
