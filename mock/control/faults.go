package control

import (
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/rest"
)

// Latency and faults, for building a frontend's loading and error states: answers can
// be slowed down (a fixed time or a random one in a range) and a share of REST answers
// replaced by a 500 or 503 in WordPress's error envelope, for the whole site
// (Options.Faults, -latency, -fault-rate, or POST /wpmock/v1/faults while running) or
// per request with the headers X-WPMock-Latency and X-WPMock-Fault. All of it is off by
// default; the mock's own wpmock/v1 routes never fail, so a test can always switch it
// off again.

const (
	// HeaderLatency delays one answer: "1s", or a range "50ms-400ms".
	HeaderLatency = "X-WPMock-Latency"
	// HeaderFault makes one answer fail: 500, 503, timeout (no answer until the client
	// gives up, or faultHold) or reset (the connection closed abruptly). Injected
	// 500/503 answers carry it too, exposed to browsers.
	HeaderFault = "X-WPMock-Fault"
	// codeFault is the error code of an injected 500 or 503.
	codeFault = "wpmock_fault"
	// codeBadFault answers a malformed X-WPMock-* header.
	codeBadFault = "wpmock_invalid_fault"
)

// faultHold bounds how long a "timeout" fault holds a request.
const faultHold = 60 * time.Second

// Faults is the site-wide latency and fault rate; the zero value is off.
type Faults struct {
	// Latency is added to every answer: a fixed time when Max is 0 or equals Min, else
	// uniformly random between Min and Max.
	Latency Latency
	// FaultRate is the share (0 to 1) of REST answers replaced by a 500 or a 503.
	FaultRate float64
}

// Latency is a fixed delay or a range.
type Latency struct{ Min, Max time.Duration }

// ParseLatency reads "200ms" or "50ms-400ms" ("" and "0" are none).
func ParseLatency(s string) (Latency, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "0" {
		return Latency{}, nil
	}
	lo, hi, isRange := strings.Cut(s, "-")
	min, err := time.ParseDuration(strings.TrimSpace(lo))
	if err != nil || min < 0 {
		return Latency{}, fmt.Errorf("latency %q: want a duration such as 200ms, or a range such as 50ms-400ms", s)
	}
	max := min
	if isRange {
		if max, err = time.ParseDuration(strings.TrimSpace(hi)); err != nil || max < min {
			return Latency{}, fmt.Errorf("latency %q: want a range low-high such as 50ms-400ms", s)
		}
	}
	return Latency{min, max}, nil
}

func (l Latency) String() string {
	if l.Max <= l.Min {
		return l.Min.String()
	}
	return l.Min.String() + "-" + l.Max.String()
}

// faults is the mock's current setting and its random source.
type faults struct {
	now atomic.Pointer[Faults]
	mu  sync.Mutex
	rng *rand.Rand
}

func (f *faults) init(opts Faults, seed int64) {
	f.now.Store(&opts)
	f.rng = rand.New(rand.NewPCG(uint64(seed), 0xfa17))
}

// draw returns a uniform float in [0,1) from the seeded source.
func (f *faults) draw() float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rng.Float64()
}

func (f *faults) delay(l Latency) time.Duration {
	if l.Max <= l.Min {
		return l.Min
	}
	return l.Min + time.Duration(f.draw()*float64(l.Max-l.Min))
}

// serveWithFaults applies the latency and faults, then serves the request. It costs
// one atomic load and two header lookups when all is off.
func (s *site) serveWithFaults(w http.ResponseWriter, r *http.Request) {
	set := s.faults.now.Load()
	lat, fault := set.Latency, ""
	if v := r.Header.Get(HeaderLatency); v != "" {
		l, err := ParseLatency(v)
		if err != nil {
			writeFault(w, http.StatusBadRequest, codeBadFault, HeaderLatency+": "+err.Error(), "")
			return
		}
		lat = l
	}
	if v := r.Header.Get(HeaderFault); v != "" {
		switch fault = strings.ToLower(strings.TrimSpace(v)); fault {
		case "500", "503", "timeout", "reset":
		default:
			writeFault(w, http.StatusBadRequest, codeBadFault, HeaderFault+" must be 500, 503, timeout or reset.", "")
			return
		}
	}
	if lat.Min > 0 || lat.Max > 0 {
		select {
		case <-time.After(s.faults.delay(lat)):
		case <-r.Context().Done():
			return
		}
	}
	route, isREST := rest.RESTRoute(r)
	own := isREST && (route == "/"+mock.OwnNamespace || strings.HasPrefix(route, "/"+mock.OwnNamespace+"/"))
	if fault == "" && isREST && !own && set.FaultRate > 0 && s.faults.draw() < set.FaultRate {
		fault = "500"
		if s.faults.draw() < 0.5 {
			fault = "503"
		}
	}
	switch {
	case fault == "" || own:
		if r.Method == http.MethodOptions && strings.Contains(strings.ToLower(r.Header.Get("Access-Control-Request-Headers")), "x-wpmock-") {
			w = &allowFaultHeaders{ResponseWriter: w}
		}
		s.m.Server().ServeHTTP(w, r)
	case fault == "500":
		writeFault(w, http.StatusInternalServerError, codeFault, "An error injected by wpmock (X-WPMock-Fault or -fault-rate).", fault)
	case fault == "503":
		writeFault(w, http.StatusServiceUnavailable, codeFault, "An outage injected by wpmock (X-WPMock-Fault or -fault-rate).", fault)
	case fault == "timeout":
		select {
		case <-r.Context().Done():
		case <-time.After(faultHold):
		}
		hangUp(w, false)
	case fault == "reset":
		hangUp(w, true)
	}
}

