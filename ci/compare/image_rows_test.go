package compare

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"
	"testing"
)

// The image sub-size rows: images uploaded to both sides, whose metadata must be the
// same, value for value (row.same): the sizes WordPress's GD editor made (names,
// dimensions, order, URLs), the big image's scaled copy, missing_image_sizes and the
// description's markup with its srcset. The files' sizes in bytes are left out where
// the bytes are an encoder's (the sub-sizes, a scaled copy): the mock's encoders are
// not GD's.

// sizesSame are the values an image's rows compare.
var sizesSame = []string{"media_details", "missing_image_sizes", "description.rendered", "source_url"}

// subsizeBytes are the paths that differ with the encoder: every sub-size's filesize.
var subsizeBytes = []string{"media_details.sizes.*.filesize"}

// scaledBytes adds the attached file's filesize, for images WordPress may scale.
var scaledBytes = append([]string{"media_details.filesize"}, subsizeBytes...)

// imageRows upload a big JPEG (scaled), a mid-sized PNG, a tall GIF and a wide PNG
// (scaled from 6.8), read one back, and delete them.
func imageRows() []row {
	var rs []row
	const media = "/wp/v2/media"
	upload := func(name, ctype string, data []byte, save, note string, ignore []string) {
		rs = append(rs, row{method: http.MethodPost, path: media, as: "admin", save: save, note: note, free: freeMedia,
			header: []string{"Content-Type", ctype, "Content-Disposition", `attachment; filename="` + name + `"`}, raw: data,
			same: sizesSame, ignore: ignore})
	}
	upload(prefix+"sizes-big.jpg", "image/jpeg", encodePicture("image/jpeg", 3000, 1800), "msbig",
		"a JPEG over the big image threshold", scaledBytes)
	rs = append(rs, row{method: http.MethodGet, path: media + "/{msbig}", note: "the big JPEG", free: freeMedia,
		same: []string{"media_details", "description.rendered", "source_url"}, ignore: scaledBytes})
	rs = append(rs, row{method: http.MethodPost, path: media, as: "admin", save: "msmid", note: "a mid-sized PNG, multipart",
		header: multipartHeader, raw: multipartFile(prefix+"sizes-mid.png", "image/png", encodePicture("image/png", 800, 600)),
		free: freeMedia, same: sizesSame, ignore: subsizeBytes})
	upload(prefix+"sizes-tall.gif", "image/gif", encodePicture("image/gif", 400, 1000), "mstall", "a tall GIF", subsizeBytes)
	upload(prefix+"sizes-wide.png", "image/png", encodePicture("image/png", 2700, 300), "mswide",
		"a PNG over the threshold (scaled from 6.8)", scaledBytes)
	// 7.1: generate_sub_sizes=false makes none (earlier versions ignore the argument)
	rs = append(rs, row{method: http.MethodPost, path: media, as: "admin", save: "msnone", note: "generate_sub_sizes false",
		header: multipartHeader, free: freeMedia, same: sizesSame, ignore: scaledBytes,
		raw: multipartFile(prefix+"sizes-none.jpg", "image/jpeg", encodePicture("image/jpeg", 2600, 600), "generate_sub_sizes", "false")})
	// a name whose sub-size is in the directory (case aside) gets a number
	photo := encodePicture("image/jpeg", 200, 200)
	upload(prefix+"sizes-photo.jpg", "image/jpeg", photo, "msphoto", "a photo", subsizeBytes)
	upload("W"+prefix[1:]+"sizes-photo.jpg", "image/jpeg", photo, "msphoto2", "its name capitalised", subsizeBytes)
	for _, m := range []string{"msbig", "msmid", "mstall", "mswide", "msnone", "msphoto", "msphoto2"} {
		rs = append(rs, row{method: http.MethodDelete, path: media + "/{" + m + "}?force=true", as: "admin", note: "force",
			free: freeMedia, same: []string{"previous.media_details"}, ignore: []string{"previous.media_details.filesize",
				"previous.media_details.sizes.*.filesize"}})
	}
	return rs
}

// encodePicture draws bands and blocks of flat colours (PNG and GIF compress them
// well, and GIF's palette holds them) and encodes them as mime.
func encodePicture(mime string, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	colors := []color.RGBA{{200, 60, 40, 255}, {240, 200, 40, 255}, {40, 160, 90, 255}, {40, 100, 200, 255}, {120, 60, 160, 255}}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := colors[(x/97+y/61)%len(colors)]
			if (x/13+y/17)%7 == 0 {
				c = color.RGBA{250, 250, 245, 255}
			}
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
	}
	var b bytes.Buffer
	var err error
	switch mime {
	case "image/jpeg":
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 80})
	case "image/png":
		err = png.Encode(&b, img)
	case "image/gif":
		err = gif.Encode(&b, img, &gif.Options{NumColors: 8})
	}
	if err != nil {
		panic(err)
	}
	return b.Bytes()
}

