package render

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
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
// safe for concurrent use, so each drawing takes a set from a pool.
type faces struct {
	name, label, small, tiny, title, strength, water, big font.Face
}

var facePool = sync.Pool{New: func() any {
	parseFonts()
	nf := func(f *truetype.Font, size float64) font.Face {
		return truetype.NewFace(f, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingFull})
	}
	return &faces{
		name:     nf(ttf.bold, 13),
		label:    nf(ttf.regular, 13),
		small:    nf(ttf.regular, 11),
		tiny:     nf(ttf.bold, 9),
		title:    nf(ttf.bold, 22),
		strength: nf(ttf.bold, 14),
		water:    nf(ttf.italic, 13),
		big:      nf(ttf.bold, 16),
	}
}}
