// Package imaging holds the image codecs and resizing the mock's media need, below
// WordPress: reading an image's type and size from its bytes (getimagesize,
// exif_imagetype), decoding, resampling and encoding as WordPress's GD editor saves
// (JPEG at quality 82, PNG, GIF) and a lossless WebP encoder, which Go lacks. It knows
// nothing of posts, sizes' names or HTTP: a leaf.
//
// Drawing image sub-sizes: the image is decoded once, each size is resampled from it
// (halved by 2x2 averages while it stays at least the new size, then bilinear, where
// GD's imagecopyresampled averages) and encoded as WordPress's GD editor saves it: JPEG
// at quality 82 (wp_editor_set_quality's default), PNG, GIF, and WebP lossless (Go has
// no lossy WebP encoder; GD writes lossy WebP at quality 86). So the files have
// WordPress's dimensions, not its bytes. The decoded image is dropped as soon as the
// sizes are encoded.
package imaging

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Box is a resize: the source rectangle drawn into a new image of DstW x DstH
// (image_resize_dimensions' result).
type Box struct {
	SrcX, SrcY, SrcW, SrcH int
	DstW, DstH             int
}

// JPEGQuality is the default quality of WP_Image_Editor for JPEG.
const JPEGQuality = 82

// MaxDecodePixels bounds the images the mock decodes: about what GD can hold in the
// 256 MB WordPress allows an image editor (WP_MAX_MEMORY_LIMIT); a larger image, as
// one GD fails to load, gets no sub-sizes. It also keeps a small file claiming a huge
// size from taking the mock's memory.
const MaxDecodePixels = 50_000_000

// Decode decodes an image of one of the types the editor resizes, as RGBA.
func Decode(mime string, data []byte) (*image.RGBA, error) {
	if w, h := Dimensions(mime, data); w <= 0 || h <= 0 || w*h > MaxDecodePixels {
		return nil, errors.New("image too large to decode")
	}
	var img image.Image
	var err error
	r := bytes.NewReader(data)
	switch mime {
	case "image/jpeg":
		img, err = jpeg.Decode(r)
	case "image/png":
		img, err = png.Decode(r)
	case "image/gif":
		img, err = gif.Decode(r) // the first frame, as GD reads it
	case "image/webp":
		img, err = webp.Decode(r)
	default:
		return nil, errors.New("no editor for " + mime)
	}
	if err != nil {
		return nil, err
	}
	if rgba, ok := img.(*image.RGBA); ok && rgba.Rect.Min == (image.Point{}) {
		return rgba, nil
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Rect, img, b.Min, draw.Src)
	return rgba, nil
}

// Halvings are an image and its halves, each made from the one before by averaging
// 2x2 pixels, as far as a resize needs them: Catmull-Rom from a picture at most twice
// the size it draws costs a fraction of what it costs from a photo (a 24-megapixel
// upload would take seconds), and looks much the same.
type Halvings []*image.RGBA

func (hs *Halvings) level(k int) *image.RGBA {
	for len(*hs) <= k {
		last := (*hs)[len(*hs)-1]
		*hs = append(*hs, halve(last))
	}
	return (*hs)[k]
}

func halve(src *image.RGBA) *image.RGBA {
	w, h := src.Rect.Dx()/2, src.Rect.Dy()/2
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		r0 := src.Pix[src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+2*y):]
		r1 := src.Pix[src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+2*y+1):]
		out := dst.Pix[y*dst.Stride:]
		for x := 0; x < w; x++ {
			i := 8 * x
			for c := 0; c < 4; c++ {
				out[4*x+c] = uint8((int(r0[i+c]) + int(r0[i+4+c]) + int(r1[i+c]) + int(r1[i+4+c]) + 2) / 4)
			}
		}
	}
	return dst
}

// Resample draws the box of the image (hs[0]) into a new image, from the smallest
// halving still at least the new size.
func Resample(hs *Halvings, b Box) *image.RGBA {
	k := 0
	for (b.SrcW>>(k+1)) >= b.DstW && (b.SrcH>>(k+1)) >= b.DstH {
		k++
	}
	src := hs.level(k)
	at := func(v int) int { return (v + (1<<k)/2) >> k }
	sr := image.Rect(at(b.SrcX), at(b.SrcY), at(b.SrcX+b.SrcW), at(b.SrcY+b.SrcH)).Intersect(src.Rect)
	dst := image.NewRGBA(image.Rect(0, 0, b.DstW, b.DstH))
	draw.ApproxBiLinear.Scale(dst, dst.Rect, src, sr, draw.Src, nil)
	return dst
}

// Encode encodes img as mime.
func Encode(mime string, img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch mime {
	case "image/jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: JPEGQuality})
	case "image/png":
		err = png.Encode(&buf, img)
	case "image/gif":
		err = gif.Encode(&buf, img, nil)
	case "image/webp":
		err = EncodeWebPLossless(&buf, img)
	default:
		err = errors.New("no editor for " + mime)
	}
	return buf.Bytes(), err
}
