package main

import (
	"io"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/webhook"
)

// TestWebhookFlags: -webhook repeats, -webhook-preset and -webhook-secret apply to
// every URL, WPMOCK_WEBHOOK holds URLs separated by spaces and a -webhook on the
// command line replaces them, and a bad URL or preset is refused before serving.
func TestWebhookFlags(t *testing.T) {
	for _, c := range []struct {
		env, args, want, err string
	}{
		{"", "", "", ""},
		{"", "-webhook http://a.test/x -webhook https://b.test/y -webhook-preset next-wp -webhook-secret s",
			"http://a.test/x next-wp s|https://b.test/y next-wp s", ""},
		{"http://env.test/1 http://env.test/2", "", "http://env.test/1 wpmock |http://env.test/2 wpmock ", ""},
		{"http://env.test/1", "-webhook http://cli.test/", "http://cli.test/ wpmock ", ""},
		{"", "-webhook localhost:3000", "", "-webhook"},
		{"", "-webhook http://a.test/ -webhook-preset gatsby", "", "-webhook"},
		{"", "-webhook-preset gatsby", "", "-webhook-preset"},
	} {
		t.Setenv("WPMOCK_WEBHOOK", c.env)
		m := &Main{Stdout: io.Discard, Stderr: io.Discard}
		err := m.ParseFlags(strings.Fields(c.args))
		if c.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) {
				t.Errorf("%q: error %v, want one about %s", c.args, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		var got []string
		for _, tg := range m.Control.Webhooks.Targets {
			got = append(got, tg.URL+" "+tg.Preset+" "+tg.Secret)
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("env %q, %q: targets %q, want %q", c.env, c.args, strings.Join(got, "|"), c.want)
		}
	}
	var banner strings.Builder
	webhookBanner(&banner, []webhook.Target{{URL: "http://front.test/api/revalidate", Preset: "next-wp", Secret: "s"}}, "http://127.0.0.1:8080/wp-json/")
	if want := "wpmock: webhook: every change is posted to http://front.test/api/revalidate (next-wp, signed); deliveries at http://127.0.0.1:8080/wp-json/wpmock/v1/webhooks\n"; banner.String() != want {
		t.Errorf("banner: %q, want %q", banner.String(), want)
	}
}
