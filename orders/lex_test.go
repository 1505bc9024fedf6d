package orders

import (
	"slices"
	"testing"
)

// TestLex: words and the separators every grammar reads alike.
func TestLex(t *testing.T) {
	var kinds []TokenKind
	var words []string
	for _, tk := range Lex(nil, "W. Wallace, Hurlbut & Grant: Road A >> Shiloh Church -> Rea to (Owl) Creek") {
		kinds = append(kinds, tk.Kind)
		words = append(words, tk.Low)
	}
	wantKinds := []TokenKind{Word, Word, Comma, Word, Comma, Word, Colon, Word, Word, Road, Word, Word, Arrow, Word, Arrow, Word, Word}
	wantWords := []string{"w", "wallace", ",", "hurlbut", "&", "grant", ":", "road", "a", ">>", "shiloh", "church", "->", "rea", "to", "owl", "creek"}
	if !slices.Equal(kinds, wantKinds) || !slices.Equal(words, wantWords) {
		t.Errorf("got %v %q", kinds, words)
	}
}

// TestVocabularyRejoins: a line a mail client wrapped is joined again when it is
// the tail of an order (a grammar's tail word) or follows an unfinished line, and
// not when it starts with a keyword.
func TestVocabularyRejoins(t *testing.T) {
	v := NewVocabulary([]string{"hold"}, []string{"fast", "slow"}, nil)
	text := "Orders for USA\ngrant > church\n  fast\nsmith, hurlbut,\nprentiss > ford\nhold grant\n\n> quoted\nEND\ngrant > nowhere\n"
	lines, _, parts := v.splitLinesInto(nil, nil, nil, text)
	var got []string
	for _, l := range lines {
		got = append(got, joinParts(l.text, parts[l.first:l.first+l.more]))
	}
	want := []string{"grant > church fast", "smith, hurlbut, prentiss > ford", "hold grant"}
	if !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}
