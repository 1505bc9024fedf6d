package render

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestCasualtyChart(t *testing.T) {
	sc, _ := testScenario(t)
	c := contract(t, sc)
	hours := []HourLosses{{"7AM", 2, 5}, {"8AM", 4, 3}, {"9AM", 0, 6}, {"10AM", 7, 2}, {"Night", 1, 0}}
	var a, b bytes.Buffer
	if err := WriteCasualtyChart(&a, c, "g7", hours); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 1000 {
		t.Fatalf("width %d", img.Bounds().Dx())
	}
	// The bars follow the numbers: a different hour gives a different picture, the
	// same numbers the same bytes.
	if err := WriteCasualtyChart(&b, c, "g7", hours); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("same numbers, different chart")
	}
	b.Reset()
	hours[2].USA = 9
	if err := WriteCasualtyChart(&b, c, "g7", hours); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("chart ignores the numbers")
	}
	if *update {
		os.WriteFile(filepath.Join("..", "docs", "images", "casualty-chart.png"), a.Bytes(), 0o644)
	}
}
