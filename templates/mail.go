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
	textT = texttemplate.Must(texttemplate.New("hour.txt.tmpl").Option("missingkey=error").ParseFS(files, "hour.txt.tmpl"))
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

	t teller // the scenario's wording, for the subject
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
