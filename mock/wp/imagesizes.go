package wp

import (
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/store"
)

// Image sub-sizes as WordPress 6.1 makes them with its GD editor: the dimensions
// (image_resize_dimensions, wp_constrain_dimensions), the names and the order
// (wp_create_image_subsizes, _wp_make_subsizes), and which of them an attachment has.
// How the files are drawn is imageresize.go's.
//
// A sub-size is a file of the store whose Of names the image it is made from. An
// upload's are made with it (their filesize is known); a seeded image's are listed when
// the site is built and drawn when first read, so their metadata has no filesize, as
// metadata WordPress made before 6.0 has none. An attachment has a size when its file
// is in the store.

// ImageSize is a registered image sub-size (add_image_size).
type ImageSize struct {
	Name          string
	Width, Height int
	Crop          bool
}

// ImageSizes are the sizes WordPress 6.1 registers by default (the media options and
// the 1536x1536 / 2048x2048 sizes of _wp_add_additional_image_sizes), in
// wp_get_registered_image_subsizes order; the default theme adds none.
var ImageSizes = []ImageSize{
	{"thumbnail", 150, 150, true},
	{"medium", 300, 300, false},
	{"medium_large", 768, 0, false},
	{"large", 1024, 1024, false},
	{"1536x1536", 1536, 1536, false},
	{"2048x2048", 2048, 2048, false},
}

// subsizeOrder is the order _wp_make_subsizes makes the sizes in, which is the order
// of the metadata's "sizes": medium, large, thumbnail and medium_large first, so that
// the most useful exist soonest, then the others as registered.
var subsizeOrder = []int{1, 3, 0, 2, 4, 5}

// BigImageThreshold is big_image_size_threshold: an uploaded image wider or taller (a
// JPEG, GIF or WebP; from 6.8 a PNG too) is scaled to fit it, and the scaled copy
// becomes the attached file.
const BigImageThreshold = 2560

// EditorResizes is what WordPress's GD editor loads and saves, the types that get
// sub-sizes (wp_image_editor_supports): JPEG, PNG, GIF and WebP.
func EditorResizes(mime string) bool {
	switch mime {
	case "image/jpeg", "image/png", "image/gif", "image/webp":
		return true
	}
	return false
}

// ResizeDimensions is image_resize_dimensions: how an origW x origH image is resized to
// the destW x destH box (0: no limit), cropped from the centre when crop is set. false
// when the image is not larger than the box, or the new size is (within a pixel) the
// original.
func ResizeDimensions(origW, origH, destW, destH int, crop bool) (imaging.Box, bool) {
	if origW <= 0 || origH <= 0 || destW <= 0 && destH <= 0 {
		return imaging.Box{}, false
	}
	switch {
	case destH == 0:
		if origW < destW {
			return imaging.Box{}, false
		}
	case destW == 0:
		if origH < destH {
			return imaging.Box{}, false
		}
	default:
		if origW < destW && origH < destH {
			return imaging.Box{}, false
		}
	}
	b := imaging.Box{SrcW: origW, SrcH: origH}
	if crop {
		ratio := float64(origW) / float64(origH)
		newW, newH := min(destW, origW), min(destH, origH)
		if newW == 0 {
			newW = int(PHPRound(float64(newH) * ratio))
		}
		if newH == 0 {
			newH = int(PHPRound(float64(newW) / ratio))
		}
		sizeRatio := math.Max(float64(newW)/float64(origW), float64(newH)/float64(origH))
		cropW, cropH := PHPRound(float64(newW)/sizeRatio), PHPRound(float64(newH)/sizeRatio)
		b = imaging.Box{SrcX: int(math.Floor((float64(origW) - cropW) / 2)), SrcY: int(math.Floor((float64(origH) - cropH) / 2)),
			SrcW: int(cropW), SrcH: int(cropH), DstW: newW, DstH: newH}
	} else {
		b.DstW, b.DstH = ConstrainDimensions(origW, origH, destW, destH)
	}
	if AbsInt(b.DstW-origW) <= 1 && AbsInt(b.DstH-origH) <= 1 { // wp_fuzzy_number_match
		return imaging.Box{}, false
	}
	return b, true
}

// CanResize reports whether image_resize_dimensions gives a result.
func CanResize(origW, origH, destW, destH int, crop bool) bool {
	_, ok := ResizeDimensions(origW, origH, destW, destH, crop)
	return ok
}

