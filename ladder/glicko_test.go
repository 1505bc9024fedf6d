package ladder

import (
	"math"
	"testing"
)

// The worked example of Glickman's paper. The paper works with values rounded
// to three or four places (its E and g give v = 1.7785 where the unrounded v is
// 1.77898) and so prints 1464.06 where unrounded arithmetic gives 1464.0507.
// Intermediate values are checked against the paper's to its rounding, the
// results to within a hundredth of the printed ones.
func TestUpdatePaperExample(t *testing.T) {
	player := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	games := []Outcome{
		{Opponent: Rating{Rating: 1400, RD: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300, Volatility: 0.06}, Score: 0},
	}
	st := period(0, 200/glickoScale, 0.06, games, 0.5)
	got := Update(player, games, 0.5)
	for _, c := range []struct {
		name      string
		got, want float64
		within    float64
	}{
		{"v", st.v, 1.7785, 0.001},
		{"delta", st.delta, -0.4834, 0.001},
		{"sigma'", st.sigma, 0.05999, 0.00001},
		{"phi'", st.phi, 0.8722, 0.00005},
		{"mu'", st.mu, -0.2069, 0.00005},
		{"rating", got.Rating, 1464.06, 0.01},
		{"RD", got.RD, 151.52, 0.005},
		{"volatility", got.Volatility, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.within {
			t.Errorf("%s = %.6f, want %v within %v", c.name, c.got, c.want, c.within)
		}
	}
}

func round(x, places float64) float64 {
	p := math.Pow(10, places)
	return math.Round(x*p) / p
}

func TestUpdateNoGames(t *testing.T) {
	got := Update(Rating{Rating: 1500, RD: 200, Volatility: 0.06}, nil, 0)
	if got.Rating != 1500 || got.Volatility != 0.06 || round(got.RD, 2) != 200.27 {
		t.Fatalf("idle period = %+v, want 1500, RD 200.27, 0.06", got)
	}
}

func TestUpdateDirections(t *testing.T) {
	a, b := NewRating(), NewRating()
	win := Update(a, []Outcome{{Opponent: b, Score: 1}}, 0)
	loss := Update(a, []Outcome{{Opponent: b, Score: 0}}, 0)
	draw := Update(a, []Outcome{{Opponent: b, Score: 0.5}}, 0)
	if !(win.Rating > 1500 && loss.Rating < 1500) {
		t.Fatalf("win %v loss %v", win, loss)
	}
	if math.Abs(draw.Rating-1500) > 1e-9 {
		t.Fatalf("draw between equals moved the rating to %v", draw.Rating)
	}
	if math.Abs((win.Rating-1500)-(1500-loss.Rating)) > 1e-9 {
		t.Fatalf("win and loss not symmetric: %v %v", win.Rating, loss.Rating)
	}
	if !(win.RD < 350 && loss.RD < 350) {
		t.Fatalf("a game should shrink the deviation: %v %v", win.RD, loss.RD)
	}
}

// A large surprise takes the other branch of step 5 (Δ² > φ² + v).
func TestUpdateUpset(t *testing.T) {
	weak := Rating{Rating: 1200, RD: 50, Volatility: 0.06}
	strong := Rating{Rating: 2200, RD: 50, Volatility: 0.06}
	got := Update(weak, []Outcome{{Opponent: strong, Score: 1}, {Opponent: strong, Score: 1}, {Opponent: strong, Score: 1}}, 0.5)
	if !(got.Rating > 1200 && got.Volatility > 0.06) {
		t.Fatalf("upset = %+v, want rating and volatility up", got)
	}
	if math.IsNaN(got.Rating) || math.IsNaN(got.RD) || math.IsNaN(got.Volatility) {
		t.Fatalf("NaN in %+v", got)
	}
}

func BenchmarkUpdate(b *testing.B) {
	player := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	games := []Outcome{
		{Opponent: Rating{Rating: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300}, Score: 0},
	}
	for b.Loop() {
		Update(player, games, 0.5)
	}
}
