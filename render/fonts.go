package render

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Fonts are the Go fonts compiled into the binary: a map must look the same on every
// server.
var ttf struct {
	once                  sync.Once
	regular, bold, italic *truetype.Font
}

func parseFonts() {
	ttf.once.Do(func() {
		ttf.regular, _ = truetype.Parse(goregular.TTF)
		ttf.bold, _ = truetype.Parse(gobold.TTF)
		ttf.italic, _ = truetype.Parse(goitalic.TTF)
	})
}

// faces holds font faces of the sizes the map uses. A face caches glyphs and is not
// safe for concurrent use, so each drawing takes a set from a free list. The list is
// not a sync.Pool: that would drop the sets, and their warm glyph caches, at every
// garbage collection, and hinting glyphs afresh costs more than the whole map.
type faces struct {
	name, label, small, tiny, title, strength, water, big font.Face
	// block is a block's name: a size smaller than tiny, so that two thirds of
	// Shiloh's names fit whole
	block font.Face
	// the hex map's: hex numbers, place names, a counter's factors
	num, place, factor font.Face
}

var faceFree = make(chan *faces, 8)

func getFaces() *faces {
	select {
	case f := <-faceFree:
		return f
	default:
		return newFaces()
	}
}

func putFaces(f *faces) {
	select {
	case faceFree <- f:
	default:
	}
}

func newFaces() *faces {
	parseFonts()
	nf := func(f *truetype.Font, size float64) font.Face {
		return &advanceCache{
			Face: truetype.NewFace(f, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingFull}),
			adv:  map[rune]fixed.Int26_6{},
		}
	}
	return &faces{
		name:     nf(ttf.bold, 13),
		label:    nf(ttf.regular, 13),
		small:    nf(ttf.regular, 11),
		tiny:     nf(ttf.bold, 9),
		block:    nf(ttf.bold, 8),
		title:    nf(ttf.bold, 22),
		strength: nf(ttf.bold, 14),
		water:    nf(ttf.italic, 13),
		big:      nf(ttf.bold, 16),
		num:      nf(ttf.regular, 9),
		place:    nf(ttf.bold, 11),
		factor:   nf(ttf.bold, 13),
	}
}

// advanceCache remembers glyph advances: the truetype face caches rendered glyphs but
// hints a glyph afresh each time text is measured.
type advanceCache struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (c *advanceCache) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := c.adv[r]; ok {
		return a, true
	}
	a, ok := c.Face.GlyphAdvance(r)
	if ok {
		c.adv[r] = a
	}
	return a, ok
}
