package mail

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testOurs is what the adjudicator of the sample mails sent: the CSA hour mail.
func testOurs(t testing.TB) Ours {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ours", "hour_csa.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return Ours{Texts: []string{string(b)}, Addresses: []string{"pbem@example.org"}, Names: []string{"Shiloh PBEM"}}
}

// A copy of our own mail, quoted without ">" (Yahoo's plain text indents it, a
// pasted copy under no attribution at all, a copy whose form the player filled
// in), is never read as the player's text: only the player's lines remain.
func TestOwnTextDropsCopiesOfOurMail(t *testing.T) {
	cases := []struct{ file, want string }{
		{"yahoo_unmarked_quote.eml", "activate hardee\ncleburne, wood: seay > rea attack"},
		{"indented_copy.eml", "at all: hold\nactivate bragg"},
		// Filled in where it was quoted: the form is the player's, the report above it is not.
		{"filled_in_copy.eml", "Orders in the form below.\n\nAlbert\n\nORDERS CSA Day 1 8AM\n" +
			"# Edit and send back. Lines starting with # are ignored."},
	}
	ours := testOurs(t)
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", "mails", c.file))
			if err != nil {
				t.Fatal(err)
			}
			in, err := Decode(raw, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := in.Own(ours)
			if !strings.HasPrefix(got, c.want) {
				t.Fatalf("own text begins\n%s\n--- want it to begin\n%s", got, c.want)
			}
			if c.file != "filled_in_copy.eml" {
				if got != c.want {
					t.Errorf("own text\n%s\n--- want\n%s", got, c.want)
				}
				return
			}
			for _, l := range []string{"RESULTS OF", "Victory points", "activate hardee", "cleburne, wood: seay > rea attack", "END"} {
				if strings.Contains(l, "RESULTS") || strings.Contains(l, "Victory") {
					if strings.Contains(got, l) {
						t.Errorf("the report above the form is kept (%q):\n%s", l, got)
					}
				} else if !strings.Contains(got, l) {
					t.Errorf("the filled-in form lost %q:\n%s", l, got)
				}
			}
		})
	}
}

// Yahoo's HTML puts the quote in a div.yahoo_quoted: it is a quote like a blockquote.
func TestOwnTextYahooHTML(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "mails", "yahoo_unmarked_quote.eml"))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(raw), "\r\n", "\n")
	i, j := strings.Index(s, "<html>"), strings.Index(s, "</html>")
	text := HTMLToText(s[i : j+len("</html>")])
	if got, want := FreshText(text), "activate hardee\ncleburne, wood: seay > rea attack"; got != want {
		t.Errorf("fresh text of Yahoo's HTML\n%s\n--- want\n%s", got, want)
	}
}

// An attribution that names someone else, followed by text without quote marks,
// is not taken for a copy of ours; nor are our words the player typed himself.
func TestOwnTextKeepsThePlayersWords(t *testing.T) {
	ours := testOurs(t)
	for _, text := range []string{
		"On the left flank Smith wrote:\nattack",
		"activate Hardee\nCleburne: Seay > Rea attack",
		"ORDERS CSA Day 1 8AM\nactivate hardee\nEND",
	} {
		if got := OwnText(text, ours); got != text {
			t.Errorf("OwnText(%q) = %q", text, got)
		}
	}
	// Below a quote marked with ">", the player's lines are his.
	text := "On Sat, 21 Nov 2026 at 09:14, Shiloh PBEM <pbem+shiloh1-csa-k7q3m9xz2p4r@example.org> wrote:\n> " +
		strings.ReplaceAll(strings.TrimSpace(ours.Texts[0]), "\n", "\n> ") + "\n\nactivate hardee\nat all: hold\n"
	if got, want := OwnText(text, ours), "activate hardee\nat all: hold"; got != want {
		t.Errorf("bottom-posted reply: got %q, want %q", got, want)
	}
}
