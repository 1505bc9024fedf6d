package templates

import (
	"bytes"
	"embed"
	"strings"
	texttemplate "text/template"
)

//go:embed gm.txt.tmpl
var gmFiles embed.FS

var gmT = texttemplate.Must(texttemplate.New("gm.txt.tmpl").Option("missingkey=error").ParseFS(gmFiles, "gm.txt.tmpl"))

// GMMail is the GM's mail at an hour boundary. The GM sends no orders, so it is
// no order form: it reports the hour played (the GM's full report), says who
// sent orders for it and when and who missed it, what is due for the hour now
// open and when, and which GM commands apply. The map, in the GM's view, goes
// with it.
type GMMail struct {
	Game  string
	Title string // scenario title
	// Played is the turn unit just played ("" when one opens without one);
	// Report is the GM's report of it, worded as the players' mails word theirs.
	Played string
	Report string
	// Sent says, per side, how its orders for Played arrived.
	Sent []GMSent
	// Next is the turn unit now open; Due lists the sides that owe orders for
	// it, Waiting the sides that send none for it.
	Next     string
	Due      []string
	Waiting  []string
	Deadline string
	// Warn is when the GM will be told of a side that has still sent nothing
	// ("" when the game sends no such warning).
	Warn string
	// Address is the game's address, where GM commands go; Commands lists
	// them, a line each.
	Address      string
	Commands     string
	Points       string
	Commitment   string
	RevealedSeed string
	ChainHead    string
	HasMap       bool
}

// GMSent is how one side's orders for the turn unit played arrived: the newest
// version and when, or none (NMR: the side was played by its standing orders).
// Sends is false for a side that owed none.
type GMSent struct {
	Side    string
	Sends   bool
	Version int
	At      string
}

// GMMailOf starts the GM's mail from the GM's hour mail (HourMailOf with the
// GM's views): its report worded, the turn unit now open and the points.
func GMMailOf(m *HourMail) (*GMMail, error) {
	g := &GMMail{Game: m.Game, Title: m.Title, Next: m.Next, Points: m.Points}
	if m.Report != nil {
		r, err := ReportText(m.Report)
		if err != nil {
			return nil, err
		}
		g.Played, g.Report = m.Report.Hour, strings.TrimRight(r, "\n")
	}
	return g, nil
}

// Subject names the game and the turn units only, as the players' subjects do.
func (g *GMMail) Subject() string {
	if g.Played == "" {
		return "[" + g.Game + "] " + g.Next + ": GM summary"
	}
	return "[" + g.Game + "] " + g.Played + " results, " + g.Next + ": GM summary"
}

// Text renders the plain-text mail body.
func (g *GMMail) Text() (string, error) {
	var b bytes.Buffer
	if err := gmT.Execute(&b, g); err != nil {
		return "", err
	}
	return b.String(), nil
}
