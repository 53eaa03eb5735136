package dashboard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strings"
)

// Page is what the dashboard's HTML is rendered with. Signed in, the page arrives
// with the site's summary and its last requests already in it (html/template), so it
// shows the site before any script has run (a headless browser's screenshot, a slow
// first load); the script then takes over the same elements and keeps them live.
type Page struct {
	// Summary is GET /wpmock/v1/summary's answer; nil when the visitor is not signed
	// in, and the page shows the sign-in form.
	Summary *Summary
	// Requests are GET /wpmock/v1/requests' newest requests, newest first, as the
	// page's log lists them.
	Requests []Request
	// Authorization is the administrator's Authorization header for the page's script
	// (which calls wpmock/v1 as the sign-in form's password would); empty under
	// -auth=open, where the routes need none.
	Authorization string
	// Message is why the sign-in form is shown (a token that is not this process's).
	Message string
	// SignedInByLink says the visitor signed in with the banner's link (a cookie),
	// which "Forget the password" signs out of as well.
	SignedInByLink bool
}

// Summary is the part of GET /wpmock/v1/summary the page renders.
type Summary struct {
	Site struct {
		Name      string `json:"name"`
		REST      string `json:"rest"`
		Title     string `json:"title"`
		WordPress string `json:"wordpress"`
		Auth      string `json:"auth"`
	} `json:"site"`
	Posts []struct {
		Type     string  `json:"type"`
		REST     string  `json:"rest"`
		Count    int     `json:"count"`
		Statuses ordered `json:"statuses"`
	} `json:"posts"`
	Terms []struct {
		Taxonomy string `json:"taxonomy"`
		REST     string `json:"rest"`
		Count    int    `json:"count"`
	} `json:"terms"`
	Comments struct {
		Count    int     `json:"count"`
		Statuses ordered `json:"statuses"`
	} `json:"comments"`
	Users struct {
		Count  int `json:"count"`
		Listed []struct {
			Login        string   `json:"login"`
			Roles        []string `json:"roles"`
			AppPasswords int      `json:"app_passwords"`
			Password     *string  `json:"password"`
		} `json:"listed"`
	} `json:"users"`
}

// Request is one entry of GET /wpmock/v1/requests.
type Request struct {
	Seq    uint64  `json:"seq"`
	Time   string  `json:"time"`
	Method string  `json:"method"`
	URI    string  `json:"uri"`
	Site   string  `json:"site"`
	Status int     `json:"status"`
	Code   string  `json:"code"`
	User   string  `json:"user"`
	MS     float64 `json:"ms"`
}

// DecodeSummary reads the summary route's answer.
func DecodeSummary(b []byte) (*Summary, error) {
	s := &Summary{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("dashboard: the summary: %w", err)
	}
	return s, nil
}

// DecodeRequests reads the requests route's answer.
func DecodeRequests(b []byte) ([]Request, error) {
	var list struct {
		Requests []Request `json:"requests"`
	}
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("dashboard: the requests: %w", err)
	}
	return list.Requests, nil
}

// ordered is a JSON object of counts in the answer's order ({"publish": 40, "draft": 3}),
// which a map would lose.
type ordered []struct {
	Key   string
	Count int
}

func (o *ordered) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		var n int
		if err := dec.Decode(&n); err != nil {
			return err
		}
		*o = append(*o, struct {
			Key   string
			Count int
		}{fmt.Sprint(k), n})
	}
	return nil
}

// String is the counts as the page shows them: "publish 40, draft 3".
func (o ordered) String() string {
	parts := make([]string, len(o))
	for i, kv := range o {
		parts[i] = fmt.Sprintf("%s %d", kv.Key, kv.Count)
	}
	return strings.Join(parts, ", ")
}

// page is index.html, rendered with a Page; the functions shape values as
// dashboard.js shapes them, so the script's first render changes nothing visible.
var page = template.Must(template.New("index.html").Funcs(template.FuncMap{
	// lastSegment is a route's base: wp/v2/posts -> posts
	"lastSegment": func(route string) string { return route[strings.LastIndexByte(route, '/')+1:] },
	"join":        strings.Join,
	"lower":       strings.ToLower,
	// clock is the time of day of an ISO time, to the millisecond
	"clock": func(t string) string {
		if len(t) >= 23 {
			return t[11:23]
		}
		return t
	},
	"ms":        func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"statusBin": func(s int) int { return s / 100 },
	// own says whether a request called the mock's own routes, which the log hides
	// unless asked
	"own": func(uri string) bool { return strings.Contains(uri, "/wpmock/v1/") },
}).ParseFS(files, "index.html"))

// Render writes the page. It holds the administrator's application password when
// signed in: never cached, and framed or read by no other origin (security).
func Render(w http.ResponseWriter, r *http.Request, p Page) error {
	var b bytes.Buffer
	if err := page.Execute(&b, p); err != nil {
		return err
	}
	headers(w, "text/html; charset=UTF-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(b.Bytes())
	}
	return nil
}
