package rest

import (
	"flag"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/internal/fuzzseed"
)

var updateFuzzSeeds = flag.Bool("update-fuzz-seeds", false, "rewrite testdata/fuzz from fuzzSeeds")

// nested is a JSON value nested depth levels deep in arrays, under key when given.
func nested(depth int, key string) string {
	v := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	if key != "" {
		return `{"` + key + `":` + v + "}"
	}
	return v
}

// multipartBody is a form with a title field and a file part.
const multipartBody = "--xyzB\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nhello\r\n" + multipartFile + "--xyzB--\r\n"

// multipartFile is one file part, not closed.
const multipartFile = "--xyzB\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n"

// fuzzSeeds are the seed corpora of this package's fuzz targets: the odd inputs the
// catalogue of bad requests (ci/compare) sends, where WordPress and the mock once
// differed or could.
var fuzzSeeds = fuzzseed.Seeds{
	"FuzzParseQuery": {
		{"a[]=1&a[]=2"}, {"a=1,2"}, {"a[0]=1&a[5]=2"}, {"a[x][]=1&a[x][y]=2"}, {"a[=1&b]=2&c[]]=3"}, {"%FF=%FF&%00=%00"},
		{"a=%&b=%zz"}, {"_method=DELETE&_jsonp=cb&rest_route=/wp/v2/posts"}, {"a[][][]=1&a[]=2&a=3"}, {"&&=&a==b"},
		{"categories[terms][]=1&categories[operator]=AND"}, {"include[]=1&include=2"}, {"a[99999999999999999999]=1&a[-1]=2"},
	},
	"FuzzRESTRoute": {
		{"/wp-json/wp/v2/posts"}, {"/wp-json//wp/v2/posts"}, {"/?rest_route=wp/v2/posts"}, {"/?rest_route=/wp/v2/posts%5C"},
		{"//wp-json/"}, {"/wp-json/wp/v2/posts%0A"}, {"/wp-content/uploads/x.png?rest_route=/"}, {"/index.php?rest_route="},
		{"/wp-json/wp/v2/posts/%FF"}, {"/hello-world/?rest_route=/wp/v2/posts&rest_route[]=x"}, {"/wp-json/wp/v2/./posts/../tags"},
	},
	"FuzzValidate": {
		{[]byte(`"1,2"`), uint(9)}, {[]byte(`[1,"a"]`), uint(9)}, {[]byte(`{"terms":[1],"operator":"XOR"}`), uint(16)},
		{[]byte(`"2020-02-30T10:00:00"`), uint(1)}, {[]byte(`9223372036854775808`), uint(5)}, {[]byte(`1e400`), uint(7)},
		{[]byte(`null`), uint(12)}, {[]byte(`{"0":1,"5":2}`), uint(9)}, {[]byte(`"true"`), uint(13)},
		{[]byte(`["publish","publish"]`), uint(11)}, {[]byte(`{"raw":1}`), uint(15)}, {[]byte(`"not-an@email"`), uint(2)},
		{[]byte(`"10000-01-01T00:00:00"`), uint(12)}, {[]byte("5abc"), uint(5)}, {[]byte(`1.0`), uint(5)},
	},
	"FuzzJSONBody": {
		{[]byte("{")}, {[]byte(`{"title":}`)}, {[]byte(`{"title":"a",}`)}, {[]byte(nested(511, "meta"))}, {[]byte(nested(512, ""))},
		{[]byte("{\"t\":\"caf\xe9\"}")}, {[]byte(`{"t":"\ud800"}`)}, {[]byte("{\"t\":\"a\x01\"}")}, {[]byte("\xef\xbb\xbf{}")},
		{[]byte(`{"a":1e400}`)}, {[]byte(`{"t":"\ud83d\ude00"}`)}, {[]byte(`{"a":1]`)}, {[]byte("  ")}, {[]byte("0")}, {[]byte(`"str"`)},
	},
	"FuzzMultipart": {
		{"multipart/form-data; boundary=xyzB", []byte(multipartBody)},
		{"multipart/form-data", []byte(multipartBody)},
		{"multipart/form-data; boundary=xyzB", []byte(multipartFile)},
		{"multipart/form-data; boundary=xyzB", []byte(strings.Replace(multipartFile, ` name="file";`, "", 1) + "--xyzB--\r\n")},
		{"multipart/form-data; boundary=xyzB", []byte(strings.ReplaceAll(multipartBody, "\r\n", "\n"))},
		{"multipart/form-data; boundary=\"xyzB\"", []byte(strings.Replace(multipartBody, `filename="a.png"`, `filename="../../x\\y.png"`, 1))},
		{"multipart/form-data; boundary=xyzB", []byte(strings.Replace(multipartBody, `filename="a.png"`, `filename=""`, 1))},
	},
}

// TestFuzzSeeds keeps testdata/fuzz in step with fuzzSeeds.
func TestFuzzSeeds(t *testing.T) { fuzzseed.Check(t, fuzzSeeds, *updateFuzzSeeds) }
