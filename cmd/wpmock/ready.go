package main

import (
	"encoding/json"
	"fmt"

	"github.com/wpmock/wpmock/mock"
)

// ready is the line -ready-json prints once the mock is listening: what a program
// that started it needs to use it (the npm package's start(), a test harness) when
// the port was chosen by the system (-addr 127.0.0.1:0), without parsing the banner,
// which is written for people and may change.
type ready struct {
	// URL is the site (http://127.0.0.1:40123); REST is its REST root (URL + /wp-json/).
	URL  string `json:"url"`
	REST string `json:"rest"`
	// Dashboard is the mock's dashboard page (URL + /wpmock/), with the token that
	// signs a browser in when the mock gives one (-dashboard-link).
	Dashboard string `json:"dashboard"`
	// WordPress is the version the mock answers as ("6.1").
	WordPress string `json:"wordpress"`
	// Auth is "app-password" or "open" (-auth).
	Auth string `json:"auth"`
	// User and Password are the administrator's login and application password
	// (Password "" when the dataset gave the administrator none in plain text).
	User     string `json:"user"`
	Password string `json:"password"`
	// Users are every user whose application password the mock knows, in the
	// dataset's order, as the banner lists them.
	Users []readyUser `json:"users"`
}

type readyUser struct {
	Login    string `json:"login"`
	Role     string `json:"role"`
	Password string `json:"password"`
}

// printReady writes the -ready-json line: one JSON object, one line, on Stdout.
func (m *Main) printReady(site *mock.Mock) error {
	r := ready{URL: m.URL, REST: m.URL + "/wp-json/", Dashboard: m.dashboardURL(m.URL), WordPress: site.Version().String(),
		Auth: "app-password", Users: []readyUser{}}
	if m.Options.SiteURL != "" {
		r.REST = m.Options.SiteURL + "/wp-json/"
	}
	if m.Options.OpenAuth {
		r.Auth = "open"
	}
	for _, u := range site.StartupKept().Users {
		pw, ok := site.Passwords[u.Login]
		if !ok || len(u.Roles) == 0 {
			continue
		}
		r.Users = append(r.Users, readyUser{Login: u.Login, Role: u.Roles[0], Password: pw})
	}
	// the administrator is "admin", the login -admin-app-password names; a dataset
	// without one offers its first administrator
	for _, u := range r.Users {
		if u.Login == "admin" || (r.User == "" && u.Role == "administrator") {
			r.User, r.Password = u.Login, u.Password
		}
	}
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(m.Stdout, "%s\n", line)
	return err
}
