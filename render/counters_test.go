package render

import "testing"

// Designations too long for a counter are abbreviated as SPI's charts do before
// they are cut.
func TestDropVowels(t *testing.T) {
	for in, want := range map[string]string{"Washington": "Wshngtn", "Featherstone": "Fthrstn", "Armistead": "Armstd",
		"Hampton": "Hmptn", "1/2/IX": "1/2/IX", "GT Anderson": "GT Andrsn"} {
		if got := dropVowels(in); got != want {
			t.Errorf("dropVowels(%q) = %q, want %q", in, got, want)
		}
	}
}
