package graphql_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wpmock/wpmock/mock"
)

func TestSmoke(t *testing.T) {
	m, err := mock.New(mock.Options{Seed: 1, Clock: func() time.Time { return time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`{"query":"{ generalSettings { title url language } posts(first: 2) { nodes { __typename id databaseId title uri date author { node { name slug } } categories { nodes { name uri } } featuredImage { node { sourceUrl mediaDetails { width height sizes { name sourceUrl width } } } } } pageInfo { hasNextPage endCursor } } }"}`,
		`{"query":"{ nodeByUri(uri: \"/\") { __typename ... on ContentType { name isFrontPage } } menus { nodes { name locations menuItems { nodes { label uri } } } } }"}`,
		`{"query":"{ post(id: 1, idType: DATABASE_ID) { title } bogus }"}`,
		`{"query":"{ __schema { queryType { name } types { name } } }"}`,
	} {
		rec := httptest.NewRecorder()
		m.ServeHTTP(rec, httptest.NewRequest("POST", "/graphql", strings.NewReader(q)))
		out := rec.Body.String()
		if len(out) > 1500 {
			out = out[:1500]
		}
		t.Logf("%d %s", rec.Code, out)
	}
}
