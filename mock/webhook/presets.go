package webhook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// A preset turns a change into the requests one kind of receiver expects: the
// mock's own full shape, or what a WordPress revalidation plugin sends with its
// default settings, hook for hook (which changes it hears of, its method, headers and
// body, byte for byte as PHP encodes it). docs/mock.md shows each.
type preset struct {
	name string
	// imitates names the plugin (its wordpress.org slug and author), "" for wpmock.
	imitates string
	requests func(t Target, c *Change) []Request
}

// Preset names.
const (
	PresetWPMock               = "wpmock"
	PresetOnDemandRevalidation = "on-demand-revalidation"
	PresetNextjsRevalidate     = "nextjs-revalidate"
	PresetNextWP               = "next-wp"
)

var presets = []preset{
	{PresetWPMock, "", wpmockRequests},
	{PresetOnDemandRevalidation, "On-Demand Revalidation (wordpress.org/plugins/on-demand-revalidation, Dexerto) 1.4", onDemandRequests},
	{PresetNextjsRevalidate, "Next.js Revalidate (wordpress.org/plugins/nextjs-revalidate, kuuak) 1.6", nextjsRevalidateRequests},
	{PresetNextWP, "Next.js Revalidation, the plugin of the next-wp starter (github.com/9d8dev/next-wp) 1.0", nextWPRequests},
}

// Presets are the preset names, the default first.
func Presets() []string {
	out := make([]string, len(presets))
	for i, p := range presets {
		out[i] = p.name
	}
	return out
}

func findPreset(name string) *preset {
	if i := slices.IndexFunc(presets, func(p preset) bool { return p.name == name }); i >= 0 {
		return &presets[i]
	}
	return nil
}

// Request is one HTTP request a preset makes of a change.
type Request struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	// Header are the request's headers but those Go's client adds itself
	// (Content-Length, Accept-Encoding).
	Header map[string]string `json:"headers"`
	Body   string            `json:"body"`
}

// Headers every preset's request carries.
const (
	// HeaderSignature is the mock's signature of a request's body with the target's
	// secret: "sha256=" and the HMAC-SHA256 in hex, as GitHub's X-Hub-Signature-256.
	HeaderSignature = "X-WPMock-Signature"
	// HeaderChange and HeaderDelivery number the change and the delivery, so a
	// receiver can tell a retry (same delivery) from a new change.
	HeaderChange   = "X-WPMock-Change"
	HeaderDelivery = "X-WPMock-Delivery"
	// HeaderSite names the named site the change was made in, as a request names
	// its site to the mock; absent for the default site.
	HeaderSite = "X-WPMock-Site"
)

// userAgent is WP_Http's default User-Agent: "WordPress/<version>; <home URL>".
func userAgent(c *Change) string { return "WordPress/" + c.WordPress + "; " + c.Site }

func jsonRequest(method, target string, c *Change, body []byte, header ...string) Request {
	h := map[string]string{"User-Agent": userAgent(c), "Content-Type": "application/json"}
	for i := 0; i+1 < len(header); i += 2 {
		h[header[i]] = header[i+1]
	}
	return Request{Method: method, URL: target, Header: h, Body: string(body)}
}

