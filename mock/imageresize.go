package mock

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"path"
	"sync"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"github.com/wpmock/wpmock/mock/rest"
	"github.com/wpmock/wpmock/mock/store"
)

// Drawing image sub-sizes: the image is decoded once, each size is resampled from it
// (halved by 2x2 averages while it stays at least the new size, then bilinear, where
// GD's imagecopyresampled averages) and encoded as WordPress's GD editor saves it: JPEG
// at quality 82 (wp_editor_set_quality's default), PNG, GIF, and WebP lossless (Go has
// no lossy WebP encoder; GD writes lossy WebP at quality 86). So the files have
// WordPress's dimensions, not its bytes. The decoded image is dropped as soon as the
// sizes are encoded.

// jpegQuality is the default quality of WP_Image_Editor for JPEG.
const jpegQuality = 82

// maxDecodePixels bounds the images the mock decodes: about what GD can hold in the
// 256 MB WordPress allows an image editor (WP_MAX_MEMORY_LIMIT); a larger image, as
// one GD fails to load, gets no sub-sizes. It also keeps a small file claiming a huge
// size from taking the mock's memory.
const maxDecodePixels = 50_000_000

// decodeImage decodes an image of one of the types the editor resizes, as RGBA.
func decodeImage(mime string, data []byte) (*image.RGBA, error) {
	if w, h := imageDimensions(mime, data); w <= 0 || h <= 0 || w*h > maxDecodePixels {
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

// halvings are an image and its halves, each made from the one before by averaging
// 2x2 pixels, as far as a resize needs them: Catmull-Rom from a picture at most twice
// the size it draws costs a fraction of what it costs from a photo (a 24-megapixel
// upload would take seconds), and looks much the same.
type halvings []*image.RGBA

func (hs *halvings) level(k int) *image.RGBA {
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

// resample draws the box of the image (hs[0]) into a new image, from the smallest
// halving still at least the new size.
func resample(hs *halvings, b resizeBox) *image.RGBA {
	k := 0
	for (b.srcW>>(k+1)) >= b.dstW && (b.srcH>>(k+1)) >= b.dstH {
		k++
	}
	src := hs.level(k)
	at := func(v int) int { return (v + (1<<k)/2) >> k }
	sr := image.Rect(at(b.srcX), at(b.srcY), at(b.srcX+b.srcW), at(b.srcY+b.srcH)).Intersect(src.Rect)
	dst := image.NewRGBA(image.Rect(0, 0, b.dstW, b.dstH))
	draw.ApproxBiLinear.Scale(dst, dst.Rect, src, sr, draw.Src, nil)
	return dst
}

// encodeImage encodes img as mime.
func encodeImage(mime string, img *image.RGBA) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch mime {
	case "image/jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
	case "image/png":
		err = png.Encode(&buf, img)
	case "image/gif":
		err = gif.Encode(&buf, img, nil)
	case "image/webp":
		err = encodeWebPLossless(&buf, img)
	default:
		err = errors.New("no editor for " + mime)
	}
	return buf.Bytes(), err
}

// madeUpload is what wp_create_image_subsizes makes of an uploaded image: the file to
// attach (the upload, or its scaled copy) and the files it adds.
type madeUpload struct {
	file          string // the attached file's path
	width, height int
	size          int // its file size
	files         []*store.File
}

// renditions are the images wp_create_image_subsizes makes of an upload, encoded and
// not yet named: a big image's scaled copy (nil if none) and the sub-sizes by size
// name. They depend on the bytes only, so an upload's are made before the store is
// locked (prerender), and other requests need not wait for them.
type renditions struct {
	data             []byte // the upload they are made of
	mime             string
	scalePNG         bool
	scaled           []byte
	scaledW, scaledH int
	sizes            map[string][]byte
}

// renderUpload makes the renditions of an image (mime, as its bytes say): nil when the
// editor cannot load it.
func renderUpload(mime string, data []byte, scalePNG bool) *renditions {
	w, h := imageDimensions(mime, data)
	if !editorResizes(mime) || w <= 0 || h <= 0 {
		return nil
	}
	src, err := decodeImage(mime, data)
	if err != nil || src.Rect.Dx() != w || src.Rect.Dy() != h {
		return nil
	}
	out := &renditions{data: data, mime: mime, scalePNG: scalePNG, sizes: map[string][]byte{}}
	hs := &halvings{src}
	if (mime != "image/png" || scalePNG) && (w > bigImageThreshold || h > bigImageThreshold) {
		if b, ok := resizeDimensions(w, h, bigImageThreshold, bigImageThreshold, false); ok {
			if scaled, err := encodeImage(mime, resample(hs, b)); err == nil {
				out.scaled, out.scaledW, out.scaledH = scaled, b.dstW, b.dstH
			}
		}
	}
	sizes := plannedSubsizes("", w, h)
	encoded := make([][]byte, len(sizes))
	var wg sync.WaitGroup
	for i, s := range sizes {
		img := resample(hs, s.box)
		wg.Add(1)
		go func() { // encoding is the slow part: the sizes side by side
			defer wg.Done()
			if enc, err := encodeImage(mime, img); err == nil {
				encoded[i] = enc
			}
		}()
	}
	wg.Wait()
	for i, s := range sizes {
		if encoded[i] != nil {
			out.sizes[s.name] = encoded[i]
		}
	}
	return out
}

// of reports whether the renditions are of these bytes, as this type.
func (rd *renditions) of(mime string, data []byte, scalePNG bool) bool {
	return rd != nil && rd.mime == mime && rd.scalePNG == scalePNG && len(rd.data) == len(data) &&
		len(data) > 0 && &rd.data[0] == &data[0]
}

// makeUploadImages is wp_create_image_subsizes for an image uploaded to path (w x h,
// as getimagesize read it): an image larger than big_image_size_threshold (not a PNG
// unless scalePNG) is scaled to fit it and saved as name-scaled.ext, which becomes the
// attached file; then every sub-size is made from the original. An image the editor
// cannot load gets none (the upload stays as it is). pre are the renditions made
// ahead, if any.
func makeUploadImages(filePath, mime string, data []byte, w, h int, scalePNG bool, pre *renditions) madeUpload {
	out := madeUpload{file: filePath, width: w, height: h, size: len(data)}
	if !pre.of(mime, data, scalePNG) {
		pre = renderUpload(mime, data, scalePNG)
	}
	if pre == nil {
		return out
	}
	dir, base := path.Split(filePath)
	if pre.scaled != nil {
		out.file, out.width, out.height, out.size = dir+scaledName(base), pre.scaledW, pre.scaledH, len(pre.scaled)
		out.files = append(out.files, &store.File{Path: out.file, MimeType: mime, Data: pre.scaled, Of: filePath})
	}
	for _, s := range plannedSubsizes(base, w, h) {
		if enc := pre.sizes[s.name]; enc != nil {
			out.files = append(out.files, &store.File{Path: dir + s.file, MimeType: mime, Data: enc, Of: filePath})
		}
	}
	return out
}

// prerendered are the renditions made ahead of the requests being dispatched.
var prerendered sync.Map // *rest.Request -> *renditions

// prerender makes, before a write request takes the store's lock, the renditions of
// an image uploaded to POST /wp/v2/media with credentials (authentication, inside the
// lock, and the checks that follow may refuse it: then they are dropped). The upload's type is what its bytes say,
// which is what an image is stored as; done is called when the request is over.
func (m *Mock) prerender(r *rest.Request) (done func()) {
	if r.Method != http.MethodPost || r.Path != "/"+Namespace+"/media" ||
		r.HTTP.Header.Get("Authorization") == "" && !m.opts.OpenAuth {
		return func() {}
	}
	data := r.RawBody
	if len(r.Files) > 0 {
		f := r.Files["file"]
		if f == nil {
			return func() {}
		}
		data = f.Data
	}
	mime := imageMime(data)
	if !editorResizes(mime) {
		return func() {}
	}
	if rd := renderUpload(mime, data, bigPNGScaled.In(m.version)); rd != nil {
		prerendered.Store(r, rd)
	}
	return func() { prerendered.Delete(r) }
}

// prerenderedFor is the renditions made ahead for a request, or nil.
func prerenderedFor(r *rest.Request) *renditions {
	if v, ok := prerendered.Load(r); ok {
		return v.(*renditions)
	}
	return nil
}

// drawSubsize makes the bytes of a sub-size listed without them (a seeded image's):
// the size whose name the file has, of the image it is made from; nil when there is
// none or the image cannot be read.
func drawSubsize(f, src *store.File) []byte {
	if src == nil || src.Data == nil {
		return nil
	}
	w, h := imageDimensions(src.MimeType, src.Data)
	for _, s := range plannedSubsizes(path.Base(src.Path), w, h) {
		if s.file != path.Base(f.Path) {
			continue
		}
		img, err := decodeImage(src.MimeType, src.Data)
		if err != nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
			return nil
		}
		enc, err := encodeImage(f.MimeType, resample(&halvings{img}, s.box))
		if err != nil {
			return nil
		}
		return enc
	}
	return nil
}

// drawnSizes keeps the sub-sizes drawn on first read, up to a bound, by path and the
// bytes they are made from (a reset or a new upload at the same path draws again).
type drawnSizes struct {
	mu    sync.Mutex
	files map[string]drawnSize
	bytes int
}

type drawnSize struct {
	src  *byte // the first byte of the source's data
	data []byte
}

const maxDrawnSizeBytes = 64 << 20

// bytesOf returns a file's bytes, drawing a sub-size listed without them (src is the
// file it is made from); nil when it cannot be drawn.
func (d *drawnSizes) bytesOf(f, src *store.File) []byte {
	if f.Data != nil || f.Of == "" {
		return f.Data
	}
	if src == nil || len(src.Data) == 0 {
		return nil
	}
	d.mu.Lock()
	c, ok := d.files[f.Path]
	d.mu.Unlock()
	if ok && c.src == &src.Data[0] {
		return c.data
	}
	data := drawSubsize(f, src)
	if data == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.files == nil {
		d.files = map[string]drawnSize{}
	}
	if old, ok := d.files[f.Path]; ok {
		d.bytes -= len(old.data)
	}
	if d.bytes+len(data) > maxDrawnSizeBytes {
		d.files, d.bytes = map[string]drawnSize{}, 0 // start over rather than grow
	}
	d.files[f.Path] = drawnSize{src: &src.Data[0], data: data}
	d.bytes += len(data)
	return data
}
