package mock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wpmock/wpmock/fixtures"
)

// TestSoak is a bounded concurrency soak (issue 15): writers create, update and delete
// posts, media, users, tags, categories and post meta (each writer its own objects,
// revisions coming with the updates) while readers page through every list and read
// items, revisions and embeds, all at once against one site, for a bounded time and
// number of operations. make test runs it with the race detector, which fails it on
// any data race. Then, with the site quiet, it checks the invariants: every
// acknowledged write is readable with its last acknowledged value, every
// acknowledged delete is gone, ids are unique, every list's X-WP-Total is the number
// of items paging through it yields, and every term's count is a recount of its
// published posts. WPMOCK_SOAK_TIME changes the duration: 5s by default, in make
// test, which runs every other test beside it on two cores; make proof (CI) soaks 20s.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("the soak is not short")
	}
	duration := 5 * time.Second
	if d, err := time.ParseDuration(os.Getenv("WPMOCK_SOAK_TIME")); err == nil {
		duration = d
	}
	// bounds per goroutine: the readers are cheaper, and must read while writers write
	const writers, readers, maxWrites, maxReads = 6, 6, 3000, 30000
	m, err := New(Options{Dataset: fixtures.Example()})
	if err != nil {
		t.Fatal(err)
	}
	c := &soakClient{m: m, password: m.Passwords["admin"]}
	png := testPNG(t)

	start := time.Now()
	deadline := start.Add(duration)
	ledgers := make([]*soakLedger, writers)
	var wg sync.WaitGroup
	var reads atomic.Int64
	failures := make(chan string, 100)
	fail := func(format string, args ...any) {
		select {
		case failures <- fmt.Sprintf(format, args...):
		default:
		}
	}
	for w := range writers {
		ledgers[w] = newSoakLedger()
		wg.Add(1)
		go func() {
			defer wg.Done()
			sw := &soakWriter{c: c, l: ledgers[w], rnd: rand.New(rand.NewPCG(uint64(w), 15)), name: fmt.Sprintf("soak%d", w), png: png, fail: fail}
			for i := 0; i < maxWrites && time.Now().Before(deadline); i++ {
				sw.step()
			}
		}()
	}
	for r := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(r), 51))
			for i := 0; i < maxReads && time.Now().Before(deadline); i++ {
				soakRead(c, rnd, r%2 == 0, fail)
				reads.Add(1)
			}
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	elapsed := time.Since(start)

	all := newSoakLedger()
	var writes int64
	for _, l := range ledgers {
		writes += l.ops
		for kind, objs := range l.objects {
			for id, o := range objs {
				if _, dup := all.objects[kind][id]; dup {
					t.Errorf("%s %d was created twice (by two writers)", kind, id)
				}
				all.objects[kind][id] = o
			}
		}
	}
	checked := soakCheck(t, c, all)
	t.Logf("soak: %d writers and %d readers, %d operations (%d writes, %d reads) in %s; checked %s",
		writers, readers, writes+reads.Load(), writes, reads.Load(), elapsed.Round(time.Millisecond), checked)
}

// soakClient sends requests to the site in-process, as admin or anonymous.
type soakClient struct {
	m        *Mock
	password string
}

type soakReply struct {
	status int
	header http.Header
	json   any
}

func (c *soakClient) do(method, path string, admin bool, body []byte, header ...string) soakReply {
	req := httptest.NewRequest(method, "/wp-json"+path, bytes.NewReader(body))
	if body != nil && len(header) == 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if admin {
		req.SetBasicAuth("admin", c.password)
	}
	rec := httptest.NewRecorder()
	c.m.ServeHTTP(rec, req)
	r := soakReply{status: rec.Code, header: rec.Header()}
	_ = json.Unmarshal(rec.Body.Bytes(), &r.json)
	return r
}

// soakObject is what a writer knows of one of its objects: its route and the last
// value it wrote, or that it deleted it.
type soakObject struct {
	path    string // item path, "/wp/v2/posts/12"
	field   string // the field the writer updates ("title.raw", "name", ...)
	value   string // its last acknowledged value
	deleted bool
}

// soakLedger is one writer's acknowledged writes, by kind and id.
type soakLedger struct {
	objects map[string]map[int]*soakObject
	ops     int64
}

var soakKinds = []string{"posts", "media", "users", "tags", "categories", "meta"}

func newSoakLedger() *soakLedger {
	l := &soakLedger{objects: map[string]map[int]*soakObject{}}
	for _, k := range soakKinds {
		l.objects[k] = map[int]*soakObject{}
	}
	return l
}

// soakWriter makes, changes and deletes its own objects.
type soakWriter struct {
	c    *soakClient
	l    *soakLedger
	rnd  *rand.Rand
	name string
	png  []byte
	seq  int
	fail func(string, ...any)
}

