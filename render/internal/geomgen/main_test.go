package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/shiloh-pbem/pbem/render"
)

const smallDraft = `
[[area]]
id = "a"
x = 150
y = 150
[[area]]
id = "b"
x = 500
y = 120
[[area]]
id = "c"
x = 170
y = 520
[[area]]
id = "d"
x = 520
y = 560
[[area]]
id = "e"
x = 330
y = 330
[[area]]
id = "f"
x = 60
y = 720
[[area]]
id = "tennessee_river"
x = 950
y = 400
terrain = "river"
[[border]]
a = "a"
b = "b"
[[border]]
a = "a"
b = "c"
[[border]]
a = "b"
b = "d"
[[border]]
a = "c"
b = "d"
terrain = "stream"
feature = "Shiloh Branch"
[[border]]
a = "e"
b = "a"
[[border]]
a = "e"
b = "b"
[[border]]
a = "e"
b = "c"
[[border]]
a = "e"
b = "d"
[[border]]
a = "c"
b = "f"
[[border]]
a = "b"
b = "tennessee_river"
[[border]]
a = "d"
b = "tennessee_river"
[[road]]
id = "pike"
name = "The Pike"
path = ["a", "e", "d"]
`

// The drafted outlines touch exactly where the draft has borders (the river strip
// may touch more), and the result reads back as a geometry file.
func TestBuildSmallMap(t *testing.T) {
	var d draft
	if _, err := toml.Decode(smallDraft, &d); err != nil {
		t.Fatal(err)
	}
	g, missing, extra, err := build(&d, "small")
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Errorf("borders without a shared edge: %v", missing)
	}
	for _, e := range extra {
		if !strings.Contains(e, river) {
			t.Errorf("areas touch without a border: %s", e)
		}
	}
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(g); err != nil {
		t.Fatal(err)
	}
	pg, err := render.ParseGeometry(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(pg.Areas) != len(d.Area) {
		t.Errorf("%d outlines for %d areas", len(pg.Areas), len(d.Area))
	}
	if len(pg.Roads) != 1 || len(pg.Roads[0].Path) < 3 {
		t.Errorf("roads = %+v", pg.Roads)
	}
	if len(pg.Waters) == 0 || pg.Waters[0].Name != "Shiloh Branch" {
		t.Errorf("waters = %+v", pg.Waters)
	}
}