func AbsInt(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// ConstrainDimensions is wp_constrain_dimensions: the size scaled to fit the box (0 for
// no limit), never below one pixel, rounded up to the box edge when one short.
func ConstrainDimensions(w, h, maxW, maxH int) (int, int) {
	if maxW == 0 && maxH == 0 {
		return w, h
	}
	widthRatio, heightRatio := 1.0, 1.0
	didWidth, didHeight := false, false
	if maxW > 0 && w > 0 && w > maxW {
		widthRatio, didWidth = float64(maxW)/float64(w), true
	}
	if maxH > 0 && h > 0 && h > maxH {
		heightRatio, didHeight = float64(maxH)/float64(h), true
	}
	smaller, larger := math.Min(widthRatio, heightRatio), math.Max(widthRatio, heightRatio)
	ratio := larger
	if int(PHPRound(float64(w)*larger)) > maxW || int(PHPRound(float64(h)*larger)) > maxH {
		ratio = smaller // the larger ratio would overflow the box
	}
	newW := max(1, int(PHPRound(float64(w)*ratio)))
	newH := max(1, int(PHPRound(float64(h)*ratio)))
	if didWidth && newW == maxW-1 {
		newW = maxW
	}
	if didHeight && newH == maxH-1 {
		newH = maxH
	}
	return newW, newH
}

// PHPRound is PHP's round() to an integer as PHP 8.2 does it (_php_math_round): the
// value is first rounded to 15 significant digits, then half away from zero, so a
// product such as 0.285 * 1000 (284.99999999999997) rounds up as its decimal would.
func PHPRound(v float64) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	halfUp := func(x float64) float64 {
		if x >= 0 {
			return math.Floor(x + 0.5)
		}
		return math.Ceil(x - 0.5)
	}
	if places := 14 - int(math.Floor(math.Log10(math.Abs(v)))); places > 0 && places < 15 {
		p := math.Pow10(places)
		v = halfUp(v*p) / p
	} else if math.Abs(v) >= 1e15 {
		return v
	}
	return halfUp(v)
}

// SubSize is an entry of an image's metadata "sizes".
type SubSize struct {
	Name          string
	File          string // base name, in the attached file's directory
	Width, Height int
	Box           imaging.Box
}

// PlannedSubsizes are the sub-sizes _wp_make_subsizes makes of a w x h image named
// base (its file name), in the order it makes them: each registered size the image is
// larger than, named name-WxH.ext with the extension lower-cased
// (WP_Image_Editor::generate_filename).
func PlannedSubsizes(base string, w, h int) []SubSize {
	name, ext := SplitExt(base)
	ext = strings.ToLower(ext)
	out := make([]SubSize, 0, len(ImageSizes))
	for _, i := range subsizeOrder {
		s := ImageSizes[i]
		b, ok := ResizeDimensions(w, h, s.Width, s.Height, s.Crop)
		if !ok {
			continue
		}
		file := name + "-" + strconv.Itoa(b.DstW) + "x" + strconv.Itoa(b.DstH)
		if ext != "" {
			file += "." + ext
		}
		out = append(out, SubSize{Name: s.Name, File: file, Width: b.DstW, Height: b.DstH, Box: b})
	}
	return out
}

// ScaledName is the name wp_create_image_subsizes saves a big image's scaled copy
// under: name-scaled.ext.
func ScaledName(base string) string {
	name, ext := SplitExt(base)
	return name + "-scaled." + strings.ToLower(ext)
}

// ImageFiles is what an image attachment's metadata says of its files.
type ImageFiles struct {
	Dir      string // the directory of the attached file, "" or ending in "/"
	Original string // the original's base name when the attached file is its scaled copy
	SrcW     int    // the size of the image the sub-sizes are made from (the original)
	SrcH     int
	Sizes    []MadeSize // the sub-sizes made, in metadata order
}

// MadeSize is a sub-size that exists, with its file.
type MadeSize struct {
	SubSize
	Mime   string
	Stored *store.File
}

// Size returns the sub-size called name, or nil.
func (im *ImageFiles) Size(name string) *MadeSize {
	for i := range im.Sizes {
		if im.Sizes[i].Name == name {
			return &im.Sizes[i]
		}
	}
	return nil
}

// AttachmentImageFiles reads an image attachment's files from the store: a file named
// name-scaled.ext whose name.ext is in the store is the scaled copy of that original
// (the sub-sizes are made from, and named after, the original), and the sub-sizes are
// those of the registered sizes whose file exists.
func AttachmentImageFiles(tx *store.Tx, p *store.Post) ImageFiles {
	im, planned := ImageSources(tx.File, p)
	for _, s := range planned {
		if f := tx.File(im.Dir + s.File); f != nil {
			mime := f.MimeType
			if mime == "" {
				mime = p.Extra().MimeType
			}
			im.Sizes = append(im.Sizes, MadeSize{SubSize: s, Mime: mime, Stored: f})
		}
	}
	return im
}

// ImageSources is what an image attachment's sub-sizes are made from (file finds a
// stored file by path), and the sub-sizes WordPress would make of it.
func ImageSources(file func(string) *store.File, p *store.Post) (ImageFiles, []SubSize) {
	e := p.Extra()
	im := ImageFiles{SrcW: e.Width, SrcH: e.Height}
	if !IsImage(p) {
		return im, nil
	}
	dir, base := path.Split(e.File)
	im.Dir = dir
	src := base
	if name, ext := SplitExt(base); strings.HasSuffix(name, "-scaled") && ext != "" {
		orig := strings.TrimSuffix(name, "-scaled") + "." + ext
		if f := file(dir + orig); f != nil {
			if w, h := imaging.Dimensions(f.MimeType, f.Data); w > 0 && h > 0 {
				im.Original, src, im.SrcW, im.SrcH = orig, orig, w, h
			}
		}
	}
	if !EditorResizes(e.MimeType) {
		return im, nil
	}
	return im, PlannedSubsizes(src, im.SrcW, im.SrcH)
}

// IsImage is wp_attachment_is_image: an attached file whose MIME type is image/*.
func IsImage(p *store.Post) bool {
	e := p.Extra()
	return e.File != "" && strings.HasPrefix(e.MimeType, "image/")
}
