package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"sync"
)

// The map is encoded as a paletted PNG: flat fills compress well, and a fixed palette
// with a lookup table makes the conversion a single pass over the pixels.

// Named colours of the map. Every one of them is in the palette, so flat fills keep
// their exact colour.
var (
	colPaper     = rgb(0xf4, 0xee, 0xdc)
	colClear     = rgb(0xee, 0xe2, 0xb4)
	colWoods     = rgb(0xb4, 0xcc, 0x96)
	colTree      = rgb(0x86, 0xa8, 0x6a)
	colRiver     = rgb(0x8c, 0xb6, 0xd9)
	colRiverWave = rgb(0x6f, 0x9c, 0xc6)
	colWater     = rgb(0x3a, 0x78, 0xc0)
	colCreek     = rgb(0x24, 0x5c, 0xa6)
	colEdge      = rgb(0x8a, 0x7a, 0x5c)
	colSlope     = rgb(0x7a, 0x4a, 0x22)
	colMarsh     = rgb(0x2f, 0x8c, 0x84)
	colRoad      = rgb(0x6b, 0x45, 0x24)
	colRoadFill  = rgb(0xf0, 0xd8, 0xa0)
	colInk       = rgb(0x22, 0x1e, 0x18)
	colHalo      = rgb(0xff, 0xfb, 0xf0)
	colWhite     = rgb(0xff, 0xff, 0xff)
	colUSA       = rgb(0x2a, 0x4d, 0x8f)
	colUSALight  = rgb(0x9d, 0xb4, 0xdc)
	colCSA       = rgb(0x8a, 0x8a, 0x86)
	colCSADark   = rgb(0x5c, 0x5c, 0x58)
	colButternut = rgb(0xb8, 0x8c, 0x4e)
	colCSALight  = rgb(0xd6, 0xcf, 0xc0)
	colRed       = rgb(0xc0, 0x1c, 0x1c)
	colGold      = rgb(0xe0, 0xb0, 0x20)
	colBand      = rgb(0x3b, 0x33, 0x28)
	colBandText  = rgb(0xf4, 0xee, 0xdc)
	colPanel     = rgb(0xe8, 0xe0, 0xc8)
	colGhost     = rgb(0xcf, 0xcc, 0xc4)
	colGray      = rgb(0x80, 0x80, 0x80)
	colFord      = rgb(0xd2, 0xb4, 0x78)
	colBridge    = rgb(0x30, 0x28, 0x20)
	colCamp      = rgb(0xa0, 0x30, 0x30)
)

