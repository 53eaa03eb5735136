package contract

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The preflight: before any group runs, the suite finds out whether the target can be
// checked at all: it answers, it is a REST API root, it serves wp/v2, the credentials
// are accepted and belong to an administrator. When one of these fails nothing else is
// worth running (every check would fail the same way), so the run stops with one
// message saying what to fix, instead of hundreds of failures that all mean it.
//
// WordPress runs a request whose application password is wrong as anonymous (see
// auth.go), so a rejected password shows only where a login is needed: the preflight
// asks GET /wp/v2/users/me?context=edit, which answers 401 to anyone not logged in.

// preflight returns what to fix, or "" when the target can be checked. It also reads
// the index (routes the target has) and decides the WordPress version.
func (s *Suite) preflight() string {
	cfg := s.cfg
	switch {
	case cfg.URL == "":
		return "no target: set WPCONTRACT_URL (or -url) to the API root of the site, e.g. https://example.com/wp-json"
	case (cfg.User == "") != (cfg.Password == ""):
		return "set both WPCONTRACT_USER and WPCONTRACT_PASSWORD (an administrator's login and one of its application passwords), or neither to run the anonymous checks only"
	}
	if cfg.WPVersion != "" {
		if _, err := parseVersion(cfg.WPVersion); err != nil {
			return "WPCONTRACT_WP_VERSION: " + err.Error()
		}
	}
	if msg := s.loadCalls(); msg != "" {
		return msg
	}
	spec, err := loadSpec()
	if err != nil {
		return "the suite cannot load its OpenAPI document: " + err.Error()
	}
	s.spec = spec

	root, msg := s.preflightRoot()
	if msg != "" {
		return msg
	}
	s.caps.routes = map[string]bool{}
	for k := range root.Routes {
		s.caps.routes[k] = true
	}
	s.hits.load(root.raw, root.Routes)
	s.caps.meta = s.caps.routes[`/wp/v2/posts/(?P<parent_id>[\d]+)/meta`]
	s.caps.home = strings.TrimRight(root.Home, "/")
	s.caps.offset, s.caps.offsetKnown = gmtOffset(root)
	s.caps.timezone = root.Timezone

	if cfg.User == "" {
		s.anonymousOnly = true
		s.mode = "anonymous checks only: no credentials were given (WPCONTRACT_USER, WPCONTRACT_PASSWORD), " +
			"so every group and check that needs an administrator is skipped"
	} else if msg := s.preflightAccount(); msg != "" {
		return msg
	}
	if cfg.ReadOnly && s.mode == "" {
		s.mode = "read-only: WPCONTRACT_READONLY is set, so every check that creates, changes or deletes is skipped"
	}
	s.detectVersion(nopT{})
	return ""
}

// apiRoot is what the preflight reads of the index.
type apiRoot struct {
	Namespaces []string       `json:"namespaces"`
	Routes     map[string]any `json:"routes"`
	// Home, GMTOffset and Timezone are the site's home URL and time zone, which the
	// links and dates of posts are built from.
	Home      string `json:"home"`
	GMTOffset any    `json:"gmt_offset"`
	Timezone  string `json:"timezone_string"`
	raw       []byte // the body, for the routes' order
}

// preflightRoot reads GET <URL>/ and says what is wrong with it, if anything.
func (s *Suite) preflightRoot() (*apiRoot, string) {
	u := s.cfg.URL + "/"
	status, header, body, err := s.preflightGet(u, "", "")
	if err != nil {
		return nil, fmt.Sprintf("cannot reach %s: %v. Is WPCONTRACT_URL right, and is the site up and reachable from here?", u, err)
	}
	hint := " Set WPCONTRACT_URL to the API root of the site, e.g. https://example.com/wp-json."
	if !strings.HasSuffix(s.cfg.URL, "/wp-json") {
		if st, _, b, err := s.preflightGet(s.cfg.URL+"/wp-json/", "", ""); err == nil && st == http.StatusOK && isAPIRoot(b) {
			hint = fmt.Sprintf(" %s/wp-json is one: set WPCONTRACT_URL to it.", s.cfg.URL)
		}
	}
	if status >= 300 && status < 400 {
		return nil, fmt.Sprintf("GET %s answered %d, redirecting to %s: the suite does not follow redirects (they would change "+
			"what it checks).%s", u, status, header.Get("Location"), hint)
	}
	if status == http.StatusUnauthorized || status == http.StatusForbidden {
		return nil, fmt.Sprintf("GET %s answered %d %s: the API root refuses anonymous readers (a site behind HTTP authentication, "+
			"or a plugin that turns the REST API off for visitors); the suite needs it open.", u, status, http.StatusText(status))
	}
	var root apiRoot
	if status != http.StatusOK || json.Unmarshal(body, &root) != nil || root.Routes == nil || root.Namespaces == nil {
		return nil, fmt.Sprintf("%s is not a WordPress REST API root: GET %s answered %d with %s, not the JSON index with "+
			"namespaces and routes.%s", s.cfg.URL, u, status, showBody(header.Get("Content-Type"), body, 80), hint)
	}
	root.raw = body
	if !slices.Contains(root.Namespaces, "wp/v2") {
		return nil, fmt.Sprintf("the API root at %s serves the namespaces %v but not wp/v2, the one the suite checks: "+
			"is a plugin turning WordPress's core routes off?", s.cfg.URL, root.Namespaces)
	}
	return &root, ""
}