// writeFault answers in WordPress's error envelope.
func writeFault(w http.ResponseWriter, status int, code, message, fault string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=UTF-8")
	if fault != "" {
		h.Set(HeaderFault, fault)
		h.Set("Access-Control-Expose-Headers", "X-WP-Total, X-WP-TotalPages, Link, "+HeaderFault)
	}
	w.WriteHeader(status)
	body, _ := rest.Errorf(status, code, "%s", message).Body().MarshalJSON()
	w.Write(body)
}

// hangUp closes the connection without an answer; reset makes the close abrupt (a TCP
// RST, SO_LINGER 0), so clients see ECONNRESET rather than an empty reply.
func hangUp(w http.ResponseWriter, reset bool) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	if reset {
		// a listener's wrapped conn (cmd/wpmock's connection limit) names its own
		// with NetConn, as tls.Conn does
		inner := conn
		for {
			w, ok := inner.(interface{ NetConn() net.Conn })
			if !ok {
				break
			}
			inner = w.NetConn()
		}
		if tcp, ok := inner.(*net.TCPConn); ok {
			tcp.SetLinger(0)
		}
	}
	conn.Close()
}

// faultsRoute is GET and POST /wpmock/v1/faults: the site-wide setting, read or changed
// while running (administrators only, like reset).
type faultsRoute struct{ s *site }

func (f *faultsRoute) routes() []*rest.Route {
	return []*rest.Route{ownRoute("faults",
		&rest.Endpoint{Methods: rest.Readable, Permission: f.s.permission, Handler: f.get},
		&rest.Endpoint{Methods: rest.Creatable, Permission: f.s.permission, Handler: f.set, Args: []*rest.Schema{
			rest.Str("latency").Desc("Latency of every answer: a duration (200ms) or a range (50ms-400ms); 0 for none."),
			rest.Num("fault_rate").Desc("Share of REST answers replaced by a 500 or 503, from 0 to 1.").Min(0).Max(1),
		}},
	)}
}

func (f *faultsRoute) get(*rest.Request) (*rest.Response, *rest.Error) {
	return rest.OK(f.describe(f.s.faults.now.Load())), nil
}

func (f *faultsRoute) set(r *rest.Request) (*rest.Response, *rest.Error) {
	next := *f.s.faults.now.Load()
	if r.Sent("latency") {
		l, err := ParseLatency(r.String("latency"))
		if err != nil {
			return nil, rest.Errorf(http.StatusBadRequest, rest.CodeInvalidParam, "Invalid parameter(s): latency").
				With("params", rest.Object{{"latency", err.Error()}})
		}
		next.Latency = l
	}
	if r.Sent("fault_rate") {
		if v, ok := r.Param("fault_rate").(float64); ok {
			next.FaultRate = v
		} else if i, ok := r.Param("fault_rate").(int); ok {
			next.FaultRate = float64(i)
		}
	}
	f.s.faults.now.Store(&next)
	return rest.OK(f.describe(&next)), nil
}

func (f *faultsRoute) describe(s *Faults) rest.Object {
	lat := "0"
	if s.Latency.Min > 0 || s.Latency.Max > 0 {
		lat = s.Latency.String()
	}
	return rest.Object{{"latency", lat}, {"fault_rate", strconv.FormatFloat(s.FaultRate, 'g', -1, 64)}}
}

// allowFaultHeaders adds the mock's own request headers to a CORS preflight's
// Access-Control-Allow-Headers, only when the browser asks to send them: every other
// answer lists WordPress's headers exactly, as the contract suite checks.
type allowFaultHeaders struct{ http.ResponseWriter }

func (a *allowFaultHeaders) WriteHeader(code int) {
	h := a.Header()
	if v := h.Get("Access-Control-Allow-Headers"); v != "" {
		h.Set("Access-Control-Allow-Headers", v+", "+HeaderSite+", "+HeaderLatency+", "+HeaderFault)
	}
	a.ResponseWriter.WriteHeader(code)
}

func (a *allowFaultHeaders) Write(b []byte) (int, error) { return a.ResponseWriter.Write(b) }
