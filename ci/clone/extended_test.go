package clone

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/wpmock/wpmock/fixtures"
)

// extended is what the clone declares of a site beyond its types, taxonomies, meta
// and fields, read from the dataset's JSON (the parts arrive in the dataset format
// apart from the clone): its statuses, its plugins' routes.
type extended struct {
	PostStatuses []struct {
		Name string `json:"name"`
	} `json:"post_statuses"`
	RestRoutes []struct {
		Namespace string                     `json:"namespace"`
		Route     string                     `json:"route"`
		Methods   any                        `json:"methods"`
		Args      map[string]json.RawMessage `json:"args"`
	} `json:"rest_routes"`
}

// extendedGets are the GETs the clone never asks of a site's own statuses (their
// entries, the items in them as the user) and plugin routes: each argument-validating
// GET route without path parameters asked without its required arguments, and with
// each argument out of its enum, range or pattern, which WordPress refuses with a
// 400 before the callback runs; and every user's and comment's meta and fields.
func extendedGets(ds *fixtures.Dataset, user string) []get {
	var ext extended
	if ds.Register != nil {
		if b, err := json.Marshal(ds.Register); err == nil {
			json.Unmarshal(b, &ext)
		}
	}
	var out []get
	add := func(u, format string, args ...any) { out = append(out, get{fmt.Sprintf(format, args...), u}) }
	for _, s := range ext.PostStatuses {
		add("", "/wp/v2/statuses/%s", s.Name)
		add(user, "/wp/v2/statuses/%s?context=edit", s.Name)
		add(user, "/wp/v2/posts?status=%s", s.Name)
		add(user, "/wp/v2/posts?status=%s&context=edit&_fields=id,status,link", s.Name)
		add("", "/wp/v2/posts?status=%s", s.Name)
	}
	for _, r := range ext.RestRoutes {
		if strings.Contains(r.Route, "(") || !strings.Contains(fmt.Sprint(r.Methods), "GET") {
			continue
		}
		route := "/" + r.Namespace + r.Route
		add("", "%s", route)
		for _, q := range badArgs(r.Args) {
			add("", "%s?%s", route, q)
		}
	}
	for _, u := range ds.Users {
		add("", "/wp/v2/users/%d?_fields=id,meta", u.ID)
		add(user, "/wp/v2/users/%d?context=edit&_fields=id,meta,capabilities", u.ID)
	}
	for _, c := range ds.Comments {
		if c.Status == "approved" {
			add("", "/wp/v2/comments/%d?_fields=id,meta", c.ID)
		}
	}
	return out
}

// badArgs are queries that break one argument each, the others valid where a valid
// value is known (an enum's first, a range's minimum, "a" for a string without a
// pattern); none where a required argument's valid value is not known.
func badArgs(args map[string]json.RawMessage) []string {
	type arg struct {
		Type     string `json:"type"`
		Required bool   `json:"required"`
		Enum     []any  `json:"enum"`
		Minimum  *int   `json:"minimum"`
		Maximum  *int   `json:"maximum"`
		Pattern  string `json:"pattern"`
	}
	valid := url.Values{}
	parsed := map[string]arg{}
	for name, raw := range args {
		var a arg
		json.Unmarshal(raw, &a)
		parsed[name] = a
		switch {
		case len(a.Enum) > 0:
			valid.Set(name, fmt.Sprint(a.Enum[0]))
		case a.Minimum != nil:
			valid.Set(name, fmt.Sprint(*a.Minimum))
		case a.Type == "string" && a.Pattern == "":
			valid.Set(name, "a")
		case a.Required:
			return nil
		}
	}
	var out []string
	names := make([]string, 0, len(parsed))
	for name := range parsed {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		a := parsed[name]
		var bad []string
		switch {
		case len(a.Enum) > 0:
			bad = append(bad, "not-in-enum")
		case a.Minimum != nil:
			bad = append(bad, fmt.Sprint(*a.Minimum-1))
		}
		if a.Maximum != nil {
			bad = append(bad, fmt.Sprint(*a.Maximum+1))
		}
		if a.Pattern != "" {
			bad = append(bad, "!!")
		}
		if a.Type == "integer" {
			bad = append(bad, "x")
		}
		for _, v := range bad {
			q := url.Values{}
			for k, x := range valid {
				q[k] = x
			}
			q.Set(name, v)
			out = append(out, q.Encode())
		}
	}
	return out
}
