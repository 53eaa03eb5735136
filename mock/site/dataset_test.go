package site

import "testing"

func TestCompactArrays(t *testing.T) {
	in := "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": [\n    \"x\\\" [\",\n    \"y\"\n  ],\n  \"c\": [\n    {\n      \"d\": [\n        3\n      ]\n    }\n  ]\n}"
	want := "{\n  \"a\": [1, 2],\n  \"b\": [\"x\\\" [\", \"y\"],\n  \"c\": [\n    {\n      \"d\": [3]\n    }\n  ]\n}"
	if got := string(compactArrays([]byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