// wpmockRequests is the mock's own shape: one POST per change with everything it
// knows, for a receiver written for the mock (or any frontend: Astro, Nuxt, ...).
func wpmockRequests(t Target, c *Change) []Request {
	type state struct {
		Slug     string `json:"slug"`
		Status   string `json:"status"`
		Link     string `json:"link"`
		Viewable bool   `json:"viewable"`
	}
	type item struct {
		Kind    string   `json:"kind"`
		Type    string   `json:"type"`
		ID      int      `json:"id"`
		Action  string   `json:"action"`
		Slug    string   `json:"slug"`
		Status  string   `json:"status"`
		Link    string   `json:"link"`
		View    bool     `json:"viewable"`
		Before  *state   `json:"before"`
		Post    int      `json:"post,omitempty"`
		Options []string `json:"options,omitempty"`
		Paths   []string `json:"paths"`
	}
	type request struct {
		Method string `json:"method"`
		Route  string `json:"route"`
		User   string `json:"user"`
	}
	body := struct {
		Event     string   `json:"event"`
		Change    uint64   `json:"change"`
		Time      string   `json:"time"`
		Site      string   `json:"site"`
		WordPress string   `json:"wordpress"`
		Request   request  `json:"request"`
		Reset     bool     `json:"reset"`
		Items     []item   `json:"items"`
		More      int      `json:"more"`
		Paths     []string `json:"paths"`
	}{
		Event: "change", Change: c.Seq, Time: c.Time.UTC().Format(time.RFC3339), Site: c.Site,
		WordPress: c.WordPress, Request: request{c.Method, c.Route, c.User}, Reset: c.Reset,
		Items: []item{}, More: c.More, Paths: nonNil(c.Paths()),
	}
	for _, it := range c.Items {
		out := item{Kind: it.Kind, Type: it.Type, ID: it.ID, Action: it.Action, Slug: it.Slug, Status: it.Status,
			Link: it.Link, View: it.Viewable, Post: it.Post, Options: it.Options, Paths: nonNil(it.Paths())}
		if b := it.Before; b != nil {
			out.Before = &state{b.Slug, b.Status, b.Link, b.Viewable}
		}
		body.Items = append(body.Items, out)
	}
	b, _ := json.Marshal(body)
	return []Request{jsonRequest(http.MethodPost, t.URL, c, b, "X-WPMock-Event", "change")}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// onDemandRequests imitates On-Demand Revalidation: on save_post of a post of any
// type whose status is not auto-draft, inherit, draft or trash, and on
// transition_post_status to trash (from anything but draft) or from publish to
// draft, a PUT of {"postId":ID,"paths":[...]} with the bearer secret. The paths are
// "/" (its "revalidate homepage" setting, on by default), the path of the post's
// permalink and of its permalink before the change (kept by its pre_post_update and
// wp_trash_post hooks), each without its trailing slash and skipped when "/". A
// deleted post (no hook of its), terms (its taxonomy settings are empty by default),
// comments, users and settings send nothing.
func onDemandRequests(t Target, c *Change) []Request {
	var out []Request
	for _, it := range c.Items {
		if it.Kind != KindPost || it.Action == Deleted {
			continue
		}
		before := "new"
		if it.Before != nil {
			before = it.Before.Status
		}
		saved := !slices.Contains([]string{"auto-draft", "inherit", "draft", "trash"}, it.Status)
		moved := (before != "draft" && before != "trash" && it.Status == "trash") || (before == "publish" && it.Status == "draft")
		if !saved && !moved {
			continue
		}
		paths := []string{"/"}
		add := func(link string) {
			u, err := url.Parse(link)
			if err != nil || u.EscapedPath() == "" || u.EscapedPath() == "/" {
				return
			}
			if p := strings.TrimSuffix(u.EscapedPath(), "/"); !slices.Contains(paths, p) {
				paths = append(paths, p) // array_unique
			}
		}
		add(it.Link)
		if it.Before != nil {
			add(it.Before.Link)
		}
		body := phpJSON(struct {
			PostID int      `json:"postId"`
			Paths  []string `json:"paths"`
		}{it.ID, paths})
		out = append(out, jsonRequest(http.MethodPut, t.URL, c, body, "Authorization", "Bearer "+t.Secret))
	}
	return out
}

// nextjsRevalidateRequests imitates Next.js Revalidate: on wp_after_insert_post of
// a post that is publicly viewable (published; an attachment whose parent is) or
// private, a GET of the revalidate URL with ?path=<its permalink relative to the
// site>&secret=<secret>, one request per post; a post taken from publish back to
// draft sends its former permalink. Trash, deletes, terms, comments, users and
// settings send nothing. add_query_arg does not encode the values: neither does the
// mock, but for the characters that would end a value (& # + and space).
func nextjsRevalidateRequests(t Target, c *Change) []Request {
	var out []Request
	var seen []string
	for _, it := range c.Items {
		if it.Kind != KindPost || it.Action == Deleted {
			continue
		}
		link := ""
		switch {
		case it.Viewable || it.Status == "private":
			link = it.Link
		case it.Before != nil && it.Before.Status == "publish" && it.Status == "draft":
			link = it.Before.Link
		default:
			continue
		}
		path := Relative(link)
		if slices.Contains(seen, path) {
			continue
		}
		seen = append(seen, path)
		sep := "?"
		if strings.Contains(t.URL, "?") {
			sep = "&"
		}
		u := t.URL + sep + "path=" + queryValue.Replace(path) + "&secret=" + queryValue.Replace(t.Secret)
		out = append(out, Request{Method: http.MethodGet, URL: u, Header: map[string]string{"User-Agent": userAgent(c)}})
	}
	return out
}

// queryValue escapes what would end a query value early.
var queryValue = strings.NewReplacer("&", "%26", "#", "%23", "+", "%2B", " ", "%20")

// nextWPRequests imitates the next-wp starter's plugin: a POST of
// {"contentType":...,"contentId":ID} with the secret in x-webhook-secret, on
// save_post of a published post of any type (contentType the post type), on
// deleted_post (the post type), on add_attachment, edit_attachment and
// delete_attachment ("media"; a deleted attachment then sends deleted_post's
// "attachment" too), on created_term, edited_term and delete_term ("category",
// "tag", or the taxonomy), and on user_register, profile_update and deleted_user
// ("author"). Comments and settings send nothing.
func nextWPRequests(t Target, c *Change) []Request {
	var out []Request
	send := func(contentType string, id int) {
		body := phpJSON(struct {
			ContentType string `json:"contentType"`
			ContentID   int    `json:"contentId"`
		}{contentType, id})
		out = append(out, jsonRequest(http.MethodPost, t.URL, c, body, "x-webhook-secret", t.Secret))
	}
	for _, it := range c.Items {
		switch {
		case it.Kind == KindPost && it.Type == "attachment":
			send("media", it.ID)
			if it.Action == Deleted {
				send(it.Type, it.ID)
			}
		case it.Kind == KindPost && (it.Action == Deleted || it.Status == "publish"):
			send(it.Type, it.ID)
		case it.Kind == KindTerm:
			typ := it.Type
			if typ == "post_tag" {
				typ = "tag"
			}
			send(typ, it.ID)
		case it.Kind == KindUser:
			send("author", it.ID)
		}
	}
	return out
}

// phpJSON is v as PHP's json_encode writes it with its default flags: slashes
// escaped (\/) and every character past ASCII as \u escapes, nothing else (no HTML
// escapes). Only a string holds a slash or such a character, so the bytes of Go's
// encoding can be rewritten as they are.
func phpJSON(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("webhook: %v", err)) // the bodies are the package's own structs
	}
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	var out bytes.Buffer
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case r == '/':
			out.WriteString(`\/`)
		case r < utf8.RuneSelf:
			out.WriteByte(b[0])
		case r > 0xFFFF:
			r -= 0x10000
			fmt.Fprintf(&out, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
		b = b[n:]
	}
	return out.Bytes()
}
