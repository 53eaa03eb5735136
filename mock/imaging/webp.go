package imaging

import (
	"encoding/binary"
	"image"
	"io"
	"sort"
)

// EncodeWebPLossless writes img as a lossless WebP (VP8L): the subtract-green and
// predictor transforms (each 32x32 block predicted from its left or its top
// neighbours), no colour cache, no backward references, one prefix code per channel
// built from the histograms. It is simple rather than small: Go has no WebP encoder,
// and the mock needs one only for the sub-sizes of uploaded WebP images.
func EncodeWebPLossless(w io.Writer, img *image.RGBA) error {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	if width < 1 || height < 1 || width > 1<<14 || height > 1<<14 {
		return errWebPSize
	}
	px, hasAlpha := webpPixels(img)
	modes, res := webpPredict(px, width, height)

	var bw bitWriter
	bw.put(0x2f, 8) // signature
	bw.put(uint32(width-1), 14)
	bw.put(uint32(height-1), 14)
	if hasAlpha {
		bw.put(1, 1)
	} else {
		bw.put(0, 1)
	}
	bw.put(0, 3) // version
	bw.put(1, 1) // a transform: subtract green (2)
	bw.put(2, 2)
	bw.put(1, 1) // a transform: predictor (0), its modes as an image
	bw.put(0, 2)
	bw.put(webpBlockBits-2, 3)
	bw.put(0, 1) // no colour cache
	writeEntropyImage(&bw, modes)
	bw.put(0, 1) // no more transforms
	bw.put(0, 1) // no colour cache
	bw.put(0, 1) // no meta prefix codes
	writeEntropyImage(&bw, res)
	return writeWebPFile(w, bw.bytes())
}

// webpPixels is img as VP8L stores it, after the subtract-green transform:
// non-premultiplied ARGB, in the order of the prefix codes (green, red - green,
// blue - green, alpha); hasAlpha says whether any pixel is not opaque.
func webpPixels(img *image.RGBA) (px [][4]uint8, hasAlpha bool) {
	width, height := img.Rect.Dx(), img.Rect.Dy()
	px = make([][4]uint8, width*height) // green, red, blue, alpha
	for y := 0; y < height; y++ {
		row := img.Pix[img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y):]
		for x := 0; x < width; x++ {
			r, g, b, a := row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]
			if a != 255 {
				hasAlpha = true
				if a == 0 {
					r, g, b = 0, 0, 0
				} else {
					r, g, b = unpremultiply(r, a), unpremultiply(g, a), unpremultiply(b, a)
				}
			}
			px[y*width+x] = [4]uint8{g, r - g, b - g, a} // subtract green
		}
	}
	return px, hasAlpha
}

// webpBlockBits is the predictor's block size, as a power of two: 32x32.
const webpBlockBits = 5

// webpPredict is the predictor transform: per block, left (mode 1) or top (mode 2),
// whichever leaves the smaller residuals; the top row is always predicted from the
// left, the left column from the top, the first pixel from opaque black. It returns
// the blocks' modes (an image, the mode in green) and the residuals.
func webpPredict(px [][4]uint8, width, height int) (modes, res [][4]uint8) {
	const sizeBits = webpBlockBits
	tw, th := (width+1<<sizeBits-1)>>sizeBits, (height+1<<sizeBits-1)>>sizeBits
	modes = make([][4]uint8, tw*th)
	pred := func(x, y int, mode uint8) [4]uint8 {
		switch {
		case x == 0 && y == 0:
			return [4]uint8{0, 0, 0, 255}
		case y == 0:
			return px[x-1]
		case x == 0:
			return px[(y-1)*width]
		case mode == 1:
			return px[y*width+x-1]
		}
		return px[(y-1)*width+x]
	}
	cost := func(v uint8) int { return int(min(v, -v)) }
	for by := 0; by < th; by++ {
		for bx := 0; bx < tw; bx++ {
			best, bestCost := uint8(1), -1
			for _, mode := range []uint8{1, 2} {
				c := 0
				for y := by << sizeBits; y < min(height, (by+1)<<sizeBits); y++ {
					for x := bx << sizeBits; x < min(width, (bx+1)<<sizeBits); x++ {
						p, q := px[y*width+x], pred(x, y, mode)
						c += cost(p[0]-q[0]) + cost(p[1]-q[1]) + cost(p[2]-q[2]) + cost(p[3]-q[3])
					}
				}
				if bestCost < 0 || c < bestCost {
					best, bestCost = mode, c
				}
			}
			modes[by*tw+bx] = [4]uint8{best, 0, 0, 0} // the mode is in the green channel
		}
	}
	res = make([][4]uint8, len(px))
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			p, q := px[y*width+x], pred(x, y, modes[(y>>sizeBits)*tw+x>>sizeBits][0])
			res[y*width+x] = [4]uint8{p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3]}
		}
	}
	return modes, res
}