// live returns one of the writer's objects of kind that is not deleted, or nil.
func (w *soakWriter) live(kind string) (int, *soakObject) {
	var ids []int
	for id, o := range w.l.objects[kind] {
		if !o.deleted {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return 0, nil
	}
	slices.Sort(ids) // map order is random; the choice must follow the seed
	id := ids[w.rnd.IntN(len(ids))]
	return id, w.l.objects[kind][id]
}

func (w *soakWriter) step() {
	w.seq++
	w.l.ops++
	kind := soakKinds[w.rnd.IntN(len(soakKinds))]
	id, o := w.live(kind)
	action := w.rnd.IntN(10) // 0-3 create, 4-7 update, 8-9 delete
	if o == nil || action < 4 && len(w.l.objects[kind]) < 40 {
		w.create(kind)
		return
	}
	if action < 8 {
		w.update(kind, id, o)
		return
	}
	w.delete(kind, id, o)
}

func (w *soakWriter) text() string { return fmt.Sprintf("%s-%d", w.name, w.seq) }

func (w *soakWriter) create(kind string) {
	v := w.text()
	var r soakReply
	field, path := "", ""
	switch kind {
	case "posts":
		body := fmt.Sprintf(`{"title":%q,"status":"publish","tags":[4],"categories":[2]}`, v)
		r, field, path = w.c.do("POST", "/wp/v2/posts", true, []byte(body)), "title.raw", "/wp/v2/posts/"
	case "media":
		r = w.c.do("POST", "/wp/v2/media", true, w.png, "Content-Type", "image/png",
			"Content-Disposition", `attachment; filename="`+v+`.png"`)
		field, path = "title.raw", "/wp/v2/media/"
	case "users":
		body := fmt.Sprintf(`{"username":%q,"email":"%s@example.com","password":"p","description":%q}`, v, v, v)
		r, field, path = w.c.do("POST", "/wp/v2/users", true, []byte(body)), "description", "/wp/v2/users/"
	case "tags", "categories":
		r, field, path = w.c.do("POST", "/wp/v2/"+kind, true, []byte(fmt.Sprintf(`{"name":%q}`, v))), "name", "/wp/v2/"+kind+"/"
	case "meta":
		post, _ := w.live("posts")
		if post == 0 {
			return
		}
		r = w.c.do("POST", fmt.Sprintf("/wp/v2/posts/%d/meta", post), true, []byte(fmt.Sprintf(`{"key":"soak","value":%q}`, v)))
		field, path = "value", fmt.Sprintf("/wp/v2/posts/%d/meta/", post)
	}
	if r.status != http.StatusCreated {
		w.fail("create %s: %d %v", kind, r.status, r.json)
		return
	}
	id := soakID(r.json)
	if _, dup := w.l.objects[kind][id]; dup || id == 0 {
		w.fail("create %s: id %d given twice", kind, id)
	}
	w.l.objects[kind][id] = &soakObject{path: path + strconv.Itoa(id), field: field, value: v}
}

func (w *soakWriter) update(kind string, id int, o *soakObject) {
	v := w.text()
	var body string
	switch kind {
	case "posts", "media":
		body = fmt.Sprintf(`{"title":%q}`, v)
	case "users":
		body = fmt.Sprintf(`{"description":%q}`, v)
	case "tags", "categories":
		body = fmt.Sprintf(`{"name":%q}`, v)
	case "meta":
		body = fmt.Sprintf(`{"value":%q}`, v)
	}
	r := w.c.do("POST", o.path, true, []byte(body))
	if r.status != http.StatusOK {
		w.fail("update %s: %d %v", o.path, r.status, r.json)
		return
	}
	o.value = v
	if kind == "posts" && w.rnd.IntN(4) == 0 { // read the revisions the updates leave
		if r := w.c.do("GET", o.path+"/revisions", true, nil); r.status != http.StatusOK {
			w.fail("revisions of %s: %d %v", o.path, r.status, r.json)
		}
	}
}

func (w *soakWriter) delete(kind string, id int, o *soakObject) {
	q := "?force=true"
	if kind == "users" {
		q += "&reassign=1"
	}
	r := w.c.do("DELETE", o.path+q, true, nil)
	if r.status != http.StatusOK {
		w.fail("delete %s: %d %v", o.path, r.status, r.json)
		return
	}
	o.deleted = true
	if kind == "posts" { // its meta went with it
		for _, mo := range w.l.objects["meta"] {
			if strings.HasPrefix(mo.path, o.path+"/") {
				mo.deleted = true
			}
		}
	}
}

// soakRead reads one list page or item, checking what one answer must hold.
func soakRead(c *soakClient, rnd *rand.Rand, admin bool, fail func(string, ...any)) {
	lists := []string{"/wp/v2/posts", "/wp/v2/media", "/wp/v2/users", "/wp/v2/tags", "/wp/v2/categories"}
	base := lists[rnd.IntN(len(lists))]
	perPage := 1 + rnd.IntN(20)
	switch rnd.IntN(3) {
	case 0:
		path := fmt.Sprintf("%s?per_page=%d&page=%d", base, perPage, 1+rnd.IntN(5))
		r := c.do("GET", path, admin, nil)
		if r.status >= 500 || r.status != 200 && r.status != 400 {
			fail("GET %s: %d %v", path, r.status, r.json)
			return
		}
		if r.status == 200 {
			items, _ := r.json.([]any)
			total, err1 := strconv.Atoi(wpTotal(r.header))
			pages, err2 := strconv.Atoi(wpHeader(r.header, "X-WP-TotalPages"))
			if err1 != nil || err2 != nil || len(items) > perPage || pages != (total+perPage-1)/perPage {
				fail("GET %s: %d items, X-WP-Total %q, X-WP-TotalPages %q", path, len(items), wpTotal(r.header), wpHeader(r.header, "X-WP-TotalPages"))
			}
		}
	case 1:
		path := fmt.Sprintf("%s/%d?_embed", base, 1+rnd.IntN(60))
		if r := c.do("GET", path, admin, nil); r.status >= 500 {
			fail("GET %s: %d %v", path, r.status, r.json)
		}
	default:
		path := fmt.Sprintf("/wp/v2/posts/%d/revisions", 1+rnd.IntN(60))
		if r := c.do("GET", path, true, nil); r.status >= 500 {
			fail("GET %s: %d %v", path, r.status, r.json)
		}
	}
}

// wpHeader reads a header WordPress spells its own way (X-WP-Total): the recorder
// keeps the spelling the handler used, which Header.Get would canonicalise.
func wpHeader(h http.Header, name string) string {
	if v, ok := h[name]; ok && len(v) > 0 {
		return v[0]
	}
	return h.Get(name)
}

func wpTotal(h http.Header) string { return wpHeader(h, "X-WP-Total") }

func soakID(v any) int {
	m, _ := v.(map[string]any)
	f, _ := m["id"].(float64)
	return int(f)
}

// soakCheck checks the invariants on the quiet site and says what it checked.
func soakCheck(t *testing.T, c *soakClient, all *soakLedger) string {
	t.Helper()
	var readable, gone int
	for _, kind := range soakKinds {
		for _, o := range all.objects[kind] {
			r := c.do("GET", o.path+"?context=edit", true, nil)
			if o.deleted {
				if r.status != http.StatusNotFound {
					t.Errorf("%s was deleted, then answered %d", o.path, r.status)
				}
				gone++
				continue
			}
			got, _ := valueAtPath(r.json, o.field)
			if r.status != http.StatusOK || got != o.value {
				t.Errorf("%s: got %d %s=%q, want 200 and the last acknowledged %q", o.path, r.status, o.field, got, o.value)
			}
			readable++
		}
	}
	lists := []string{"/wp/v2/posts?status=publish,future,draft,pending,private", "/wp/v2/media", "/wp/v2/users",
		"/wp/v2/tags?hide_empty=false", "/wp/v2/categories?hide_empty=false"}
	ids := map[string]map[int]bool{}
	for _, l := range lists {
		base := strings.SplitN(strings.TrimPrefix(l, "/wp/v2/"), "?", 2)[0]
		space := base
		if base == "media" {
			space = "posts" // posts and attachments share wp_posts' ids
		}
		if ids[space] == nil {
			ids[space] = map[int]bool{}
		}
		sep := "?"
		if strings.Contains(l, "?") {
			sep = "&"
		}
		total, seen := -1, 0
		for page := 1; ; page++ {
			r := c.do("GET", fmt.Sprintf("%s%sper_page=100&page=%d&_fields=id,count", l, sep, page), true, nil)
			if r.status != http.StatusOK {
				if page > 1 && r.status == http.StatusBadRequest {
					break
				}
				t.Fatalf("GET %s page %d: %d %v", l, page, r.status, r.json)
			}
			n, _ := strconv.Atoi(wpTotal(r.header))
			if total >= 0 && n != total {
				t.Errorf("%s: X-WP-Total %d on page %d, %d on page 1", l, n, page, total)
			}
			total = n
			items, _ := r.json.([]any)
			for _, it := range items {
				id := soakID(it)
				if ids[space][id] {
					t.Errorf("%s: id %d listed twice in its id space", l, id)
				}
				ids[space][id] = true
				seen++
				if base == "tags" || base == "categories" {
					checkTermCount(t, c, base, id, it)
				}
			}
			if len(items) < 100 {
				break
			}
		}
		if seen != total {
			t.Errorf("%s: X-WP-Total %d, %d items listed", l, total, seen)
		}
	}
	return fmt.Sprintf("%d acknowledged writes readable, %d deletes gone, unique ids and X-WP-Total in %d lists, term counts recounted",
		readable, gone, len(lists))
}

// checkTermCount recounts a term's published posts through the posts filter.
func checkTermCount(t *testing.T, c *soakClient, base string, id int, item any) {
	t.Helper()
	count, _ := valueAtPath(item, "count")
	r := c.do("GET", fmt.Sprintf("/wp/v2/posts?%s=%d&per_page=1&_fields=id", base, id), true, nil)
	if r.status != http.StatusOK || wpTotal(r.header) != count {
		t.Errorf("%s %d: count %s, %s of its published posts listed", base, id, count, wpTotal(r.header))
	}
}

// valueAtPath follows "a.b" into a decoded JSON object and prints the value found.
func valueAtPath(v any, path string) (string, bool) {
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		v = m[k]
	}
	switch x := v.(type) {
	case string:
		return x, true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	}
	return fmt.Sprint(v), v != nil
}
