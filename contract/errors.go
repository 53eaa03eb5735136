package contract

import (
	"net/http"
)

// The errors group: WordPress's error envelope and its codes for the common failures.

func init() {
	register("errors", false, func(s *Suite, t T) {
		anon := s.as(anonymous)
		r := anon.get(t, "/wp/v2/nope")
		wantValue(t, r, "", map[string]any{"code": "rest_no_route", "message": "No route was found matching the URL and request method.",
			"data": map[string]any{"status": 404.0}}, "errors/no-route/body: unknown route: WordPress's exact rest_no_route body")
		for _, c := range []struct{ path, code string }{
			{"/wp/v2/posts/" + missingID, "rest_post_invalid_id"},
			{"/wp/v2/posts/0", "rest_post_invalid_id"},
			{"/wp/v2/media/" + missingID, "rest_post_invalid_id"},
			{"/wp/v2/users/" + missingID, "rest_user_invalid_id"},
			{"/wp/v2/tags/" + missingID, "rest_term_invalid"},
			{"/wp/v2/categories/" + missingID, "rest_term_invalid"},
			{"/wp/v2/posts/" + missingID + "/revisions", "rest_post_invalid_parent"},
			{"/wp/v2/types/nope", "rest_type_invalid"},
			{"/wp/v2/taxonomies/nope", "rest_taxonomy_invalid"},
			{"/wp/v2/statuses/nope", "rest_status_invalid"},
		} {
			wantError(t, anon.get(t, c.path), http.StatusNotFound, c.code, "errors/not-found/codes: GET "+c.path+" of something that does not exist: 404 "+c.code)
		}
		r = anon.get(t, "/wp/v2/posts?per_page=101")
		wantValue(t, r, "", map[string]any{"code": "rest_invalid_param", "message": "Invalid parameter(s): per_page",
			"data": map[string]any{"status": 400.0,
				"params":  map[string]any{"per_page": "per_page must be between 1 (inclusive) and 100 (inclusive)"},
				"details": map[string]any{"per_page": map[string]any{"code": "rest_out_of_bounds", "message": "per_page must be between 1 (inclusive) and 100 (inclusive)", "data": nil}}}},
			"errors/invalid-param/body: an invalid parameter: 400 rest_invalid_param with data.params and data.details exactly as WordPress builds them")
		r = anon.get(t, "/wp/v2/posts?per_page=abc")
		wantValue(t, r, "data.details.per_page", map[string]any{"code": "rest_invalid_type", "message": "per_page is not of type integer.",
			"data": map[string]any{"param": "per_page"}}, "errors/invalid-param/type-details: a type error names the parameter in details.data.param")
		r = anon.do(t, http.MethodDelete, "/wp/v2/users/1?force=true", nil)
		wantValue(t, r, "", map[string]any{"code": "rest_missing_callback_param", "message": "Missing parameter(s): reassign",
			"data": map[string]any{"status": 400.0, "params": []any{"reassign"}}},
			"errors/missing-param/body: a missing required parameter: 400 rest_missing_callback_param with data.params, before any permission check")
		r = anon.get(t, "/wp/v2/posts?_jsonp=bad-name!")
		wantValue(t, r, "", map[string]any{"code": "rest_callback_invalid", "message": "Invalid JSONP callback function."},
			"errors/jsonp/bad-callback-body: a bad JSONP callback: 400 with a body that has no data key")
		wantStatus(t, r, http.StatusBadRequest, "errors/jsonp/bad-callback-400: a bad JSONP callback: 400")
		r = anon.do(t, http.MethodOptions, "/wp/v2/nope", nil)
		check(t, r, r.Status == http.StatusOK && string(r.Body) == "[]", "errors/options/unknown-path: OPTIONS on an unknown path: 200 []", "%d %s", r.Status, clip(r.Body, 80))
		t.Run("invalid json", func(t T) {
			r := s.as(s.admin()).do(t, http.MethodPost, "/wp/v2/posts", []byte("{not json"), "Content-Type", "application/json")
			wantError(t, r, http.StatusBadRequest, "rest_invalid_json", "errors/invalid-json/400: a JSON body that does not parse: 400 rest_invalid_json")
			wantValue(t, r, "data.json_error_code", 4.0, "errors/invalid-json/error-code: rest_invalid_json carries PHP's json_error_code")
		})
	})
}
