package control

import (
	"encoding/json"
	"net/http"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/webhook"
)

// webhooksRoute is GET /wpmock/v1/webhooks, the receivers and the delivery log
// (newest first), and POST /wpmock/v1/webhooks, which adds a receiver while the site
// runs. Both are the administrator's, like reset: the log shows the secrets as they
// were sent.
type webhooksRoute struct{ s *site }

func (w *webhooksRoute) routes() []*rest.Route {
	c := w.s
	return []*rest.Route{ownRoute("webhooks",
		&rest.Endpoint{Methods: rest.Readable, Permission: c.permission, Handler: w.get},
		&rest.Endpoint{Methods: rest.Creatable, Permission: c.permission, Handler: w.add, Args: []*rest.Schema{
			rest.Str("url").Fmt("uri").Req().Desc("The receiver's URL (http or https)."),
			rest.Str("preset").OneOfEnum(webhook.Presets()...).Def(webhook.PresetWPMock).Desc("What the requests look like: the mock's own shape, or a WordPress revalidation plugin's."),
			rest.Str("secret").Def("").Desc("The secret the requests carry (as the preset's plugin sends it) and sign the body with (X-WPMock-Signature)."),
		}},
	)}
}

func (w *webhooksRoute) get(*rest.Request) (*rest.Response, *rest.Error) {
	return rest.OK(w.view()), nil
}

func (w *webhooksRoute) add(r *rest.Request) (*rest.Response, *rest.Error) {
	t := webhook.Target{URL: r.String("url"), Preset: r.String("preset"), Secret: r.String("secret")}
	if err := w.s.plane.hooks.Add(t); err != nil {
		return nil, rest.Errorf(http.StatusBadRequest, rest.CodeInvalidParam, "Invalid parameter(s): url").
			With("params", rest.Object{{"url", err.Error()}})
	}
	return rest.OK(w.view()), nil
}

// view is the receivers (their secrets said to be set, not shown) and the log.
func (w *webhooksRoute) view() rest.Object {
	targets := []any{}
	for _, t := range w.s.plane.hooks.Targets() {
		targets = append(targets, rest.Object{{"url", t.URL}, {"preset", t.Preset}, {"signed", t.Secret != ""}})
	}
	log, _ := json.Marshal(w.s.plane.hooks.Deliveries()) // plain values: it cannot fail
	presets := []string{}
	presets = append(presets, webhook.Presets()...)
	return rest.Object{{"presets", presets}, {"targets", targets}, {"deliveries", json.RawMessage(log)}}
}