// Colours only the hex maps use: they are in the hex maps' palette (hexPalette),
// so that adding them left the area maps' palette as it was.
var (
	colRough       = rgb(0xdc, 0xc0, 0x8c)
	colTown        = rgb(0xe8, 0xcc, 0xc4)
	colBuilding    = rgb(0x4a, 0x2c, 0x28)
	colTreeTrunk   = rgb(0x5e, 0x4a, 0x2e)
	colFerry       = rgb(0x9a, 0x6a, 0x3a)
	colHexLine     = rgb(0x7a, 0x70, 0x5e)
	colHexNum      = rgb(0x3c, 0x36, 0x2c)
	colForestTree  = rgb(0x4e, 0x7e, 0x3e)
	colCSACounter  = rgb(0xa8, 0xa6, 0x9e)
	colCounterEdge = rgb(0x3a, 0x36, 0x30)
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

var named = []color.RGBA{
	colPaper, colClear, colWoods, colTree, colRiver, colRiverWave, colWater, colCreek,
	colEdge, colSlope, colMarsh, colRoad, colRoadFill, colInk, colHalo, colWhite,
	colUSA, colUSALight, colCSA, colCSADark, colButternut, colCSALight, colRed, colGold,
	colBand, colBandText, colPanel, colGhost, colGray, colFord, colBridge, colCamp,
}

var hexNamed = []color.RGBA{colRough, colTown, colBuilding, colTreeTrunk, colFerry, colHexLine, colHexNum, colForestTree, colCSACounter, colCounterEdge}

// hexBlends are the pairs of colours a hex map draws over each other most, the
// ink first: its grid, numbers, texts, creeks and roads over its fills. The hex
// palette holds three mixes of each, so that their anti-aliased edges keep
// their hue.
var hexBlends = func() [][2]color.RGBA {
	var out [][2]color.RGBA
	for _, ink := range []color.RGBA{colHexLine, colHexNum} {
		for _, fill := range []color.RGBA{colClear, colWoods, colRough, colTown, colRiver} {
			out = append(out, [2]color.RGBA{ink, fill})
		}
	}
	return append(out,
		[2]color.RGBA{colInk, colHalo}, [2]color.RGBA{colInk, colCSACounter}, [2]color.RGBA{colWhite, colUSA},
		[2]color.RGBA{colCreek, colClear}, [2]color.RGBA{colRoad, colClear}, [2]color.RGBA{colRoadFill, colRoad},
		[2]color.RGBA{colForestTree, colWoods}, [2]color.RGBA{colSlope, colRough}, [2]color.RGBA{colBuilding, colTown})
}()

// palSet is a fixed palette with its lookup table: the named colours, three mixes
// of each pair of blends, a cube of levels³ colours for other anti-aliased edges,
// then greys.
type palSet struct {
	named   []color.RGBA
	blends  [][2]color.RGBA
	levels  int
	once    sync.Once
	palette color.Palette
	// lut maps 5 bits per channel to a palette index.
	lut [32 * 32 * 32]uint8
}

var (
	areaPalette = &palSet{named: named, levels: 6}
	hexPalette  = &palSet{named: append(append([]color.RGBA(nil), named...), hexNamed...), blends: hexBlends, levels: 5}
)

// mix is a of ink over b, k quarters of the way to ink.
func mix(a, b color.RGBA, k int) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8((int(x)*k + int(y)*(4-k) + 2) / 4) }
	return rgb(m(a.R, b.R), m(a.G, b.G), m(a.B, b.B))
}

// paletteOf is the palette of a map drawn with geometry g.
func paletteOf(g *Geometry) *palSet {
	if g.hex != nil {
		return hexPalette
	}
	return areaPalette
}

func (pal *palSet) get() (color.Palette, *[32 * 32 * 32]uint8) {
	pal.once.Do(func() {
		named := pal.named
		var p color.Palette
		for _, c := range named {
			p = append(p, c)
		}
		for _, b := range pal.blends {
			for k := 1; k <= 3; k++ {
				p = append(p, mix(b[0], b[1], k))
			}
		}
		// A cube for anti-aliased edges and blends: 6x6x6 on an area map.
		n := pal.levels
		for r := 0; r < n; r++ {
			for g := 0; g < n; g++ {
				for b := 0; b < n; b++ {
					if len(p) < 256 {
						p = append(p, rgb(uint8(r*255/(n-1)), uint8(g*255/(n-1)), uint8(b*255/(n-1))))
					}
				}
			}
		}
		for i := 0; len(p) < 256; i++ {
			v := uint8(20 + i*9)
			p = append(p, rgb(v, v, v))
		}
		pal.palette = p
		for r := 0; r < 32; r++ {
			for g := 0; g < 32; g++ {
				for b := 0; b < 32; b++ {
					pal.lut[r<<10|g<<5|b] = nearest(p, r<<3|4, g<<3|4, b<<3|4)
				}
			}
		}
		// The cell of each named colour maps to it exactly.
		for i, c := range named {
			pal.lut[int(c.R>>3)<<10|int(c.G>>3)<<5|int(c.B>>3)] = uint8(i)
		}
	})
	return pal.palette, &pal.lut
}

func nearest(p color.Palette, r, g, b int) uint8 {
	best, bd := 0, 1<<30
	for i, c := range p {
		cr, cg, cb, _ := c.RGBA()
		dr, dg, db := r-int(cr>>8), g-int(cg>>8), b-int(cb>>8)
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bd {
			best, bd = i, d
		}
	}
	return uint8(best)
}

// palettedFree recycles the paletted copies of map-sized pictures.
var palettedFree = make(chan *image.Paletted, 4)