// writeWebPFile writes the VP8L bitstream in its RIFF container, padded to an even
// size.
func writeWebPFile(w io.Writer, data []byte) error {
	size := len(data)
	pad := size & 1
	head := make([]byte, 20)
	copy(head[0:], "RIFF")
	binary.LittleEndian.PutUint32(head[4:], uint32(4+8+size+pad))
	copy(head[8:], "WEBPVP8L")
	binary.LittleEndian.PutUint32(head[16:], uint32(size))
	if _, err := w.Write(head); err != nil {
		return err
	}
	if pad == 1 {
		data = append(data, 0)
	}
	_, err := w.Write(data)
	return err
}

// writeEntropyImage writes the prefix codes of pixels (green, red, blue, alpha) and
// the pixels as literals.
func writeEntropyImage(bw *bitWriter, px [][4]uint8) {
	var hist [4][]int
	hist[0] = make([]int, 256+24) // green, with the length prefix codes, which stay unused
	for c := 1; c < 4; c++ {
		hist[c] = make([]int, 256)
	}
	for _, p := range px {
		for c := 0; c < 4; c++ {
			hist[c][p[c]]++
		}
	}
	var codes [4]prefixCode
	for c := 0; c < 4; c++ {
		codes[c] = writePrefixCode(bw, hist[c])
	}
	writePrefixCode(bw, make([]int, 40)) // distances: none used
	for _, p := range px {
		for c := 0; c < 4; c++ {
			codes[c].write(bw, int(p[c]))
		}
	}
}

type webpError string

func (e webpError) Error() string { return string(e) }

const errWebPSize = webpError("webp: image size out of range")

// unpremultiply is color.NRGBAModel's conversion of a premultiplied channel.
func unpremultiply(c, a uint8) uint8 {
	c16, a16 := uint32(c)*0x101, uint32(a)*0x101
	return uint8((c16 * 0xffff / a16) >> 8)
}

// bitWriter packs bits least significant first, as VP8L reads them.
type bitWriter struct {
	buf   []byte
	acc   uint64
	nbits uint
}

func (b *bitWriter) put(v uint32, n uint) {
	b.acc |= uint64(v) << b.nbits
	b.nbits += n
	for b.nbits >= 8 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc >>= 8
		b.nbits -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	if b.nbits > 0 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc, b.nbits = 0, 0
	}
	return b.buf
}

// prefixCode is a canonical prefix code: per symbol its length and its code, bit
// reversed, ready to be written least significant bit first.
type prefixCode struct {
	lengths []uint8
	codes   []uint32
}

func (pc prefixCode) write(b *bitWriter, sym int) {
	if l := pc.lengths[sym]; l > 0 {
		b.put(pc.codes[sym], uint(l))
	}
}

