package control

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/wpmock/wpmock/mock/rest"
)

// requestsRoute is GET /wpmock/v1/requests: the last requests the process answered,
// as the access log writes them (rest.RequestLog), for the dashboard's live log. As
// JSON by default; as Server-Sent Events, the old ones first and then each new one as
// it is answered, when the client asks for text/event-stream (EventSource's Accept) or
// sends stream=true. A named site's answers its own requests, the default site's those
// of every site. The administrator's, as reset is: the log names users and queries.
type requestsRoute struct{ s *site }

// Event types of the stream.
const (
	// eventRequest carries one request.
	eventRequest = "request"
	// eventMissed says how many requests the log no longer held for this client (it
	// fell more than the ring behind, or asked for more than it keeps).
	eventMissed = "missed"
)

// requestsHeartbeat is how often a quiet stream sends a comment, so that a proxy or a
// browser does not take it for dead.
const requestsHeartbeat = 15 * time.Second

func (q *requestsRoute) routes() []*rest.Route {
	return []*rest.Route{ownRoute("requests",
		&rest.Endpoint{Methods: rest.Readable, Permission: q.s.permission, Handler: q.get, Args: []*rest.Schema{
			rest.Int("after").Min(0).Def(0).Desc("Only the requests after this one (their seq); a stream resumes from the Last-Event-ID header as well."),
			rest.Int("limit").Min(1).Max(rest.DefaultRequestLog).Def(100).Desc("At most this many of the newest requests (a stream's backlog too)."),
			rest.Bool("stream").Def(false).Desc("Answer as Server-Sent Events (text/event-stream), new requests as they are answered; an Accept of text/event-stream does the same."),
		}},
	)}
}

// viewRequest is a request as the route answers it: its seq, the time it came in,
// method, URI (with a named site's base), the site's name ("" for the default site),
// status, WordPress error code, the caller's login ("-") and the milliseconds taken.
func viewRequest(e rest.LoggedRequest) rest.Object {
	return rest.Object{{"seq", e.Seq}, {"time", e.Time.UTC().Format("2006-01-02T15:04:05.000Z")}, {"method", e.Method},
		{"uri", e.URI}, {"site", strings.TrimPrefix(e.Site, SitesPrefix)}, {"status", e.Status}, {"code", e.Code},
		{"user", e.User}, {"ms", float64(e.Took.Microseconds()) / 1000}}
}

// mine says whether the site answers about a request: a named site about its own.
func (q *requestsRoute) mine(e rest.LoggedRequest) bool { return q.s.base == "" || e.Site == q.s.base }

func (q *requestsRoute) get(r *rest.Request) (*rest.Response, *rest.Error) {
	after, limit := uint64(r.Int("after")), r.Int("limit")
	if id, err := strconv.ParseUint(r.HTTP.Header.Get("Last-Event-ID"), 10, 64); err == nil && id > after {
		after = id
	}
	_, envelope := r.Query.Get("_envelope")
	_, jsonp := r.Query.Get("_jsonp")
	streamed := r.Bool("stream") || strings.Contains(r.HTTP.Header.Get("Accept"), "text/event-stream")
	if streamed && !envelope && !jsonp {
		return rest.OK(rest.Events(func(ctx context.Context, w *rest.EventWriter) error {
			return q.stream(ctx, w, after, limit)
		})), nil
	}
	entries, missed := q.s.m.Requests().Since(after, 0)
	out := []any{}
	for _, e := range entries {
		if q.mine(e) {
			out = append(out, viewRequest(e))
		}
	}
	if len(out) > limit {
		missed += uint64(len(out) - limit)
		out = out[len(out)-limit:]
	}
	return rest.OK(rest.Object{{"last", q.s.m.Requests().Last()}, {"missed", missed}, {"requests", out}}), nil
}

// stream sends the requests after seq (at most limit of them), then each new one, until
// the client goes or the log is closed.
func (q *requestsRoute) stream(ctx context.Context, w *rest.EventWriter, seq uint64, limit int) error {
	log := q.s.m.Requests()
	sub := log.Subscribe() // before the backlog is read: nothing falls between
	defer sub.Close()
	heartbeat := time.NewTicker(requestsHeartbeat)
	defer heartbeat.Stop()
	send := func(max int) error {
		entries, missed := log.Since(seq, max)
		var b bytes.Buffer
		if missed > 0 {
			rest.Encode(&b, rest.Object{{"missed", missed}})
			if err := w.Event(seq+missed, eventMissed, b.Bytes()); err != nil {
				return err
			}
		}
		for _, e := range entries {
			seq = e.Seq
			if !q.mine(e) {
				continue
			}
			b.Reset()
			rest.Encode(&b, viewRequest(e))
			if err := w.Event(e.Seq, eventRequest, b.Bytes()); err != nil {
				return err
			}
		}
		return nil
	}
	if err := send(limit); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-sub.Done():
			return nil
		case <-sub.Wake():
			if err := send(0); err != nil {
				return err
			}
		case <-heartbeat.C:
			if err := w.Comment("keep-alive"); err != nil {
				return err
			}
		}
	}
}
