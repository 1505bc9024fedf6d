package mdblocks

import (
	"slices"
	"testing"
)

func TestFenced(t *testing.T) {
	doc := "# Guide\n\n```orders csa error\nhood: 0711\nlaw: 0712\n```\ntext\n```\nplain\n```\n```canonical\nx\n"
	got := Fenced(doc)
	if len(got) != 3 {
		t.Fatalf("%d blocks: %+v", len(got), got)
	}
	if b := got[0]; b.Line != 3 || !slices.Equal(b.Info, []string{"orders", "csa", "error"}) || b.Body != "hood: 0711\nlaw: 0712\n" {
		t.Errorf("first block %+v", b)
	}
	if b := got[1]; b.Line != 8 || len(b.Info) != 0 || b.Body != "plain\n" {
		t.Errorf("bare block %+v", b)
	}
	if b := got[2]; b.Line != 11 || b.Info[0] != "canonical" || b.Body != "x\n\n" {
		t.Errorf("open block %+v", b)
	}
}
