package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/store"
)

func init() {
	register(command{name: "ladder export", summary: "write a ladder's standings and results as a static web page", run: runLadderExport})
	// The daemon answers the job on its control socket while it holds the store.
	readJobs["ladder-export"] = ladderExportJob
}

func runLadderExport(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("ladder export", "--config FILE | --store FILE --html DIR [LADDER...]",
		"Writes each ladder's standings and results (all ladders without a name) as a static page a club\n"+
			"can publish: DIR/index.html lists the ladders, DIR/<ladder>/index.html holds the table, every\n"+
			"game's result and its casualty chart (<game>.png). Players appear by display name; no address\n"+
			"is written.")
	sf := addStoreFlags(fs)
	dir := fs.String("html", "", "directory to write the pages into (created if missing)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return usagef("give --html DIR")
	}
	var buf bytes.Buffer
	mm := *m
	mm.Stdout = &buf
	if err := sf.runRead(&mm, "ladder-export", fs.Args()); err != nil {
		return err
	}
	var files map[string][]byte
	if err := json.Unmarshal(buf.Bytes(), &files); err != nil {
		return fmt.Errorf("ladder export: %w", err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(*dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(m.Stdout, "wrote %d files to %s\n", len(names), *dir)
	return nil
}

// ladderExportJob builds the pages of the named ladders (all without names)
// and writes them as a JSON object of file path to contents, so the files
// come back the same way whether the store was open here or in the daemon.
func ladderExportJob(st *store.Store, args []string, w io.Writer) error {
	reg := builtin.Systems()
	var pages []*server.LadderPage
	err := st.View(func(tx *store.Tx) error {
		names := args
		if len(names) == 0 {
			names = tx.Ladders()
		}
		for _, name := range names {
			if !safeFileName(name) {
				return fmt.Errorf("ladder %q: not a name a page can be written under", name)
			}
			p, err := server.PublishLadder(tx, reg, name)
			if err != nil {
				return err
			}
			pages = append(pages, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	var index bytes.Buffer
	if err := indexPage.Execute(&index, pages); err != nil {
		return err
	}
	files["index.html"] = index.Bytes()
	for _, p := range pages {
		var b bytes.Buffer
		if err := ladderPage.Execute(&b, toView(p)); err != nil {
			return err
		}
		files[p.Ladder+"/index.html"] = b.Bytes()
		for id, png := range p.Charts {
			if !safeFileName(id) {
				return fmt.Errorf("game %q: not a name a chart can be written under", id)
			}
			files[p.Ladder+"/"+id+".png"] = png
		}
	}
	return json.NewEncoder(w).Encode(files)
}

// safeFileName reports whether s can name a file or folder of the export.
func safeFileName(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, `/\`+"\x00")
}

// pageView is a ladder's page as the template prints it, numbers rounded as
// the standings mail rounds them.
type rowView struct {
	Rank            int
	Name            string
	Rating, RD      int
	Games, W, L, D  int
	OnTime          string
	NMRs, Abandoned int
}

type resultView struct {
	Date, Game, USA, CSA, Outcome, Notes string
	Chart                                string // file name, "" without a chart
}

type pageView struct {
	Ladder  string
	Rows    []rowView
	Results []resultView
}

// toView turns a ladder's page into what the template prints.
func toView(p *server.LadderPage) pageView {
	v := pageView{Ladder: p.Ladder}
	for _, r := range p.Rows {
		onTime := "-"
		if r.Reliability.HoursDue > 0 {
			onTime = fmt.Sprintf("%d%%", r.Reliability.OnTimePercent())
		}
		v.Rows = append(v.Rows, rowView{Rank: r.Rank, Name: r.Name, Rating: int(math.Round(r.Rating.Rating)),
			RD: int(math.Round(r.Rating.RD)), Games: r.Games, W: r.Wins, L: r.Losses, D: r.Draws,
			OnTime: onTime, NMRs: r.Reliability.NMRs, Abandoned: r.Reliability.Abandoned})
	}
	for _, r := range p.Results {
		rv := resultView{Date: r.Finished.UTC().Format("2006-01-02"), Game: r.GameID, USA: r.USA, CSA: r.CSA,
			Outcome: r.Outcome(), Notes: strings.Join(r.Notes(), "; ")}
		if _, ok := p.Charts[r.GameID]; ok {
			rv.Chart = r.GameID + ".png"
		}
		v.Results = append(v.Results, rv)
	}
	return v
}

var indexPage = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Ladders</title></head>
<body>
<h1>Ladders</h1>
<ul>
{{range .}}<li><a href="{{.Ladder}}/index.html">{{.Ladder}}</a></li>
{{else}}<li>No ladder has a finished game yet.</li>
{{end}}</ul>
</body></html>
`))

var ladderPage = template.Must(template.New("ladder").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Ladder {{.Ladder}}</title>
<style>
body { font-family: sans-serif; margin: 2em; }
table { border-collapse: collapse; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #ccc; }
td.n { text-align: right; }
img { max-width: 100%; }
</style></head>
<body>
<h1>Ladder {{.Ladder}}</h1>
<h2>Standings</h2>
<table>
<tr><th>#</th><th>Player</th><th>Rating</th><th>±RD</th><th>Games</th><th>W-L-D</th><th>On time</th><th>NMRs</th><th>Abandoned</th></tr>
{{range .Rows}}<tr><td class="n">{{.Rank}}</td><td>{{.Name}}</td><td class="n">{{.Rating}}</td><td class="n">{{.RD}}</td><td class="n">{{.Games}}</td><td class="n">{{.W}}-{{.L}}-{{.D}}</td><td class="n">{{.OnTime}}</td><td class="n">{{.NMRs}}</td><td class="n">{{.Abandoned}}</td></tr>
{{end}}</table>
<p>Ratings are Glicko-2 (rating ± deviation) from finished games only; on-time share, NMRs and
abandoned games are reliability, kept apart from skill. Voided games and games played without
orders from either player are not rated; hours the GM fast-forwarded charge nobody an NMR.</p>
<h2>Results</h2>
{{range .Results}}<h3 id="{{.Game}}">{{.Game}}, {{.Date}}: USA {{.USA}}, CSA {{.CSA}}</h3>
<p>{{.Outcome}}{{if .Notes}} ({{.Notes}}){{end}}</p>
{{if .Chart}}<p><img src="{{.Chart}}" alt="Casualties by hour in game {{.Game}}"></p>
{{end}}{{else}}<p>No results yet.</p>
{{end}}</body></html>
`))