// quantize converts an opaque RGBA image to a fixed palette. When ref (a picture of
// src's size) and refQ (ref converted) are given, runs of pixels that equal ref's are
// copied from refQ: a view differs from its base map in an eighth of its pixels or
// so, and comparing bytes is cheaper than converting them.
func quantize(pal *palSet, src, ref *image.RGBA, refQ *image.Paletted) *image.Paletted {
	p, lut := pal.get()
	b := src.Bounds()
	var dst *image.Paletted
	select {
	case dst = <-palettedFree:
		if dst.Bounds() != b {
			// another board's size: keep it for a map of that board
			select {
			case palettedFree <- dst:
			default:
			}
			dst = nil
		} else {
			dst.Palette = p
		}
	default:
	}
	if dst == nil {
		dst = image.NewPaletted(b, p)
	}
	if ref != nil && (ref.Bounds() != b || refQ.Bounds() != b) {
		ref, refQ = nil, nil
	}
	// run is the number of pixels compared at once with ref.
	const run = 64
	w, h := b.Dx(), b.Dy()
	for y := 0; y < h; y++ {
		s := src.Pix[y*src.Stride : y*src.Stride+4*w]
		d := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		for x0 := 0; x0 < w; x0 += run {
			x1 := min(x0+run, w)
			if ref != nil {
				r := ref.Pix[y*ref.Stride : y*ref.Stride+4*w]
				if bytes.Equal(s[4*x0:4*x1], r[4*x0:4*x1]) {
					copy(d[x0:x1], refQ.Pix[y*refQ.Stride+x0:y*refQ.Stride+x1])
					continue
				}
			}
			for x := x0; x < x1; x++ {
				p := s[4*x : 4*x+3 : 4*x+3]
				d[x] = lut[(int(p[0]>>3)<<10|int(p[1]>>3)<<5|int(p[2]>>3))&0x7fff]
			}
		}
	}
	return dst
}

// maxPNGBytes is the size a map's PNG stays under, for mail: base64 makes it a third
// larger again. A hex map is larger (Antietam's is 1600x2758 pixels, its grid and
// numbers break every row into short runs): at BestSpeed it comes out at about
// 260 KB, and encoding it again at the default level (210 KB) would take three
// times as long, so it stays under maxHexPNGBytes.
const (
	maxPNGBytes    = 250_000
	maxHexPNGBytes = 300_000
)

// maxBytesOf is the size a map drawn with geometry g stays under.
func maxBytesOf(g *Geometry) int {
	if g.hex != nil {
		return maxHexPNGBytes
	}
	return maxPNGBytes
}

// The fastest deflate level is used (on the test machine, for a map of 1600x1436
// pixels: BestSpeed 7 ms and 218 KB, the default level 28 ms and 184 KB,
// BestCompression 415 ms and 176 KB). A map that comes out over maxPNGBytes at
// BestSpeed (only artificially crowded ones did) is encoded again at the default
// level, a sixth smaller.
var (
	fastEncoder  = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufPool{}}
	smallEncoder = png.Encoder{CompressionLevel: png.DefaultCompression, BufferPool: &bufPool{}}
)

type bufPool struct{ p sync.Pool }

func (b *bufPool) Get() *png.EncoderBuffer {
	v, _ := b.p.Get().(*png.EncoderBuffer)
	return v
}
func (b *bufPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// outFree recycles the buffers maps are encoded into.
var outFree = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// encodePNG writes img as a paletted PNG of at most maxPNGBytes (a hex map's
// maxHexPNGBytes) if it can. base, if not nil, is the base map img was drawn on
// (see quantize).
func encodePNG(w io.Writer, img *image.RGBA, base *baseEntry) error {
	var q *image.Paletted
	limit := maxPNGBytes
	if base != nil {
		q = quantize(base.pal, img, base.img, base.paletted)
		limit = base.maxBytes
	} else {
		q = quantize(areaPalette, img, nil, nil)
	}
	defer func() {
		select {
		case palettedFree <- q:
		default:
		}
	}()
	out := outFree.Get().(*bytes.Buffer)
	defer outFree.Put(out)
	out.Reset()
	if err := fastEncoder.Encode(out, q); err != nil {
		return err
	}
	if out.Len() > limit {
		out.Reset()
		if err := smallEncoder.Encode(out, q); err != nil {
			return err
		}
	}
	_, err := w.Write(out.Bytes())
	return err
}
