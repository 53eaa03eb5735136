package mock

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/wpmock/wpmock/fixtures"
	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/wp"
)

// testImage draws a w x h picture and encodes it as mime.
func testImage(t testing.TB, mime string, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 120, 255})
		}
	}
	b, err := imaging.Encode(mime, img) // the mock's own encoders
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decodeAny(mime string, b []byte) (image.Image, error) {
	if mime == "image/webp" {
		return webp.Decode(bytes.NewReader(b))
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	return img, err
}

// TestUploadSubsizes: an uploaded image gets WordPress's sub-sizes, listed in the
// metadata in the order they are made, with the full entry last; each is served at
// its URL as an image of its size; missing_image_sizes lists none; the description
// shows the medium file with a srcset; a forced delete removes every file.
func TestUploadSubsizes(t *testing.T) {
	for _, c := range []struct {
		name  string
		mime  string
		w, h  int
		sizes string // name WxH, in order
	}{
		{"wide.jpg", "image/jpeg", 1920, 1080, "medium 300x169, large 1024x576, thumbnail 150x150, medium_large 768x432, 1536x1536 1536x864, full 1920x1080"},
		{"mid.png", "image/png", 800, 600, "medium 300x225, thumbnail 150x150, medium_large 768x576, full 800x600"},
		{"tall.gif", "image/gif", 400, 1000, "medium 120x300, thumbnail 150x150, full 400x1000"},
		{"shot.webp", "image/webp", 640, 480, "medium 300x225, thumbnail 150x150, full 640x480"},
		{"small.png", "image/png", 100, 50, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSite(t)
			data := testImage(t, c.mime, c.w, c.h)
			r := s.upload(t, "admin", c.name, data)
			if r.status != http.StatusCreated {
				t.Fatalf("upload: %d %s", r.status, r.body)
			}
			details := r.obj(t)["media_details"].(map[string]any)
			sizes := details["sizes"].(map[string]any)
			var got []string
			for _, k := range keysInOrder(t, r.body, "sizes") {
				e := sizes[k].(map[string]any)
				got = append(got, fmt.Sprintf("%s %vx%v", k, e["width"], e["height"]))
			}
			if strings.Join(got, ", ") != c.sizes {
				t.Errorf("sizes: got %q, want %q", strings.Join(got, ", "), c.sizes)
			}
			if m := r.obj(t)["missing_image_sizes"].([]any); len(m) != 0 {
				t.Errorf("missing_image_sizes: %v", m)
			}
			var urls []string
			for k, v := range sizes {
				e := v.(map[string]any)
				url := e["source_url"].(string)
				urls = append(urls, url)
				if e["mime_type"] != c.mime {
					t.Errorf("%s mime_type %v", k, e["mime_type"])
				}
				status, ct, b := s.fetch(t, url)
				if status != http.StatusOK || ct != c.mime {
					t.Errorf("GET %s: %d %s", url, status, ct)
					continue
				}
				if k != "full" {
					if _, ok := e["filesize"]; !ok || int(e["filesize"].(float64)) != len(b) {
						t.Errorf("%s filesize %v, served %d bytes", k, e["filesize"], len(b))
					}
					if !strings.HasSuffix(url, "/"+e["file"].(string)) {
						t.Errorf("%s: url %s, file %v", k, url, e["file"])
					}
				}
				img, err := decodeAny(c.mime, b)
				if err != nil {
					t.Errorf("%s: %v", url, err)
					continue
				}
				if bw, bh := img.Bounds().Dx(), img.Bounds().Dy(); float64(bw) != e["width"] || float64(bh) != e["height"] {
					t.Errorf("%s is %dx%d, metadata %vx%v", url, bw, bh, e["width"], e["height"])
				}
			}
			desc := r.obj(t)["description"].(map[string]any)["rendered"].(string)
			if m, ok := sizes["medium"].(map[string]any); ok && c.mime != "image/gif" { // a GIF's srcset would have the medium file only
				if !strings.Contains(desc, `src="`+m["source_url"].(string)+`"`) || !strings.Contains(desc, ` srcset="`) {
					t.Errorf("description: %s", desc)
				}
			}
			id := strconv.Itoa(r.id(t))
			s.do(t, http.MethodDelete, "/wp/v2/media/"+id+"?force=true", "admin", nil)
			for _, url := range urls {
				if status, _, _ := s.fetch(t, url); status != http.StatusNotFound {
					t.Errorf("GET %s after delete: %d", url, status)
				}
			}
		})
	}
}

