package rest

import (
	"errors"
	"net/http"
	"slices"
)

// OwnFields are the header fields WordPress's REST server sets on its answers, as write
// and the handlers' paging and Allow set them here (canonical names): a recorded
// site's other constant fields come from its web server.
var OwnFields = map[string]bool{"Content-Type": true, "X-Robots-Tag": true, "Link": true,
	"X-Content-Type-Options": true, "Access-Control-Expose-Headers": true, "Access-Control-Allow-Headers": true,
	"Vary": true, "Expires": true, "Cache-Control": true, "Allow": true, "X-Wp-Total": true, "X-Wp-Totalpages": true,
	"Access-Control-Allow-Origin": true, "Access-Control-Allow-Methods": true, "Access-Control-Allow-Credentials": true}

// Replayed is an answer recorded earlier, sent again as it was (Server.Replay).
type Replayed struct {
	Status int
	// Header is sent as recorded, apart from the fields the connection makes: Date,
	// Content-Length.
	Header http.Header
	Body   []byte
}

// write sends the recorded answer. A request from another origin gets the CORS
// fields WordPress would add (rest_send_cors_headers), which a recording made
// without an Origin lacks.
func (rp *Replayed) write(w http.ResponseWriter, hr *http.Request, req *Request) {
	if sw, ok := w.(*statusWriter); ok {
		sw.req = req
	}
	h := w.Header()
	for k, v := range rp.Header {
		h[k] = v[:len(v):len(v)] // shared: an Add below must not write into it
	}
	if origin := hr.Header.Get("Origin"); origin != "" {
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Allow-Methods", headerCORSMethod)
		h.Set("Access-Control-Allow-Credentials", "true")
		if !slices.Contains(h.Values("Vary"), "Origin") {
			h.Add("Vary", "Origin")
		}
	}
	w.WriteHeader(rp.Status)
	if hr.Method == http.MethodHead {
		return
	}
	if _, err := w.Write(rp.Body); err != nil && !errors.Is(err, http.ErrHandlerTimeout) {
		req.server.logf("writing a recorded answer: %v", err)
	}
}
