package templates

import (
	"bytes"
	"embed"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

//go:embed hour.txt.tmpl hour.html.tmpl
var files embed.FS

var (
	textT = texttemplate.Must(texttemplate.New("hour.txt.tmpl").Option("missingkey=error").Funcs(texttemplate.FuncMap{"wrap": wrap}).ParseFS(files, "hour.txt.tmpl"))
	htmlT = htmltemplate.Must(htmltemplate.New("hour.html.tmpl").Option("missingkey=error").ParseFS(files, "hour.html.tmpl"))
)

// HourMail is one side's mail at an hour boundary: the report of the hour just
// played (nil when the game starts) and the call for orders of the next one.
type HourMail struct {
	Game   string
	Title  string // scenario title
	Viewer string
	Report *Report
	// Next is the hour now open ("" when the game is over).
	Next string
	// Waiting says that the reader is a player who sends no orders for Next:
	// in a system of alternating player-turns, the opponent's turn is open.
	// The mail then asks for nothing.
	Waiting  bool
	Deadline string
	// Commitment is SHA-256 of the next hour's dice seed, published before orders
	// (DESIGN §4); RevealedSeed is the seed of the hour just played.
	Commitment   string
	RevealedSeed string
	ChainHead    string
	Points       string
	Arrivals     []string
	Template     string
	HasMap       bool
	// Summary is set on the last mail of a game.
	Summary *Summary
	// Ran names the orders the turn unit played was resolved with: the
	// reader's own (both sides' for the GM), by the hash their receipt showed.
	Ran []OrdersRun

	t teller // the scenario's wording, for the subject
}

// OrdersRun is one side's orders a turn unit was played with: the version
// and hash (orders.Hash) the receipt of that set showed, so the player can
// check they were the ones sent last. A zero Version says the side sent none.
type OrdersRun struct {
	Side    string
	Version int
	Hash    string
}

// Say words one of the mail's frame entries (mail.* in the system's wording
// file: what arrives, what the form lists, how the record names a turn unit), so
// that the frame says hours or player-turns, blocks or units, as its system does.
func (m *HourMail) Say(code string, args ...string) string {
	var as []adjudicator.Arg
	for i := 0; i+1 < len(args); i += 2 {
		as = append(as, adjudicator.TextArg(args[i], args[i+1]))
	}
	return m.t.say(adjudicator.Say(code, as...))
}

// wrap breaks text into lines of at most width characters at spaces, for the
// plain-text mail.
func wrap(width int, text string) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		if i > 0 {
			if n+1+len(w) > width {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// Subject is the mail's subject line. It names the game, the hour and the viewer
// only: nothing about the hour's events, so it cannot leak.
func (m *HourMail) Subject() string {
	code := "subject.hour"
	switch {
	case m.Next == "":
		code = "subject.over"
	case m.Report == nil:
		code = "subject.first"
	}
	if m.Waiting && m.Next != "" {
		code += ".wait"
	}
	played := ""
	if m.Report != nil {
		played = m.Report.Hour
	}
	return m.t.say(adjudicator.Say(code, adjudicator.TextArg("game", m.Game), adjudicator.TextArg("viewer", m.Viewer),
		adjudicator.TextArg("played", played), adjudicator.TextArg("next", m.Next)))
}

// Text renders the plain-text mail body.
func (m *HourMail) Text() (string, error) {
	var b bytes.Buffer
	if err := textT.Execute(&b, m); err != nil {
		return "", err
	}
	return b.String(), nil
}

// ReportText renders an hour's report alone, as the hour mail words it: what
// `pbem resolve` prints for the GM.
func ReportText(r *Report) (string, error) {
	var b bytes.Buffer
	if err := textT.ExecuteTemplate(&b, "report", r); err != nil {
		return "", err
	}
	return strings.TrimLeft(b.String(), "\n"), nil
}

// HTML renders the HTML body; the map is referenced as cid:map@pbem, the Content-ID
// mail.Compose gives the inline map (mail.MapContentID).
func (m *HourMail) HTML() (string, error) {
	var b bytes.Buffer
	if err := htmlT.Execute(&b, m); err != nil {
		return "", err
	}
	return b.String(), nil
}

// FrameCodes are the entries the hour mail's frame says (HourMail.Say) and the
// notices' nmr.* entries (Notices: what a side's pieces will do, and did, without
// orders, said of the reader's own and of another side's), which every system's
// wording file words in its own terms: a system's wording test counts them as said.
func FrameCodes() []adjudicator.CodeSpec {
	specs := []adjudicator.CodeSpec{{Code: "mail.record.first", Keys: []string{"side"}}}
	for _, c := range []string{"mail.arriving", "mail.form-note", "mail.form-note.short", "mail.seed-played",
		"mail.seed-played.title", "mail.receipt-until", "mail.record.chart", "mail.record.turns", "mail.record.turns.title", "mail.record.replays",
		"nmr.yours.will", "nmr.theirs.will", "nmr.yours.did", "nmr.theirs.did"} {
		specs = append(specs, adjudicator.CodeSpec{Code: c})
	}
	return specs
}
