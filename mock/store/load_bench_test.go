package store

import (
	"math/rand/v2"
	"testing"
	"time"
)

// loadBenchPosts is a site's posts as Load gets them, by ascending id: posts whose
// dates mostly follow their ids (some scheduled ones ahead), each third with a
// revision or two just after it, by a few authors and in a few statuses.
func loadBenchPosts(n int) []*Post {
	rng := rand.New(rand.NewPCG(3, 4))
	statuses := []string{"publish", "publish", "publish", "publish", "publish", "publish", "draft", "pending", "private", "trash"}
	at := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	var out []*Post
	for id := 1; len(out) < n; id++ {
		at = at.Add(time.Duration(1+rng.IntN(3600)) * time.Second)
		p := &Post{ID: id, Type: "post", Status: statuses[rng.IntN(len(statuses))], Author: 1 + rng.IntN(10), Date: at}
		if rng.IntN(500) == 0 {
			p.Status, p.Date = "future", at.AddDate(0, 1, 0)
		}
		out = append(out, p)
		if rng.IntN(3) == 0 {
			for k := rng.IntN(2); k >= 0; k-- {
				id++
				out = append(out, &Post{ID: id, Type: "revision", Status: "inherit", Author: p.Author, Parent: p.ID,
					Date: at.Add(time.Duration(k) * time.Minute)})
			}
		}
	}
	return out
}

// BenchmarkLoadIndexes is Load of 300,000 rows: the tables and the indexes.
func BenchmarkLoadIndexes(b *testing.B) {
	posts := loadBenchPosts(300000)
	b.ResetTimer()
	for range b.N {
		Load(time.Now, Tables{Posts: posts, Prepared: true})
	}
}
