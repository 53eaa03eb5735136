package imaging

import (
	"bytes"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"testing"

	"golang.org/x/image/webp"
)

// pngOf is a w x h PNG.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestWebPLossless: the encoder's output decodes to the same pixels, with and without
// alpha, for flat and busy pictures.
func TestWebPLossless(t *testing.T) {
	for _, c := range []struct {
		w, h  int
		pixel func(x, y int) color.NRGBA
	}{
		{1, 1, func(x, y int) color.NRGBA { return color.NRGBA{1, 2, 3, 255} }},
		{17, 9, func(x, y int) color.NRGBA { return color.NRGBA{uint8(x * 15), uint8(y * 28), 7, 255} }},
		{64, 48, func(x, y int) color.NRGBA {
			return color.NRGBA{uint8(x*y + x), uint8(x ^ y), uint8(3 * y), uint8(255 - x)}
		}},
		{300, 200, func(x, y int) color.NRGBA {
			return color.NRGBA{uint8((x * 7919) ^ (y * 104729)), uint8(x + y), uint8(x * 3), 255}
		}},
	} {
		src := image.NewNRGBA(image.Rect(0, 0, c.w, c.h))
		for y := 0; y < c.h; y++ {
			for x := 0; x < c.w; x++ {
				src.SetNRGBA(x, y, c.pixel(x, y))
			}
		}
		rgba := image.NewRGBA(src.Rect)
		for y := 0; y < c.h; y++ {
			for x := 0; x < c.w; x++ {
				rgba.Set(x, y, src.At(x, y))
			}
		}
		var b bytes.Buffer
		if err := EncodeWebPLossless(&b, rgba); err != nil {
			t.Fatal(err)
		}
		img, err := webp.Decode(&b)
		if err != nil {
			t.Fatalf("%dx%d: %v", c.w, c.h, err)
		}
		for y := 0; y < c.h; y++ {
			for x := 0; x < c.w; x++ {
				want := color.NRGBAModel.Convert(rgba.At(x, y))
				if got := color.NRGBAModel.Convert(img.At(x, y)); got != want {
					t.Fatalf("%dx%d at %d,%d: got %v, want %v", c.w, c.h, x, y, got, want)
				}
			}
		}
	}
}

// TestImageDimensions: the sizes getimagesize reports for the displayable image types
// (the WebP and BMP files were made with PHP's GD and uploaded to WordPress 6.1, which
// gave 7x4 for both).
func TestImageDimensions(t *testing.T) {
	webp, _ := hex.DecodeString("524946463c000000574542505650382030000000d001009d012a0700040001402625a00274ba01f8" +
		"0003b000fef6135ffe2ce4623b3cdffe04efc09df813bff000000000")
	riff := func(chunk string, body ...byte) []byte {
		return append([]byte("RIFF\x00\x00\x00\x00WEBP"+chunk+"\x00\x00\x00\x00"), body...)
	}
	bmp := append([]byte("BM"), make([]byte, 24)...)
	bmp[18], bmp[22], bmp[23], bmp[24], bmp[25] = 7, 0xfc, 0xff, 0xff, 0xff // height -4: top-down
	for _, c := range []struct {
		name, typ string
		data      []byte
		w, h      int
	}{
		{"png", "image/png", pngOf(t, 5, 3), 5, 3},
		{"gif", "image/gif", []byte("GIF89a\x05\x00\x03\x00\x00\x00\x00;"), 5, 3},
		{"webp lossy", "image/webp", webp, 7, 4},
		{"webp lossless", "image/webp", append(riff("VP8L", 0x2f), 4, 0x80, 0, 0, 0, 0, 0, 0, 0, 0), 5, 3},
		{"webp extended", "image/webp", append(riff("VP8X", 0, 0, 0, 0), 6, 0, 0, 3, 0, 0, 0, 0), 7, 4},
		{"bmp", "image/bmp", bmp, 7, 4},
		{"not an image", "image/png", []byte("hello"), 0, 0},
		{"tiff", "image/tiff", []byte("II*\x00"), 0, 0},
	} {
		if w, h := Dimensions(c.typ, c.data); w != c.w || h != c.h {
			t.Errorf("%s: got %dx%d, want %dx%d", c.name, w, h, c.w, c.h)
		}
		if c.w != 0 && Mime(c.data) != c.typ {
			t.Errorf("%s: Mime %q, want %q", c.name, Mime(c.data), c.typ)
		}
	}
}
