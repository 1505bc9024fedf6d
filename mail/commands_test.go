package mail

import (
	"slices"
	"strings"
	"testing"
)

// A GM's mail is read line by line: unknown words are kept (to be answered),
// blank, quoted and PASSPHRASE lines are not, and ANNOUNCE takes the rest.
func TestGMLines(t *testing.T) {
	text := "EXTNED 24h\n\n> PAUSE\nstatus g1\nPASSPHRASE gunboat7\nthanks\nANNOUNCE Rain.\nFORCE\n"
	var got []string
	for _, c := range GMLines(text) {
		got = append(got, c.Name+"|"+c.Args+"|"+map[bool]string{true: "unknown", false: "known"}[c.Unknown])
	}
	want := []string{"EXTNED|24h|unknown", "STATUS|g1|known", "THANKS||unknown", "ANNOUNCE|Rain.|known"}
	if !slices.Equal(got, want) {
		t.Errorf("GMLines:\n got %q\nwant %q", got, want)
	}
	// Commands, for players, still skips what is no command.
	if cs := Commands(text); len(cs) != 3 || cs[0].Name != "STATUS" {
		t.Errorf("Commands: %+v", cs)
	}
}

func TestSuggest(t *testing.T) {
	for word, want := range map[string]string{
		"EXTNED": "EXTEND", "paus": "PAUSE", "ROLBACK": "ROLLBACK", "NEWGAMES": "NEWGAME",
		"GAME": "GAMES", "HLEP": "HELP", "XYZZY": "", "": "", "ORDERS": "",
	} {
		if got := Suggest(word, GMWords()); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", word, got, want)
		}
	}
}

// FuzzGMLines: every line read is a real, unquoted, non-passphrase line of the
// text with an upper-case word; a suggestion is always one of the words.
func FuzzGMLines(f *testing.F) {
	for _, s := range []string{"EXTNED 24h\nPASSPHRASE x\n", "> PAUSE\n\tFORCE\tg1", "ANNOUNCE a\nb\nc", "résumé:\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		for _, c := range GMLines(text) {
			if c.Line < 1 || c.Line > len(lines) {
				t.Fatalf("line %d of %d", c.Line, len(lines))
			}
			l := strings.TrimSpace(lines[c.Line-1])
			if l == "" || strings.HasPrefix(l, ">") {
				t.Fatalf("blank or quoted line read: %q", l)
			}
			if _, ok := Passphrase(lines[c.Line-1]); ok {
				t.Fatalf("passphrase line read: %q", l)
			}
			if c.Name != strings.ToUpper(c.Name) {
				t.Fatalf("name %q not upper case", c.Name)
			}
			if s := Suggest(c.Name, GMWords()); s != "" && !slices.Contains(GMWords(), s) {
				t.Fatalf("suggestion %q is no command", s)
			}
		}
	})
}