// writePrefixCode writes the code for a histogram and returns it: a simple code for
// up to two symbols below 256 (one symbol takes no bits), else a normal code, whose
// code lengths are written with a code-length code of literal lengths only.
func writePrefixCode(b *bitWriter, hist []int) prefixCode {
	var used []int
	for s, c := range hist {
		if c > 0 {
			used = append(used, s)
		}
	}
	pc := prefixCode{lengths: make([]uint8, len(hist)), codes: make([]uint32, len(hist))}
	if len(used) <= 2 && (len(used) == 0 || used[len(used)-1] < 256) {
		if len(used) == 0 {
			used = []int{0}
		}
		b.put(1, 1) // simple
		b.put(uint32(len(used)-1), 1)
		if used[0] < 2 {
			b.put(0, 1)
			b.put(uint32(used[0]), 1)
		} else {
			b.put(1, 1)
			b.put(uint32(used[0]), 8)
		}
		if len(used) == 2 {
			b.put(uint32(used[1]), 8)
			pc.lengths[used[0]], pc.lengths[used[1]] = 1, 1
			pc.codes[used[0]], pc.codes[used[1]] = 0, 1
		}
		return pc
	}
	pc.lengths = huffmanLengths(hist, 15)
	pc.codes = canonicalCodes(pc.lengths)
	// the code-length code, over the lengths 0..15
	clHist := make([]int, 19)
	for _, l := range pc.lengths {
		clHist[l]++
	}
	clUsed := 0
	for _, c := range clHist {
		if c > 0 {
			clUsed++
		}
	}
	var clLengths []uint8
	if clUsed == 1 {
		// a single length value: a complete two-symbol code, of which one is used
		clLengths = make([]uint8, 19)
		for s, c := range clHist {
			if c > 0 {
				clLengths[s] = 1
				other := 0
				if s == 0 {
					other = 1
				}
				clLengths[other] = 1
			}
		}
	} else {
		clLengths = huffmanLengths(clHist, 7)
	}
	clCodes := canonicalCodes(clLengths)
	order := [19]int{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	num := 4
	for i := range order {
		if clLengths[order[i]] > 0 {
			num = max(num, i+1)
		}
	}
	b.put(0, 1) // normal
	b.put(uint32(num-4), 4)
	for i := 0; i < num; i++ {
		b.put(uint32(clLengths[order[i]]), 3)
	}
	b.put(0, 1) // every symbol's length follows
	for _, l := range pc.lengths {
		b.put(clCodes[l], uint(clLengths[l]))
	}
	return pc
}

// huffmanLengths are the code lengths of a Huffman code for the histogram, at most
// limit bits long (the counts are flattened until they fit); unused symbols get 0.
func huffmanLengths(hist []int, limit int) []uint8 {
	counts := append([]int(nil), hist...)
	for {
		lengths, depth := huffman(counts)
		if depth <= limit {
			return lengths
		}
		for i, c := range counts {
			if c > 0 {
				counts[i] = (c + 1) / 2
			}
		}
	}
}

func huffman(counts []int) ([]uint8, int) {
	type node struct {
		weight      int
		sym         int // leaf symbol, or -1
		left, right int
	}
	var nodes []node
	for s, c := range counts {
		if c > 0 {
			nodes = append(nodes, node{weight: c, sym: s, left: -1, right: -1})
		}
	}
	lengths := make([]uint8, len(counts))
	if len(nodes) == 1 {
		lengths[nodes[0].sym] = 1
		return lengths, 1
	}
	queue := make([]int, len(nodes))
	for i := range queue {
		queue[i] = i
	}
	for len(queue) > 1 {
		sort.SliceStable(queue, func(i, j int) bool { return nodes[queue[i]].weight < nodes[queue[j]].weight })
		a, b := queue[0], queue[1]
		nodes = append(nodes, node{weight: nodes[a].weight + nodes[b].weight, sym: -1, left: a, right: b})
		queue = append(queue[2:], len(nodes)-1)
	}
	depth := 0
	var walk func(i, d int)
	walk = func(i, d int) {
		if nodes[i].sym >= 0 {
			lengths[nodes[i].sym] = uint8(d)
			depth = max(depth, d)
			return
		}
		walk(nodes[i].left, d+1)
		walk(nodes[i].right, d+1)
	}
	walk(queue[0], 0)
	return lengths, depth
}

// canonicalCodes assigns codes as DEFLATE does (shorter first, then by symbol), bit
// reversed for writing least significant bit first.
func canonicalCodes(lengths []uint8) []uint32 {
	var count [17]uint32
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	var next [17]uint32
	code := uint32(0)
	for l := 1; l <= 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]uint32, len(lengths))
	for s, l := range lengths {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		r := uint32(0)
		for i := uint8(0); i < l; i++ {
			r = r<<1 | c>>i&1
		}
		codes[s] = r
	}
	return codes
}
