package mock

import (
	"net/http"
	"strconv"
	"testing"
)

// TestImpossibleCalendarDateIsCarried pins issue 15: date=2020-02-30T10:00:00 was
// refused as an invalid date, as a field and as a list filter. WordPress 6.1 takes it:
// rest_parse_date's strtotime carries it to March 1, and rest_get_date_with_gmt writes
// that with gmdate, so wp_insert_post's checkdate() sees a real date. Only a year
// checkdate() does not take is refused, with wp_insert_post's invalid_date and 400.
func TestImpossibleCalendarDateIsCarried(t *testing.T) {
	s := newTestSite(t)
	created := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", map[string]any{"title": "leap", "date": "2020-02-30T10:00:00"})
	created.wantFields(t, map[string]any{"date": "2020-03-01T10:00:00", "date_gmt": "2020-03-01T10:00:00"})
	id := created.id(t)
	s.send(t, http.MethodPost, "/wp/v2/posts/"+strconv.Itoa(id), "admin", map[string]any{"date_gmt": "2021-02-31T00:00:00"}).
		wantFields(t, map[string]any{"date": "2021-03-03T00:00:00", "date_gmt": "2021-03-03T00:00:00"})
	s.send(t, http.MethodPost, "/wp/v2/media/9", "admin", map[string]any{"date": "2020-04-31T12:00:00"}).
		wantFields(t, map[string]any{"date": "2020-05-01T12:00:00"})
	for _, filter := range []string{"after", "before", "modified_after", "modified_before"} {
		if got := s.get(t, "/wp/v2/posts?"+filter+"=2020-02-30T10:00:00", ""); got.status != http.StatusOK {
			t.Errorf("?%s=2020-02-30T10:00:00: got %d %s, want 200", filter, got.status, got.body)
		}
	}
	// a filter is the carried date too: the post dated 2021-03-03T00:00:00 is after
	// 2021-02-30 (March 2) and not before 2021-02-31 (March 3)
	for _, c := range []struct {
		query string
		want  bool
	}{{"after=2021-02-30T00:00:00", true}, {"before=2021-02-31T00:00:00", false}} {
		listed := false
		for _, got := range replyIDs(s.get(t, "/wp/v2/posts?status=draft&per_page=100&"+c.query, "admin")) {
			listed = listed || got == id
		}
		if listed != c.want {
			t.Errorf("?%s lists post %d dated 2021-03-03: %v, want %v", c.query, id, listed, c.want)
		}
	}
	for _, body := range []map[string]any{
		{"title": "year zero", "date": "0000-01-01T00:00:00"},
		{"title": "year zero", "date_gmt": "0000-00-00T00:00:00"},
		{"title": "year 10000", "date": "9999-12-31T24:00:00"},
	} {
		got := s.send(t, http.MethodPost, "/wp/v2/posts", "admin", body)
		if want := `{"code":"invalid_date","message":"Invalid date.","data":{"status":400}}`; got.status != http.StatusBadRequest || string(got.body) != want {
			t.Errorf("create %v: got %d %s, want 400 %s", body, got.status, got.body, want)
		}
	}
}
