package server

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/internal/mdblocks"
)

// The GM's guide: every command has an example mail (a "gm-mail" block) with
// the answer the GM gets (the "gm-answer" block after it). The examples run in
// the guide's order against one server, as a GM would send them; "after=DUR" on
// a mail block lets that much time pass first. In an answer, <...> stands for
// any text (a hash, an id). Besides the guide's g7, the club runs g8 and g9 on
// ladder "club", which the ending examples use.
func TestGMGuideExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/GM.md")
	if err != nil {
		t.Fatal(err)
	}
	d := newDeskWith(t, "pbem", "club.example", "gm@club.example", "correct-horse")
	for _, id := range []string{"g8", "g9"} {
		d.gm("", "NEWGAME "+id+" usa=dan@example.org csa=eve@example.org ladder=club hours=24h")
	}
	var mailBlock *mdblocks.Block
	documented := map[string]bool{}
	n := 0
	for _, b := range mdblocks.Fenced(string(doc)) {
		if len(b.Info) == 0 {
			continue
		}
		switch b.Info[0] {
		case "gm-mail":
			if mailBlock != nil {
				t.Errorf("docs/GM.md:%d: example mail without its answer", mailBlock.Line)
			}
			mailBlock = &b
		case "gm-answer":
			if mailBlock == nil {
				t.Errorf("docs/GM.md:%d: answer without a mail before it", b.Line)
				continue
			}
			to, body := guideMail(t, *mailBlock, d)
			for _, c := range strings.Split(body, "\n") {
				documented[strings.ToUpper(strings.Fields(c + " x")[0])] = true
			}
			got := d.gmMail(to, body)
			if !answerMatches(b.Body, got) {
				t.Errorf("docs/GM.md:%d: the answer is\n%s\nthe guide says\n%s", b.Line, got, b.Body)
			}
			mailBlock = nil
			n++
		}
	}
	if mailBlock != nil {
		t.Errorf("docs/GM.md:%d: example mail without its answer", mailBlock.Line)
	}
	for _, u := range gmUsage {
		if !documented[u.name] {
			t.Errorf("docs/GM.md has no example of %s", u.name)
		}
	}
	if n < len(gmUsage) {
		t.Errorf("only %d examples for %d commands", n, len(gmUsage))
	}
}

// guideMail reads an example mail block: its To: line, a blank line, the body.
// after=DUR in the block's info advances the desk's clock first.
func guideMail(t *testing.T, b mdblocks.Block, d *desk) (to, body string) {
	t.Helper()
	for _, opt := range b.Info[1:] {
		if v, ok := strings.CutPrefix(opt, "after="); ok {
			dur, err := time.ParseDuration(v)
			if err != nil {
				t.Fatalf("docs/GM.md:%d: %s: %v", b.Line, opt, err)
			}
			d.clk.Advance(dur)
		}
	}
	head, body, ok := strings.Cut(b.Body, "\n\n")
	to, found := strings.CutPrefix(head, "To: ")
	if !ok || !found || strings.Contains(to, "\n") {
		t.Fatalf("docs/GM.md:%d: an example mail is a To: line, a blank line and the text", b.Line)
	}
	return to, body
}

var placeholderRE = regexp.MustCompile(`<[^<>\n]+>`)

// answerMatches compares an answer with the guide's, where <...> is any text.
func answerMatches(want, got string) bool {
	var re strings.Builder
	last := 0
	for _, m := range placeholderRE.FindAllStringIndex(want, -1) {
		re.WriteString(regexp.QuoteMeta(want[last:m[0]]) + ".+?")
		last = m[1]
	}
	re.WriteString(regexp.QuoteMeta(want[last:]))
	return regexp.MustCompile(`^` + re.String() + `$`).MatchString(got)
}

func TestAnswerMatches(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a <hash> b.\n", "a 12ab b.\n", true},
		{"a <hash> b.\n", "a  b.\n", false},
		{"STATUS <game>: x\n", "STATUS <game>: x\n", true},
		{"exact\n", "exact.\n", false},
		{"one\n", "one\ntwo\n", false},
	} {
		if got := answerMatches(c.want, c.got); got != c.ok {
			t.Errorf("answerMatches(%q, %q) = %v", c.want, c.got, got)
		}
	}
}
