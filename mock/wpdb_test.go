package mock

import (
	"net/http"
	"strings"
	"testing"
)

// TestRowsWPDBRefuses: a title past its text column (65,535 bytes), a password past
// varchar(255) and text that is not UTF-8 were stored; wpdb refuses the whole row and
// wp_insert_post answers db_insert_error / db_update_error (500; 400 for an
// attachment's insert), with last_error in additional_data. wp_insert_term answers
// db_insert_error with last_error as its data; wp_update_term does not look, so the
// term keeps its name.
func TestRowsWPDBRefuses(t *testing.T) {
	s := newTestSite(t)
	long := strings.Repeat("a", 65536)
	body, h := jsonBody(`{"title":"` + long + `"}`)
	got := s.do(t, http.MethodPost, "/wp/v2/posts/1", "admin", body, h...)
	got.wantError(t, 500, "db_update_error")
	if ad, _ := got.json.(map[string]any)["additional_data"].([]any); len(ad) != 1 || !strings.Contains(ad[0].(string), "following field failed: post_title.") {
		t.Errorf("additional_data: got %v", got.json.(map[string]any)["additional_data"])
	}
	if got := s.get(t, "/wp/v2/posts/1?_fields=title", ""); strings.Contains(string(got.body), "aaaa") {
		t.Error("the refused title was stored")
	}
	body, h = jsonBody(`{"title":"x","password":"` + strings.Repeat("p", 256) + `"}`)
	s.do(t, http.MethodPost, "/wp/v2/posts", "admin", body, h...).wantError(t, 500, "db_insert_error")
	s.do(t, http.MethodPost, "/wp/v2/posts/1", "admin", strings.NewReader("title=caf%E9"),
		"Content-Type", "application/x-www-form-urlencoded").wantError(t, 500, "db_update_error")

	body, h = jsonBody(`{"name":"` + strings.Repeat("c", 201) + `"}`)
	got = s.do(t, http.MethodPost, "/wp/v2/categories", "admin", body, h...)
	got.wantError(t, 500, "db_insert_error")
	if d, _ := got.json.(map[string]any)["data"].(string); !strings.HasPrefix(d, "WordPress database error:") {
		t.Errorf("data: got %v, want wpdb's last_error", got.json.(map[string]any)["data"])
	}
	body, h = jsonBody(`{"name":"` + strings.Repeat("t", 201) + `","description":"kept"}`)
	got = s.do(t, http.MethodPost, "/wp/v2/tags/4", "admin", body, h...)
	if m, _ := got.json.(map[string]any); got.status != 200 || m["name"] != "Go" || m["description"] != "kept" {
		t.Errorf("tag update: got %d name %v description %v, want 200, the old name, the new description", got.status, m["name"], m["description"])
	}
}
