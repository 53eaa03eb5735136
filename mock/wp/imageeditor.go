package wp

import (
	"path"
	"sync"

	"github.com/wpmock/wpmock/mock/imaging"
	"github.com/wpmock/wpmock/mock/store"
)

// wp_create_image_subsizes with WordPress's GD editor: the image is decoded once, each
// size resampled from it and encoded (mock/imaging); the sizes and their names are
// imagesizes.go's. A seeded image's sub-sizes are drawn when first read (DrawnSizes).

// MadeUpload is what wp_create_image_subsizes makes of an uploaded image: the file to
// attach (the upload, or its scaled copy) and the files it adds.
type MadeUpload struct {
	File          string // the attached file's path
	Width, Height int
	Size          int // its file size
	Files         []*store.File
}

// Renditions are the images wp_create_image_subsizes makes of an upload, encoded and
// not yet named: a big image's scaled copy (nil if none) and the sub-sizes by size
// name. They depend on the bytes only, so an upload's are made before the store is
// locked (the controller's prerender), and other requests need not wait for them.
type Renditions struct {
	data             []byte // the upload they are made of
	mime             string
	scalePNG         bool
	scaled           []byte
	scaledW, scaledH int
	sizes            map[string][]byte
}

// RenderUpload makes the Renditions of an image (mime, as its bytes say): nil when the
// editor cannot load it.
func RenderUpload(mime string, data []byte, scalePNG bool) *Renditions {
	w, h := imaging.Dimensions(mime, data)
	if !EditorResizes(mime) || w <= 0 || h <= 0 {
		return nil
	}
	src, err := imaging.Decode(mime, data)
	if err != nil || src.Rect.Dx() != w || src.Rect.Dy() != h {
		return nil
	}
	out := &Renditions{data: data, mime: mime, scalePNG: scalePNG, sizes: map[string][]byte{}}
	hs := &imaging.Halvings{src}
	if (mime != "image/png" || scalePNG) && (w > BigImageThreshold || h > BigImageThreshold) {
		if b, ok := ResizeDimensions(w, h, BigImageThreshold, BigImageThreshold, false); ok {
			if scaled, err := imaging.Encode(mime, imaging.Resample(hs, b)); err == nil {
				out.scaled, out.scaledW, out.scaledH = scaled, b.DstW, b.DstH
			}
		}
	}
	sizes := PlannedSubsizes("", w, h)
	encoded := make([][]byte, len(sizes))
	var wg sync.WaitGroup
	for i, s := range sizes {
		img := imaging.Resample(hs, s.Box)
		wg.Add(1)
		go func() { // encoding is the slow part: the sizes side by side
			defer wg.Done()
			if enc, err := imaging.Encode(mime, img); err == nil {
				encoded[i] = enc
			}
		}()
	}
	wg.Wait()
	for i, s := range sizes {
		if encoded[i] != nil {
			out.sizes[s.Name] = encoded[i]
		}
	}
	return out
}

// of reports whether the Renditions are of these bytes, as this type.
func (rd *Renditions) of(mime string, data []byte, scalePNG bool) bool {
	return rd != nil && rd.mime == mime && rd.scalePNG == scalePNG && len(rd.data) == len(data) &&
		len(data) > 0 && &rd.data[0] == &data[0]
}

// MakeUploadImages is wp_create_image_subsizes for an image uploaded to path (w x h,
// as getimagesize read it): an image larger than big_image_size_threshold (not a PNG
// unless scalePNG) is scaled to fit it and saved as name-scaled.ext, which becomes the
// attached file; then every sub-size is made from the original. An image the editor
// cannot load gets none (the upload stays as it is). pre are the Renditions made
// ahead, if any.
func MakeUploadImages(filePath, mime string, data []byte, w, h int, scalePNG bool, pre *Renditions) MadeUpload {
	out := MadeUpload{File: filePath, Width: w, Height: h, Size: len(data)}
	if !pre.of(mime, data, scalePNG) {
		pre = RenderUpload(mime, data, scalePNG)
	}
	if pre == nil {
		return out
	}
	dir, base := path.Split(filePath)
	if pre.scaled != nil {
		out.File, out.Width, out.Height, out.Size = dir+ScaledName(base), pre.scaledW, pre.scaledH, len(pre.scaled)
		out.Files = append(out.Files, &store.File{Path: out.File, MimeType: mime, Data: pre.scaled, Of: filePath})
	}
	for _, s := range PlannedSubsizes(base, w, h) {
		if enc := pre.sizes[s.Name]; enc != nil {
			out.Files = append(out.Files, &store.File{Path: dir + s.File, MimeType: mime, Data: enc, Of: filePath})
		}
	}
	return out
}

// drawSubsize makes the bytes of a sub-size listed without them (a seeded image's):
// the size whose name the file has, of the image it is made from; nil when there is
// none or the image cannot be read.
func drawSubsize(f, src *store.File) []byte {
	if src == nil || src.Data == nil {
		return nil
	}
	w, h := imaging.Dimensions(src.MimeType, src.Data)
	for _, s := range PlannedSubsizes(path.Base(src.Path), w, h) {
		if s.File != path.Base(f.Path) {
			continue
		}
		img, err := imaging.Decode(src.MimeType, src.Data)
		if err != nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
			return nil
		}
		enc, err := imaging.Encode(f.MimeType, imaging.Resample(&imaging.Halvings{img}, s.Box))
		if err != nil {
			return nil
		}
		return enc
	}
	return nil
}

// DrawnSizes keeps the sub-sizes drawn on first read, up to a bound, by path and the
// bytes they are made from (a reset or a new upload at the same path draws again).
type DrawnSizes struct {
	mu    sync.Mutex
	files map[string]drawnSize
	bytes int
}

type drawnSize struct {
	src  *byte // the first byte of the source's data
	data []byte
}

const maxDrawnSizeBytes = 64 << 20

// BytesOf returns a file's bytes, drawing a sub-size listed without them (src is the
// file it is made from); nil when it cannot be drawn.
func (d *DrawnSizes) BytesOf(f, src *store.File) []byte {
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