func isAPIRoot(body []byte) bool {
	var root apiRoot
	return json.Unmarshal(body, &root) == nil && root.Routes != nil && root.Namespaces != nil
}

// preflightAccount checks that the credentials are accepted and are an administrator's.
func (s *Suite) preflightAccount() string {
	cfg := s.cfg
	path := "/wp/v2/users/me?context=edit"
	u := cfg.URL + path
	status, header, body, err := s.preflightGet(u, cfg.User, cfg.Password)
	if err != nil {
		return fmt.Sprintf("cannot reach %s: %v", u, err)
	}
	var me struct {
		ID    int      `json:"id"`
		Code  string   `json:"code"`
		Roles []string `json:"roles"`
	}
	_ = json.Unmarshal(body, &me)
	curl := fmt.Sprintf("curl -u '%s:****' '%s'", cfg.User, u)
	switch {
	case status == http.StatusUnauthorized:
		return fmt.Sprintf("the credentials are rejected: WordPress ran the request as anonymous (%s answered 401 %s). "+
			"Check WPCONTRACT_USER (an administrator's login or email) and WPCONTRACT_PASSWORD: it must be one of that user's "+
			"application passwords (Users → Profile → Application Passwords), not the login password, and the site must "+
			"offer application passwords (WordPress does over HTTPS, or when its environment type is local).", curl, me.Code)
	case status != http.StatusOK || me.ID == 0:
		return fmt.Sprintf("%s answered %d %s, not the user: cannot tell whether the credentials are accepted.", curl, status,
			showBody(header.Get("Content-Type"), body, 120))
	case !slices.Contains(me.Roles, "administrator"):
		return fmt.Sprintf("the account %s is %s, not an administrator: the suite creates users of every role and reads every "+
			"context, which needs an administrator. Use an administrator's application password, or give no credentials to run "+
			"the anonymous checks only.", cfg.User, fmtList(me.Roles))
	}
	s.mu.Lock()
	s.adminUserID = me.ID
	s.mu.Unlock()
	return ""
}

// preflightGet sends one GET without following redirects.
func (s *Suite) preflightGet(u, user, password string) (int, http.Header, []byte, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return 0, nil, nil, err
	}
	if user != "" {
		req.SetBasicAuth(user, password)
	}
	c := *s.client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	return resp.StatusCode, resp.Header, body, err
}

// showBody describes a body for a message: text clipped to n bytes, anything else
// (an image, bytes that are not UTF-8) by its type and length only.
func showBody(contentType string, body []byte, n int) string {
	mt, _, _ := mime.ParseMediaType(contentType)
	if len(body) == 0 {
		return "an empty body"
	}
	if isBinary(mt, body) {
		if mt == "" {
			mt = "no Content-Type"
		}
		return fmt.Sprintf("(%s, %d bytes)", mt, len(body))
	}
	if mt == "text/html" {
		return fmt.Sprintf("an HTML page (%d bytes): %s", len(body), clip(body, n))
	}
	return clip(body, n)
}

// gmtOffset is the site's offset from UTC in hours (now: a named zone's changes with
// daylight saving time), and whether the index gives one.
func gmtOffset(root *apiRoot) (float64, bool) {
	switch v := root.GMTOffset.(type) {
	case float64:
		return v, true
	case string:
		h, err := strconv.ParseFloat(v, 64)
		return h, err == nil
	}
	return 0, false
}
