package rest

import (
	"cmp"
	"encoding/json"
	"hash/maphash"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/wpmock/wpmock/calls"
	"github.com/wpmock/wpmock/jsonshape"
)

// Calls records the distinct calls clients make (wpmock -record): for each method,
// route pattern, argument names, caller's role, context and status, how many times it
// was made, one example of each argument's value, and the merged shape of its answers
// (jsonshape.Shape; a list's items merged). The contract suite replays them against
// another site (wpcontract -calls) and checks that it answers each with the same status
// and shape: a frontend's tests run against the mock tell what the frontend relies on.
//
// Recording costs a hash of the call and a map lookup under a mutex per request; the
// answer is decoded into the shape only for a call's first sampleAll answers and then
// at its 32nd, 64th, 128th, ... answer, so a long session keeps merging at a falling
// rate. Requests the server makes itself (the mock's start-up, _embed's internal
// dispatches) and those of the namespaces in Skip are not recorded.
type Calls struct {
	// Skip are namespaces whose routes are not recorded (the mock's own).
	Skip []string
	// Role names a caller's role ("editor"); nil, or an empty name, is "anonymous".
	Role func(caller any) string

	mu    sync.Mutex
	seed  maphash.Seed
	calls map[uint64][]*recorded
	n     int
}

// recorded is a call and the sorted names of its arguments, which repeats match on.
type recorded struct {
	calls.Call
	query, body []string
}

const (
	// sampleAll is how many of a call's answers are all merged into its shape.
	sampleAll = 16
	// valueLimit bounds a recorded string value, in bytes.
	valueLimit = 200
)

// NewCalls starts an empty recording.
func NewCalls() *Calls { return &Calls{seed: maphash.MakeSeed(), calls: map[uint64][]*recorded{}} }

// note records a request the server answered with status and body (the bytes sent).
func (c *Calls) note(req *Request, status int, body []byte) {
	if req.route == nil || req.embedded || slices.Contains(c.Skip, req.route.Namespace) {
		return
	}
	role := ""
	if c.Role != nil {
		role = c.Role(req.Caller)
	}
	if role == "" {
		role = "anonymous"
	}
	ctx := contextArg(req)
	h := c.key(req, role, ctx, status)
	c.mu.Lock()
	call := c.find(h, req, role, ctx, status)
	if call == nil {
		call = newCall(req, role, ctx, status)
		c.calls[h] = append(c.calls[h], call)
		c.n++
	}
	call.Count++
	sample := req.Method != http.MethodHead && (call.Count <= sampleAll || call.Count&(call.Count-1) == 0)
	c.mu.Unlock()
	if !sample {
		return
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return // not JSON: a JSONP callback's
	}
	c.mu.Lock()
	if call.Shape == nil {
		call.Shape = &jsonshape.Shape{}
	}
	call.Shape.Add(v)
	c.mu.Unlock()
}

// contextArg is the request's context argument as given, "" when it has none.
func contextArg(req *Request) string {
	for _, p := range []*Params{req.Query, req.JSON, req.Body} {
		if v, ok := p.Get("context"); ok {
			s, _ := v.(string)
			return s
		}
	}
	return ""
}

// bodyParams are the request's body arguments: its JSON object or its form fields.
func bodyParams(req *Request) *Params {
	if req.JSON != nil {
		return req.JSON
	}
	return req.Body
}

// key hashes what makes a call distinct; argument names are summed, so their order
// does not count, and nothing is allocated.
func (c *Calls) key(req *Request, role, ctx string, status int) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	for _, s := range []string{req.Method, req.route.Pattern, role, ctx} {
		h.WriteString(s)
		h.WriteByte(0)
	}
	h.WriteByte(byte(status >> 8))
	h.WriteByte(byte(status))
	var sum [2]uint64
	for i, p := range []*Params{req.Query, bodyParams(req)} {
		if p == nil {
			continue
		}
		for _, k := range p.Keys {
			if k != "rest_route" {
				sum[i] += maphash.String(c.seed, k)
			}
		}
	}
	for _, x := range sum {
		for i := 0; i < 64; i += 8 {
			h.WriteByte(byte(x >> i))
		}
	}
	return h.Sum64()
}

// find returns the recorded call the request repeats, or nil.
func (c *Calls) find(h uint64, req *Request, role, ctx string, status int) *recorded {
	for _, call := range c.calls[h] {
		if call.Method == req.Method && call.Route == req.route.Pattern && call.Role == role && call.Context == ctx &&
			call.Status == status && sameNames(call.query, req.Query) && sameNames(call.body, bodyParams(req)) {
			return call
		}
	}
	return nil
}

// sameNames reports whether p has exactly the names (rest_route left out).
func sameNames(names []string, p *Params) bool {
	n := 0
	if p != nil {
		for _, k := range p.Keys {
			if k == "rest_route" {
				continue
			}
			if _, found := slices.BinarySearch(names, k); !found {
				return false
			}
			n++
		}
	}
	return n == len(names)
}

func newCall(req *Request, role, ctx string, status int) *recorded {
	call := &recorded{Call: calls.Call{Method: req.Method, Route: req.route.Pattern, Path: req.Path, Role: role, Context: ctx, Status: status}}
	call.Query, call.query = examples(req.Query)
	call.Body, call.body = examples(bodyParams(req))
	return call
}

// examples copies the arguments' values (strings cut, passwords left out) and their
// sorted names.
func examples(p *Params) (map[string]any, []string) {
	if p == nil || len(p.Keys) == 0 {
		return nil, nil
	}
	values := make(map[string]any, len(p.Keys))
	for _, k := range p.Keys {
		if k == "rest_route" {
			continue
		}
		v := p.Values[k]
		switch x := v.(type) {
		case string:
			if len(x) > valueLimit {
				v = strings.ToValidUTF8(x[:valueLimit], "")
			}
		}
		if strings.Contains(k, "password") {
			v = ""
		}
		values[k] = v
	}
	if len(values) == 0 {
		return nil, nil
	}
	names := make([]string, 0, len(values))
	for k := range values {
		names = append(names, k)
	}
	slices.Sort(names)
	return values, names
}

// Len is how many distinct calls were recorded.
func (c *Calls) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// WriteJSON writes the recording as a calls.File, its calls in a stable order (route,
// method, role, context, status, arguments).
func (c *Calls) WriteJSON(w io.Writer, version Version) error {
	c.mu.Lock()
	all := make([]*recorded, 0, c.n)
	for _, list := range c.calls {
		all = append(all, list...)
	}
	slices.SortFunc(all, func(a, b *recorded) int {
		return cmp.Or(cmp.Compare(a.Route, b.Route), cmp.Compare(a.Method, b.Method), cmp.Compare(a.Role, b.Role),
			cmp.Compare(a.Context, b.Context), cmp.Compare(a.Status, b.Status),
			slices.Compare(a.query, b.query), slices.Compare(a.body, b.body))
	})
	out := calls.File{Version: calls.FormatVersion, WordPress: version.String(), Calls: make([]*calls.Call, len(all))}
	for i, r := range all {
		out.Calls[i] = &r.Call
	}
	b, err := json.MarshalIndent(out, "", "  ")
	c.mu.Unlock()
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
