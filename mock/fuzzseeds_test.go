package mock

import (
	"os"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/internal/fuzzseed"
)

// fuzzSeeds are the seed corpora of this package's fuzz targets: requests the
// catalogue of bad requests (ci/compare) found the mock answering otherwise than
// WordPress, and datasets at the edges of what loads.
var fuzzSeeds = func() fuzzseed.Seeds {
	example, err := os.ReadFile("../fixtures/example.json")
	if err != nil {
		panic(err)
	}
	const json, form = "application/json", "application/x-www-form-urlencoded"
	mp := "--xyzB\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n"
	empty := `{"version":1,"users":[],"terms":[],"posts":[],"meta":[],"files":[]}`
	return fuzzseed.Seeds{
		"FuzzRequest": {
			{uint(0), uint(3), "?include[0]=1&include[5]=2&slug[x]=a", "", []byte(nil), uint(0)},
			{uint(1), uint(4), "?status=bogus", json, []byte(`{"status":"publish","meta":null,"template":[]}`), uint(1)},
			{uint(1), uint(4), "", json, []byte(`{"password":123,"categories":[0]}`), uint(1)},
			{uint(1), uint(4), "?_method=DELETE", "", []byte(nil), uint(5)},
			{uint(1), uint(10), "", "multipart/form-data; boundary=xyzB", []byte(mp), uint(1)},
			{uint(1), uint(10), "", "multipart/form-data", []byte(mp + "--xyzB--\r\n"), uint(3)},
			{uint(4), uint(13), "?force=true&reassign=abc", "", []byte(nil), uint(1)},
			{uint(0), uint(26), "/1&_embed=author,wp:term&_fields=id,_links", "", []byte(nil), uint(0)},
			{uint(1), uint(19), "", json, []byte(`{"name":"` + strings.Repeat("c", 201) + `"}`), uint(1)},
			{uint(1), uint(12), "", json, []byte(`{"username":"x","email":"x@example.com","password":"p","roles":["administrator"]}`), uint(2)},
			{uint(0), uint(3), "?page=9223372036854775807&per_page=100&offset=-1", "", []byte(nil), uint(0)},
			{uint(3), uint(4), "", form, []byte("title=%FF&status[]=publish"), uint(1)},
			{uint(0), uint(5), "?context=edit&_envelope&_jsonp=cb", "", []byte(nil), uint(3)},
			{uint(1), uint(3), "", json, []byte(strings.Repeat("[", 600)), uint(1)},
			{uint(6), uint(14), "", "", []byte(nil), uint(0)},
			{uint(1), uint(25), "", "", []byte(nil), uint(5)},
			{uint(0), uint(27), "2024/01/sample.png", "", []byte(nil), uint(0)},
			{uint(2), uint(8), "?force=true", json, []byte(`{"force":"yes"}`), uint(1)},
			{uint(5), uint(11), "?_method=DELETE", "", []byte(nil), uint(1)}, // 501 rest_trash_not_supported, without a body
		},
		"FuzzLoadDataset": {
			{example}, {[]byte(empty)}, {[]byte(`{}`)}, {[]byte(`{"version":2}`)},
			{[]byte(strings.Replace(empty, `"posts":[]`, `"posts":[{"id":1,"type":"post","status":"publish","author":7,"date":"2024-01-01T00:00:00Z"}]`, 1))},
			{[]byte(strings.Replace(empty, `"terms":[]`, `"terms":[{"id":1,"taxonomy":"category","name":"A","slug":"a","parent":1}]`, 1))},
			{[]byte(strings.Replace(string(example), `"version": 1`, `"version": 1, "wp_version": "6.8"`, 1))},
		},
	}
}()

// TestFuzzSeeds keeps testdata/fuzz in step with fuzzSeeds.
func TestFuzzSeeds(t *testing.T) { fuzzseed.Check(t, fuzzSeeds, *updateFuzzSeeds) }
