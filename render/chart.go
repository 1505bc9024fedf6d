package render

import (
	"fmt"
	"image"
	"io"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// HourLosses is the steps each side lost in one hour, for the end-of-game
// casualty chart (issue: the end-of-game summary).
type HourLosses struct {
	Label string // "7AM", "Night", ...
	USA   int
	CSA   int
}

// WriteCasualtyChart draws steps lost per side per hour of game as paired bars
// with the running totals as lines, and writes it as PNG. It reads only the
// numbers given; its title and captions are worded by sc's system (the
// summary.chart and chart.* entries of its wording file).
func WriteCasualtyChart(w io.Writer, sc adjudicator.Scenario, game string, hours []HourLosses) error {
	wd, err := words.For(sc.System())
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	// the chart names no unit or place, so the phrases need no namer
	say := func(code string, args ...adjudicator.Arg) string { return wd.Say(adjudicator.Say(code, args...), nil) }
	title := say("summary.chart", adjudicator.TextArg("game", game))
	const (
		width, height = 1000, 520
		left, right   = 70, 50
		top, bottom   = 70, 90
	)
	f := getFaces()
	defer putFaces(f)
	dc := gg.NewContext(width, height)
	dc.SetColor(colPaper)
	dc.Clear()
	dc.SetFontFace(f.title)
	dc.SetColor(colInk)
	dc.DrawString(title, left, 40)

	maxBar, totalU, totalC := 1, 0, 0
	for _, h := range hours {
		maxBar = max(maxBar, h.USA, h.CSA)
		totalU += h.USA
		totalC += h.CSA
	}
	// Round both scales up to four equal whole-number steps.
	nice := func(v int) int { return (v + 3) / 4 * 4 }
	maxBar = nice(maxBar)
	maxTotal := nice(max(1, totalU, totalC))
	plotW := float64(width - left - right)
	plotH := float64(height - top - bottom)
	n := max(1, len(hours))
	slot := plotW / float64(n)
	bar := slot * 0.35
	y0 := float64(height - bottom)

	// Axis and grid for the bars (left scale: steps in the hour).
	dc.SetFontFace(f.small)
	for i := 0; i <= 4; i++ {
		v := maxBar * i / 4
		y := y0 - plotH*float64(i)/4
		dc.SetColor(colPanel)
		dc.DrawLine(left, y, float64(width-right), y)
		dc.SetLineWidth(1)
		dc.Stroke()
		dc.SetColor(colInk)
		dc.DrawStringAnchored(strconv.Itoa(v), left-8, y, 1, 0.35)
		dc.SetColor(colGray)
		dc.DrawStringAnchored(strconv.Itoa(maxTotal*i/4), float64(width-right)+6, y, 0, 0.35)
	}
	for i, h := range hours {
		x := float64(left) + slot*float64(i) + slot/2
		for j, v := range []int{h.USA, h.CSA} {
			bh := plotH * float64(v) / float64(maxBar)
			if j == 0 {
				dc.SetColor(colUSA)
				dc.DrawRectangle(x-bar, y0-bh, bar, bh)
			} else {
				dc.SetColor(colButternut)
				dc.DrawRectangle(x, y0-bh, bar, bh)
			}
			dc.Fill()
		}
		dc.SetColor(colInk)
		dc.Push()
		dc.RotateAbout(gg.Radians(-45), x, y0+14)
		dc.DrawStringAnchored(h.Label, x, y0+14, 1, 0.5)
		dc.Pop()
	}
	// Running totals as lines (right scale).
	for j, sum := range []func(HourLosses) int{
		func(h HourLosses) int { return h.USA },
		func(h HourLosses) int { return h.CSA },
	} {
		run := 0
		dc.NewSubPath()
		for i, h := range hours {
			run += sum(h)
			x := float64(left) + slot*float64(i) + slot/2
			y := y0 - plotH*float64(run)/float64(maxTotal)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		if j == 0 {
			dc.SetColor(colUSA)
		} else {
			dc.SetColor(colCSADark)
		}
		dc.SetLineWidth(2.5)
		dc.SetDash(6, 4)
		dc.Stroke()
		dc.SetDash()
	}
	dc.SetColor(colInk)
	dc.DrawStringAnchored(say("chart.totals", adjudicator.IntArg("usa", totalU), adjudicator.IntArg("csa", totalC)),
		float64(width-right), 58, 1, 0)
	// Legend.
	dc.SetColor(colUSA)
	dc.DrawRectangle(left, height-28, 14, 14)
	dc.Fill()
	dc.SetColor(colInk)
	dc.DrawString(say("chart.lost", adjudicator.SideArg("side", adjudicator.USA)), left+20, height-16)
	dc.SetColor(colButternut)
	dc.DrawRectangle(left+260, height-28, 14, 14)
	dc.Fill()
	dc.SetColor(colInk)
	dc.DrawString(say("chart.lost", adjudicator.SideArg("side", adjudicator.CSA)), left+280, height-16)
	return fastEncoder.Encode(w, quantize(areaPalette, dc.Image().(*image.RGBA), nil, nil))
}
