package wp

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/wpmock/wpmock/mock/imaging"
)

// TestRenditionsAreTheUploadsFiles: the renditions made ahead of an upload are the
// bytes of the sub-size files MakeUploadImages gives it, named and ordered as
// _wp_make_subsizes makes them.
func TestRenditionsAreTheUploadsFiles(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for y := 0; y < 300; y++ {
		for x := 0; x < 400; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / 400), uint8(y * 255 / 300), 120, 255})
		}
	}
	jpg, err := imaging.Encode("image/jpeg", img)
	if err != nil {
		t.Fatal(err)
	}
	rd := RenderUpload("image/jpeg", jpg, false)
	m := MakeUploadImages("2025/06/pre.jpg", "image/jpeg", jpg, 400, 300, false, rd)
	var names []string
	for _, f := range m.Files {
		names = append(names, f.Path)
		if !bytes.Equal(f.Data, rd.sizes[map[string]string{"2025/06/pre-300x225.jpg": "medium", "2025/06/pre-150x150.jpg": "thumbnail"}[f.Path]]) {
			t.Errorf("%s: not the rendition's bytes", f.Path)
		}
	}
	if strings.Join(names, " ") != "2025/06/pre-300x225.jpg 2025/06/pre-150x150.jpg" {
		t.Errorf("files %v", names)
	}
}
