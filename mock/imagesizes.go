package mock

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

// imageSize is a registered image sub-size (add_image_size).
type imageSize struct {
	name          string
	width, height int
	crop          bool
}

// imageSizes are the sizes WordPress 6.1 registers by default (the media options and
// the 1536x1536 / 2048x2048 sizes of _wp_add_additional_image_sizes), in
// wp_get_registered_image_subsizes order; the default theme adds none.
var imageSizes = []imageSize{
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

// bigImageThreshold is big_image_size_threshold: an uploaded image wider or taller (a
// JPEG, GIF or WebP; from 6.8 a PNG too) is scaled to fit it, and the scaled copy
// becomes the attached file.
const bigImageThreshold = 2560

// editorResizes is what WordPress's GD editor loads and saves, the types that get
// sub-sizes (wp_image_editor_supports): JPEG, PNG, GIF and WebP.
func editorResizes(mime string) bool {
	switch mime {
	case "image/jpeg", "image/png", "image/gif", "image/webp":
		return true
	}
	return false
}

// resizeDimensions is image_resize_dimensions: how an origW x origH image is resized to
// the destW x destH box (0: no limit), cropped from the centre when crop is set. false
// when the image is not larger than the box, or the new size is (within a pixel) the
// original.
func resizeDimensions(origW, origH, destW, destH int, crop bool) (imaging.Box, bool) {
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
			newW = int(phpRound(float64(newH) * ratio))
		}
		if newH == 0 {
			newH = int(phpRound(float64(newW) / ratio))
		}
		sizeRatio := math.Max(float64(newW)/float64(origW), float64(newH)/float64(origH))
		cropW, cropH := phpRound(float64(newW)/sizeRatio), phpRound(float64(newH)/sizeRatio)
		b = imaging.Box{SrcX: int(math.Floor((float64(origW) - cropW) / 2)), SrcY: int(math.Floor((float64(origH) - cropH) / 2)),
			SrcW: int(cropW), SrcH: int(cropH), DstW: newW, DstH: newH}
	} else {
		b.DstW, b.DstH = constrainDimensions(origW, origH, destW, destH)
	}
	if absInt(b.DstW-origW) <= 1 && absInt(b.DstH-origH) <= 1 { // wp_fuzzy_number_match
		return imaging.Box{}, false
	}
	return b, true
}

// canResize reports whether image_resize_dimensions gives a result.
func canResize(origW, origH, destW, destH int, crop bool) bool {
	_, ok := resizeDimensions(origW, origH, destW, destH, crop)
	return ok
}

func absInt(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// constrainDimensions is wp_constrain_dimensions: the size scaled to fit the box (0 for
// no limit), never below one pixel, rounded up to the box edge when one short.
func constrainDimensions(w, h, maxW, maxH int) (int, int) {
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
	if int(phpRound(float64(w)*larger)) > maxW || int(phpRound(float64(h)*larger)) > maxH {
		ratio = smaller // the larger ratio would overflow the box
	}
	newW := max(1, int(phpRound(float64(w)*ratio)))
	newH := max(1, int(phpRound(float64(h)*ratio)))
	if didWidth && newW == maxW-1 {
		newW = maxW
	}
	if didHeight && newH == maxH-1 {
		newH = maxH
	}
	return newW, newH
}

// phpRound is PHP's round() to an integer as PHP 8.2 does it (_php_math_round): the
// value is first rounded to 15 significant digits, then half away from zero, so a
// product such as 0.285 * 1000 (284.99999999999997) rounds up as its decimal would.
func phpRound(v float64) float64 {
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

// subSize is an entry of an image's metadata "sizes".
type subSize struct {
	name          string
	file          string // base name, in the attached file's directory
	width, height int
	box           imaging.Box
}

// plannedSubsizes are the sub-sizes _wp_make_subsizes makes of a w x h image named
// base (its file name), in the order it makes them: each registered size the image is
// larger than, named name-WxH.ext with the extension lower-cased
// (WP_Image_Editor::generate_filename).
func plannedSubsizes(base string, w, h int) []subSize {
	name, ext := splitExt(base)
	ext = strings.ToLower(ext)
	out := make([]subSize, 0, len(imageSizes))
	for _, i := range subsizeOrder {
		s := imageSizes[i]
		b, ok := resizeDimensions(w, h, s.width, s.height, s.crop)
		if !ok {
			continue
		}
		file := name + "-" + strconv.Itoa(b.DstW) + "x" + strconv.Itoa(b.DstH)
		if ext != "" {
			file += "." + ext
		}
		out = append(out, subSize{name: s.name, file: file, width: b.DstW, height: b.DstH, box: b})
	}
	return out
}

// scaledName is the name wp_create_image_subsizes saves a big image's scaled copy
// under: name-scaled.ext.
func scaledName(base string) string {
	name, ext := splitExt(base)
	return name + "-scaled." + strings.ToLower(ext)
}

// attachmentImage is what an image attachment's metadata says of its files.
type imageFiles struct {
	dir      string // the directory of the attached file, "" or ending in "/"
	original string // the original's base name when the attached file is its scaled copy
	srcW     int    // the size of the image the sub-sizes are made from (the original)
	srcH     int
	sizes    []madeSize // the sub-sizes made, in metadata order
}

// madeSize is a sub-size that exists, with its file.
type madeSize struct {
	subSize
	mime string
	f    *store.File
}

// size returns the sub-size called name, or nil.
func (im *imageFiles) size(name string) *madeSize {
	for i := range im.sizes {
		if im.sizes[i].name == name {
			return &im.sizes[i]
		}
	}
	return nil
}

// attachmentImageFiles reads an image attachment's files from the store: a file named
// name-scaled.ext whose name.ext is in the store is the scaled copy of that original
// (the sub-sizes are made from, and named after, the original), and the sub-sizes are
// those of the registered sizes whose file exists.
func attachmentImageFiles(tx *store.Tx, p *store.Post) imageFiles {
	im, planned := imageSources(tx.File, p)
	for _, s := range planned {
		if f := tx.File(im.dir + s.file); f != nil {
			mime := f.MimeType
			if mime == "" {
				mime = p.Extra().MimeType
			}
			im.sizes = append(im.sizes, madeSize{subSize: s, mime: mime, f: f})
		}
	}
	return im
}

// imageSources is what an image attachment's sub-sizes are made from (file finds a
// stored file by path), and the sub-sizes WordPress would make of it.
func imageSources(file func(string) *store.File, p *store.Post) (imageFiles, []subSize) {
	e := p.Extra()
	im := imageFiles{srcW: e.Width, srcH: e.Height}
	if !isImage(p) {
		return im, nil
	}
	dir, base := path.Split(e.File)
	im.dir = dir
	src := base
	if name, ext := splitExt(base); strings.HasSuffix(name, "-scaled") && ext != "" {
		orig := strings.TrimSuffix(name, "-scaled") + "." + ext
		if f := file(dir + orig); f != nil {
			if w, h := imaging.Dimensions(f.MimeType, f.Data); w > 0 && h > 0 {
				im.original, src, im.srcW, im.srcH = orig, orig, w, h
			}
		}
	}
	if !editorResizes(e.MimeType) {
		return im, nil
	}
	return im, plannedSubsizes(src, im.srcW, im.srcH)
}
