package imaging

import (
	"bytes"
	"encoding/binary"
	"image"
)

// Mime is wp_get_image_mime (exif_imagetype): the image type the first bytes
// announce, "" for anything else.
func Mime(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "image/jpeg"
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(b, []byte("GIF")):
		return "image/gif"
	case bytes.HasPrefix(b, []byte("BM")):
		return "image/bmp"
	case bytes.HasPrefix(b, []byte("II*\x00")), bytes.HasPrefix(b, []byte("MM\x00*")):
		return "image/tiff"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "image/webp"
	case bytes.HasPrefix(b, []byte("\x00\x00\x01\x00")):
		return "image/vnd.microsoft.icon" // never x-icon, so WordPress 6.1 refuses .ico
	}
	return ""
}

// Dimensions is what getimagesize gives wp_generate_attachment_metadata for the images
// WordPress can display (JPEG, PNG, GIF, WebP, BMP); 0, 0 for anything else.
func Dimensions(typ string, b []byte) (w, h int) {
	switch typ {
	case "image/jpeg", "image/png", "image/gif":
		if c, _, err := image.DecodeConfig(bytes.NewReader(b)); err == nil {
			return c.Width, c.Height
		}
	case "image/webp":
		return webpSize(b)
	case "image/bmp":
		if len(b) >= 26 {
			w, h := int32(binary.LittleEndian.Uint32(b[18:])), int32(binary.LittleEndian.Uint32(b[22:]))
			return abs(int(w)), abs(int(h)) // a negative height is a top-down bitmap
		}
	}
	return 0, 0
}

// webpSize reads the canvas size of the three WebP forms (lossy VP8, lossless VP8L,
// extended VP8X).
func webpSize(b []byte) (int, int) {
	if len(b) < 30 {
		return 0, 0
	}
	switch string(b[12:16]) {
	case "VP8 ":
		return int(binary.LittleEndian.Uint16(b[26:]) & 0x3fff), int(binary.LittleEndian.Uint16(b[28:]) & 0x3fff)
	case "VP8L":
		bits := binary.LittleEndian.Uint32(b[21:])
		return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1
	case "VP8X":
		u24 := func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 }
		return u24(b[24:]) + 1, u24(b[27:]) + 1
	}
	return 0, 0
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