// keysInOrder lists the keys of the first object called name in a JSON text, in order.
func keysInOrder(t testing.TB, body []byte, name string) []string {
	t.Helper()
	s := string(body)
	i := strings.Index(s, `"`+name+`":{`)
	if i < 0 {
		return nil
	}
	s = s[i+len(name)+4:]
	var keys []string
	depth := 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return keys
			}
			depth--
		case '"':
			end := strings.IndexByte(s[j+1:], '"')
			if depth == 0 && s[j+1+end+1] == ':' {
				keys = append(keys, s[j+1:j+1+end])
			}
			j += end + 1
		}
	}
	return keys
}

// TestUploadBigImage: a JPEG larger than 2560 is scaled to name-scaled.jpg, which
// becomes the attached file; the sub-sizes are made from (and named after) the
// original, which original_image names and a delete removes.
func TestUploadBigImage(t *testing.T) {
	s := newTestSite(t)
	r := s.upload(t, "admin", "huge.jpg", testImage(t, "image/jpeg", 3000, 2000))
	if r.status != http.StatusCreated {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
	base := s.srv.URL + "/wp-content/uploads/2025/06/"
	r.wantFields(t, map[string]any{
		"source_url": base + "huge-scaled.jpg", "guid.raw": base + "huge.jpg",
		"media_details.width": 2560.0, "media_details.height": 1707.0, "media_details.file": "2025/06/huge-scaled.jpg",
		"media_details.original_image": "huge.jpg", "media_details.sizes.large.file": "huge-1024x683.jpg",
		"media_details.sizes.2048x2048.file": "huge-2048x1365.jpg", "media_details.sizes.full.file": "huge-scaled.jpg",
		"missing_image_sizes": []any{},
	})
	desc := r.obj(t)["description"].(map[string]any)["rendered"].(string)
	want := `srcset="` + base + `huge-300x200.jpg 300w, ` + base + `huge-1024x683.jpg 1024w, ` + base + `huge-768x512.jpg 768w, ` +
		base + `huge-1536x1024.jpg 1536w, ` + base + `huge-2048x1365.jpg 2048w" sizes="(max-width: 300px) 100vw, 300px"`
	if !strings.Contains(desc, want) {
		t.Errorf("description: %s\nwant %s", desc, want)
	}
	if status, _, b := s.fetch(t, base+"huge-scaled.jpg"); status != http.StatusOK || len(b) != int(r.obj(t)["media_details"].(map[string]any)["filesize"].(float64)) {
		t.Errorf("scaled file: %d, %d bytes", status, len(b))
	}
	// an export keeps the files, so a site loaded from it shows the same metadata
	path := "/wp/v2/media/" + strconv.Itoa(r.id(t))
	before := s.get(t, path, "")
	again := newTestSiteWith(t, s.Dataset())
	after := again.get(t, path, "")
	for _, d := range shapeDiff(before.json, after.json) {
		t.Errorf("after export and load: %s", d)
	}
	a, b := before.obj(t)["media_details"], after.obj(t)["media_details"]
	if x, y := fmt.Sprint(a), strings.ReplaceAll(fmt.Sprint(b), again.srv.URL, s.srv.URL); x != y {
		t.Errorf("media_details after export and load:\n%s\nwant\n%s", y, x)
	}
	s.do(t, http.MethodDelete, "/wp/v2/media/"+strconv.Itoa(r.id(t))+"?force=true", "admin", nil)
	for _, f := range []string{"huge.jpg", "huge-scaled.jpg", "huge-150x150.jpg", "huge-2048x1365.jpg"} {
		if status, _, _ := s.fetch(t, base+f); status != http.StatusNotFound {
			t.Errorf("%s after delete: %d", f, status)
		}
	}
}

// TestSeededSubsizes: a seeded image lists its sub-sizes without a filesize (their
// bytes are drawn when first read), and each is served at its URL as an image of its
// size.
func TestSeededSubsizes(t *testing.T) {
	ds, err := fixtures.Generate(3, fixtures.Size{Posts: 2, Users: 1, Media: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := newTestSiteWith(t, ds)
	list := s.get(t, "/wp/v2/media?context=edit", "admin")
	items, _ := list.json.([]any)
	if len(items) == 0 {
		t.Fatalf("no media: %s", list.body)
	}
	checked := 0
	for _, it := range items {
		m := it.(map[string]any)
		if miss := m["missing_image_sizes"].([]any); len(miss) != 0 {
			t.Errorf("media %v: missing_image_sizes %v", m["id"], miss)
		}
		sizes := m["media_details"].(map[string]any)["sizes"].(map[string]any)
		for k, v := range sizes {
			e := v.(map[string]any)
			if _, ok := e["filesize"]; ok && k != "full" {
				t.Errorf("media %v size %s has a filesize", m["id"], k)
			}
			for range 2 { // drawn, then from the cache
				status, ct, b := s.fetch(t, e["source_url"].(string))
				if status != http.StatusOK {
					t.Fatalf("GET %s: %d", e["source_url"], status)
				}
				img, err := decodeAny(ct, b)
				if err != nil || float64(img.Bounds().Dx()) != e["width"] || float64(img.Bounds().Dy()) != e["height"] {
					t.Errorf("GET %s: %v, want %vx%v", e["source_url"], err, e["width"], e["height"])
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no sizes")
	}
	// a size that is not the image's is not served
	first := items[0].(map[string]any)["source_url"].(string)
	dot := strings.LastIndexByte(first, '.')
	if status, _, _ := s.fetch(t, first[:dot]+"-123x45"+first[dot:]); status != http.StatusNotFound {
		t.Errorf("unknown size: %d", status)
	}
}

// TestUploadNextToSubsizes: a name whose sub-size is a file of the directory
// (case-insensitively) gets a number, as wp_unique_filename gives it.
func TestUploadNextToSubsizes(t *testing.T) {
	s := newTestSite(t)
	jpg := testImage(t, "image/jpeg", 200, 200)
	for _, c := range []struct{ name, file string }{
		{"photo.jpg", "2025/06/photo.jpg"},
		{"Photo.jpg", "2025/06/Photo-1.jpg"}, // photo-150x150.jpg is there
		{"photo.jpeg", "2025/06/photo.jpeg"},
	} {
		r := s.upload(t, "admin", c.name, jpg)
		if got := r.obj(t)["media_details"].(map[string]any)["file"]; got != c.file {
			t.Errorf("%s: file %v, want %s", c.name, got, c.file)
		}
	}
}

// TestPrerenderedDropped: the renditions made before the lock are dropped after the
// upload, and after a refused one (wp's TestRenditionsAreTheUploadsFiles: they are the
// files the upload gets).
func TestPrerenderedDropped(t *testing.T) {
	s := newTestSite(t)
	jpg := testImage(t, "image/jpeg", 400, 300)
	if r := s.upload(t, "admin", "pre.jpg", jpg); r.status != http.StatusCreated {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
	if r := s.upload(t, "subscriber", "pre.jpg", jpg); r.status != http.StatusForbidden {
		t.Fatalf("subscriber upload: %d %s", r.status, r.body)
	}
	n := 0
	prerendered.Range(func(any, any) bool { n++; return true })
	if n != 0 {
		t.Errorf("%d renditions left", n)
	}
}

// TestHugeClaimedSize: a small file whose header claims a huge picture is not decoded
// (it gets no sub-sizes) rather than taking the memory it claims.
func TestHugeClaimedSize(t *testing.T) {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	data := b.Bytes()
	// IHDR width and height at bytes 16..23, then its CRC, which png.Decode checks
	data[16], data[17], data[18], data[19] = 0, 1, 0, 0 // 65536
	data[20], data[21], data[22], data[23] = 0, 1, 0, 0
	if _, err := imaging.Decode("image/png", data); err == nil {
		t.Fatal("decoded a 65536x65536 claim")
	}
	if rd := wp.RenderUpload("image/png", data, false); rd != nil {
		t.Fatal("renditions of a 65536x65536 claim")
	}
}