// checkSame compares a row's same values between the sides, keys in their order,
// each side's site URL written {site}, without the ignored paths (globs over dotted key
// paths).
func checkSame(rw *row, wp *target, want *response, mk *target, got *response) []difference {
	var d differ
	if len(rw.same) == 0 || want.status/100 != 2 || got.status/100 != 2 {
		return nil
	}
	wv, werr := decodeOrdered(want.body)
	gv, gerr := decodeOrdered(got.body)
	if werr != nil || gerr != nil {
		d.add("same", "not JSON: WordPress %v, mock %v", werr, gerr)
		return d
	}
	for _, p := range rw.same {
		w, wok := orderedAt(wv, p)
		g, gok := orderedAt(gv, p)
		if !wok || !gok {
			if wok != gok {
				d.add("same "+p, "present on WordPress %v, on the mock %v", wok, gok)
			}
			continue
		}
		var wb, gb strings.Builder
		writeOrdered(&wb, w, p, wp.site, rw.ignore)
		writeOrdered(&gb, g, p, mk.site, rw.ignore)
		if wb.String() != gb.String() {
			d.add("same "+p, "got %s, want %s", gb.String(), wb.String())
		}
	}
	return d
}

// member is a key and value of an object decoded in order (ordered).
type member struct {
	key string
	val any
}

// ordered is a JSON object whose keys keep their order.
type ordered []member

// decodeOrdered decodes JSON with objects as ordered.
func decodeOrdered(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var value func() (any, error)
	value = func() (any, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				var o ordered
				for dec.More() {
					k, err := dec.Token()
					if err != nil {
						return nil, err
					}
					v, err := value()
					if err != nil {
						return nil, err
					}
					o = append(o, member{k.(string), v})
				}
				_, err := dec.Token()
				return o, err
			case '[':
				l := []any{}
				for dec.More() {
					v, err := value()
					if err != nil {
						return nil, err
					}
					l = append(l, v)
				}
				_, err := dec.Token()
				return l, err
			}
		}
		return tok, nil
	}
	return value()
}

// orderedAt follows dotted keys into an ordered value.
func orderedAt(v any, path string) (any, bool) {
	for _, k := range strings.Split(path, ".") {
		o, ok := v.(ordered)
		if !ok {
			return nil, false
		}
		found := false
		for _, m := range o {
			if m.key == k {
				v, found = m.val, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return v, true
}

// writeOrdered writes v as compact JSON in its order, with site in strings written
// {site} and the paths matching ignore left out.
func writeOrdered(b *strings.Builder, v any, path, site string, ignore []string) {
	switch t := v.(type) {
	case ordered:
		b.WriteByte('{')
		first := true
		for _, m := range t {
			child := path + "." + m.key
			skip := false
			for _, ig := range ignore {
				if glob(ig, child) {
					skip = true
				}
			}
			if skip {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(compact(m.key) + ":")
			writeOrdered(b, m.val, child, site, ignore)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			writeOrdered(b, x, path, site, ignore)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(compact(strings.ReplaceAll(t, site, "{site}")))
	case json.Number:
		b.WriteString(t.String())
	default:
		b.WriteString(compact(t))
	}
}

// TestCheckSame: values are compared exactly, keys in order, site URLs aside, ignored
// paths left out.
func TestCheckSame(t *testing.T) {
	wp, mk := newTarget("WordPress", "http://wp/wp-json", "http://wp"), newTarget("mock", "http://mk/wp-json", "http://mk")
	rw := &row{same: []string{"media_details", "source_url", "absent"}, ignore: []string{"media_details.sizes.*.filesize"}}
	for _, c := range []struct {
		name, want, got string
		diffs           int
	}{
		{"same", `{"media_details":{"sizes":{"a":{"filesize":1,"url":"http://wp/x"}}},"source_url":"http://wp/y"}`,
			`{"media_details":{"sizes":{"a":{"filesize":2,"url":"http://mk/x"}}},"source_url":"http://mk/y"}`, 0},
		{"order", `{"media_details":{"sizes":{"a":{},"b":{}}}}`, `{"media_details":{"sizes":{"b":{},"a":{}}}}`, 1},
		{"value", `{"media_details":{"width":1},"source_url":"http://wp/y"}`, `{"media_details":{"width":2},"source_url":"http://mk/z"}`, 2},
		{"present on one side", `{"media_details":{}}`, `{}`, 1},
	} {
		d := checkSame(rw, wp, &response{status: 200, body: []byte(c.want)}, mk, &response{status: 200, body: []byte(c.got)})
		if len(d) != c.diffs {
			t.Errorf("%s: got %v, want %d differences", c.name, d, c.diffs)
		}
	}
}
