package control_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"time"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock"
	"github.com/wpmock/wpmock/mock/control"
	"github.com/wpmock/wpmock/mock/webhook"
)

// A post's update as a receiver gets it, signed: the mock's own shape, then what
// On-Demand Revalidation sends, headers as Go's server reads them and the body as
// sent. go test ./mock -run ExampleOptions_webhooks -v prints it (docs/mock.md
// quotes it); the signature is the body's HMAC-SHA256 under "s3cret".
func ExampleOptions_webhooks() {
	got := make(chan *http.Request, 2)
	bodies := make(chan []byte, 2)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- r
		bodies <- b
	}))
	defer front.Close()
	plane, err := control.New(control.Options{Webhooks: webhook.Config{Targets: []webhook.Target{
		{URL: front.URL + "/api/webhook", Preset: webhook.PresetWPMock, Secret: "s3cret"},
		{URL: front.URL + "/api/revalidate", Preset: webhook.PresetOnDemandRevalidation, Secret: "s3cret"},
	}}})
	if err != nil {
		panic(err)
	}
	site, err := mock.New(mock.Options{Dataset: fixtures.Example(), SiteURL: "http://wp.example",
		Clock:   func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) },
		Control: plane.Mount})
	if err != nil {
		panic(err)
	}
	defer site.Close()
	wp := httptest.NewServer(site)
	defer wp.Close()
	req, _ := http.NewRequest(http.MethodPost, wp.URL+"/wp-json/wp/v2/posts/1", strings.NewReader(`{"slug":"hello-again"}`))
	req.Header.Set("Content-Type", "application/json")
	req.SetBasicAuth("admin", site.Passwords["admin"])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	byPath := map[string]string{}
	for range 2 {
		r, body := <-got, <-bodies
		var out strings.Builder
		fmt.Fprintf(&out, "%s %s\n", r.Method, r.URL)
		var names []string
		for name := range r.Header {
			if name != "Accept-Encoding" && name != "Content-Length" {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		for _, name := range names {
			fmt.Fprintf(&out, "%s: %s\n", name, r.Header.Get(name))
		}
		fmt.Fprintf(&out, "\n%s\n", body) // the bytes the signature is of
		byPath[r.URL.Path] = out.String()
	}
	fmt.Print(byPath["/api/webhook"], "\n", byPath["/api/revalidate"])
	// Output:
	// POST /api/webhook
	// Content-Type: application/json
	// User-Agent: WordPress/6.1; http://wp.example
	// X-Wpmock-Change: 1
	// X-Wpmock-Delivery: 1
	// X-Wpmock-Event: change
	// X-Wpmock-Signature: sha256=aac7417dbbb9c3d8596505aac301651b136ad128f1cfd0d2773cbf177ae52a6d
	//
	// {"event":"change","change":1,"time":"2025-06-01T12:00:00Z","site":"http://wp.example","wordpress":"6.1","request":{"method":"POST","route":"/wp/v2/posts/1","user":"admin"},"reset":false,"items":[{"kind":"post","type":"post","id":1,"action":"updated","slug":"hello-again","status":"publish","link":"http://wp.example/hello-again/","viewable":true,"before":{"slug":"hello-world","status":"publish","link":"http://wp.example/hello-world/","viewable":true},"paths":["/hello-again/","/hello-world/","/","/category/uncategorized/","/author/admin/"]}],"more":0,"paths":["/hello-again/","/hello-world/","/","/category/uncategorized/","/author/admin/"]}
	//
	// PUT /api/revalidate
	// Authorization: Bearer s3cret
	// Content-Type: application/json
	// User-Agent: WordPress/6.1; http://wp.example
	// X-Wpmock-Change: 1
	// X-Wpmock-Delivery: 2
	// X-Wpmock-Signature: sha256=30ce17d1b000d594fa8d119ac831c465899017860d70090301f43e2767586f0d
	//
	// {"postId":1,"paths":["\/","\/hello-again","\/hello-world"]}
}
