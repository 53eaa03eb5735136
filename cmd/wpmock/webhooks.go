package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/wpmock/wpmock/mock/webhook"
)

// webhookFlags are -webhook URL (repeatable; WPMOCK_WEBHOOK holds URLs separated by
// spaces), -webhook-preset and -webhook-secret, which apply to every URL.
type webhookFlags struct {
	urls           []string
	fromEnv        bool // urls came from WPMOCK_WEBHOOK: a -webhook on the command line replaces them
	preset, secret string
}

func (w *webhookFlags) register(fs *flag.FlagSet) {
	fs.Func("webhook", "after every change, post what changed to this URL (repeatable), as -webhook-preset says, in the background with retries; deliveries: GET /wp-json/wpmock/v1/webhooks", func(s string) error {
		if w.fromEnv {
			w.urls, w.fromEnv = nil, false
		}
		w.urls = append(w.urls, strings.Fields(s)...)
		return nil
	})
	fs.StringVar(&w.preset, "webhook-preset", webhook.PresetWPMock, "the webhooks' shape: "+strings.Join(webhook.Presets(), ", ")+" (docs/mock.md shows each)")
	fs.StringVar(&w.secret, "webhook-secret", "", "the webhooks' secret: sent as the preset's plugin sends it, and the body's HMAC-SHA256 in X-WPMock-Signature")
}

// envDone marks the URLs set so far as the environment's.
func (w *webhookFlags) envDone() { w.fromEnv = len(w.urls) > 0 }

// targets are the receivers the flags name.
func (w *webhookFlags) targets() ([]webhook.Target, error) {
	var out []webhook.Target
	for _, u := range w.urls {
		t := webhook.Target{URL: u, Preset: w.preset, Secret: w.secret}
		if err := webhook.CheckTarget(t); err != nil {
			return nil, fmt.Errorf("-webhook: %v", err)
		}
		out = append(out, t)
	}
	if len(out) == 0 && w.preset != webhook.PresetWPMock {
		if err := webhook.CheckTarget(webhook.Target{URL: "http://localhost", Preset: w.preset}); err != nil {
			return nil, fmt.Errorf("-webhook-preset: %v", err)
		}
	}
	return out, nil
}

// webhookBanner says where the changes go.
func webhookBanner(out io.Writer, targets []webhook.Target, root string) {
	for _, t := range targets {
		signed := "unsigned"
		if t.Secret != "" {
			signed = "signed"
		}
		fmt.Fprintf(out, "wpmock: webhook: every change is posted to %s (%s, %s); deliveries at %swpmock/v1/webhooks\n", t.URL, t.Preset, signed, root)
	}
}
