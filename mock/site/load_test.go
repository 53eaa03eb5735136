package site

import (
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock/prose"
	"github.com/wpmock/wpmock/mock/store"
	"github.com/wpmock/wpmock/mock/wp"
)

// TestStorePostTakesEveryField: storePost, which assigns a row's fields one by one,
// gives the row every field of the record, each set to a value of its own (the row's
// own or its Extra's): a field added to both and not to storePost fails here.
func TestStorePostTakesEveryField(t *testing.T) {
	var x Post
	xv := reflect.ValueOf(&x).Elem()
	at := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	for i := range xv.NumField() {
		f := xv.Field(i)
		switch f.Interface().(type) {
		case string:
			f.SetString("value of " + xv.Type().Field(i).Name)
		case int:
			f.SetInt(int64(100 + i))
		case bool:
			f.SetBool(true)
		case time.Time:
			f.Set(reflect.ValueOf(at.Add(time.Duration(i) * time.Hour)))
		case prose.Text:
			f.Set(reflect.ValueOf(prose.Plain("the content")))
		case []int:
			f.Set(reflect.ValueOf([]int{i, i + 1}))
		case map[string][]int:
			f.Set(reflect.ValueOf(map[string][]int{"genre": {i}}))
		case Args:
			f.Set(reflect.ValueOf(Args{{Key: "reading_time", Value: i}}))
		case *Rendered:
			s := "rendered"
			f.Set(reflect.ValueOf(&Rendered{Title: &s, Content: &s, Excerpt: &s}))
		default:
			t.Fatalf("field %s: a type this test does not fill (%s)", xv.Type().Field(i).Name, f.Type())
		}
	}
	var p store.Post
	rt := recordTerms(&x)
	storePost(&p, &x, append(rt[:], customTermSets(&x)...))
	pv, ev := reflect.ValueOf(p), reflect.ValueOf(p.Extra())
	for i := range xv.NumField() {
		name := xv.Type().Field(i).Name
		got := pv.FieldByName(name)
		if !got.IsValid() || !got.CanInterface() {
			got = ev.FieldByName(name) // or among the fields few rows set
		}
		switch {
		case name == "Categories" || name == "Tags":
			tax := map[string]string{"Categories": "category", "Tags": "post_tag"}[name]
			if !reflect.DeepEqual(p.TermIDs(tax), xv.Field(i).Interface()) {
				t.Errorf("%s: the row's %s terms are %v", name, tax, p.TermIDs(tax))
			}
		case name == "Terms":
			if !reflect.DeepEqual(p.TermIDs("genre"), x.Terms["genre"]) {
				t.Errorf("Terms: the row's genre terms are %v", p.TermIDs("genre"))
			}
		case name == "Fields":
			if v, _ := p.Extra().Fields.Field("reading_time"); v != x.Fields[0].Value {
				t.Errorf("Fields: the row's reading_time is %v", v)
			}
		case name == "Meta": // rows of wp_postmeta, not of wp_posts
			rows, next := postMetaRecords(wp.Core, []Post{x}, 7)
			if len(rows) != 1 || next != 8 || rows[0] != (store.Meta{ID: 7, PostID: x.ID, Key: "reading_time", Value: strconv.Itoa(x.Meta[0].Value.(int))}) {
				t.Errorf("Meta: the post's meta rows are %+v (next id %d)", rows, next)
			}
		case !got.IsValid():
			t.Errorf("%s: the row has no such field", name)
		case name == "Rendered":
			if p.Rendered == nil || p.Rendered.Title != x.Rendered.Title {
				t.Errorf("Rendered: got %+v", p.Rendered)
			}
		case !reflect.DeepEqual(got.Interface(), xv.Field(i).Interface()):
			t.Errorf("%s: got %v, want %v", name, got.Interface(), xv.Field(i).Interface())
		}
	}
}

// TestTermRunsCopyEachPost: termRuns gives each post its own term sets (categories, tags),
// equal to the record's and not sharing its array, and an append to one leaves the
// next post's alone.
func TestTermRunsCopyEachPost(t *testing.T) {
	run := []Post{
		{Categories: []int{1, 2}, Tags: []int{7}},
		{Categories: []int{3}},
		{},
		{Categories: []int{4}, Tags: []int{8, 9}},
	}
	got := termRuns(run)
	for i, x := range run {
		for _, set := range recordTerms(&x) {
			c, ids := got[i], set.IDs
			var have []int
			for _, s := range c {
				if s.Taxonomy == set.Taxonomy {
					have = s.IDs
				}
			}
			if !slices.Equal(have, ids) || (len(ids) == 0) != (have == nil) || (len(have) > 0 && &have[0] == &ids[0]) {
				t.Fatalf("post %d, %s: %v, want a copy of %v", i, set.Taxonomy, have, ids)
			}
		}
	}
	if got[2] != nil {
		t.Fatalf("a post with no terms got sets: %v", got[2])
	}
	_ = append(got[0][1].IDs, 100)
	_ = append(got[0], store.TermSet{Taxonomy: "x", IDs: []int{100}})
	if got[1][0].IDs[0] != 3 || got[1][0].Taxonomy != "category" || got[3][0].IDs[0] != 4 {
		t.Fatalf("an append to one post's list changed the next one's: %v", got)
	}
}
