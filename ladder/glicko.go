package ladder

import "math"

// Glicko-2 defaults from the paper: a new player is 1500 ± 350 with volatility
// 0.06, and the system constant tau is 0.5.
const (
	DefaultRating     = 1500.0
	DefaultRD         = 350.0
	DefaultVolatility = 0.06
	DefaultTau        = 0.5
)

// glickoScale converts between the Glicko and Glicko-2 scales (173.7178 ≈
// 400/ln 10).
const glickoScale = 173.7178

// convergence is the paper's ε for the volatility iteration.
const convergence = 0.000001

// Rating is a player's strength on the Glicko scale: rating, rating deviation
// (RD, the uncertainty) and volatility.
type Rating struct {
	Rating     float64
	RD         float64
	Volatility float64
}

// NewRating is the rating of a player who has not played.
func NewRating() Rating {
	return Rating{Rating: DefaultRating, RD: DefaultRD, Volatility: DefaultVolatility}
}

// Outcome is one game of a rating period from one player's side: the
// opponent's rating before the period and the score (1 win, 0.5 draw, 0 loss).
type Outcome struct {
	Opponent Rating
	Score    float64
}

// Update returns r after one rating period with the given outcomes, by steps
// 1-8 of the paper. With no outcomes only the deviation grows (step 6). tau ≤ 0
// means DefaultTau.
func Update(r Rating, games []Outcome, tau float64) Rating {
	if tau <= 0 {
		tau = DefaultTau
	}
	mu := (r.Rating - DefaultRating) / glickoScale
	phi := r.RD / glickoScale
	if len(games) == 0 {
		sigma := r.Volatility
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{Rating: r.Rating, RD: phiStar * glickoScale, Volatility: sigma}
	}

	st := period(mu, phi, r.Volatility, games, tau)
	// Step 8: back to the Glicko scale.
	return Rating{
		Rating:     st.mu*glickoScale + DefaultRating,
		RD:         st.phi * glickoScale,
		Volatility: st.sigma,
	}
}

// steps holds a period's results on the Glicko-2 scale, with the paper's
// intermediate values so a test can check each against the worked example.
type steps struct {
	v, delta float64 // step 3 and 4
	sigma    float64 // step 5
	phi, mu  float64 // steps 6 and 7
}

func period(mu, phi, sigma float64, games []Outcome, tau float64) steps {
	// Steps 3 and 4: estimated variance v and improvement delta.
	var vInv, sum float64
	for _, o := range games {
		muJ := (o.Opponent.Rating - DefaultRating) / glickoScale
		gJ := g(o.Opponent.RD / glickoScale)
		e := expected(mu, muJ, gJ)
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (o.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// Step 5: new volatility.
	sigmaNew := newVolatility(sigma, phi, v, delta, tau)

	// Steps 6 and 7: new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return steps{v: v, delta: delta, sigma: sigmaNew, phi: phiNew, mu: muNew}
}

func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

func expected(mu, muJ, gJ float64) float64 {
	return 1 / (1 + math.Exp(-gJ*(mu-muJ)))
}

// newVolatility is step 5: the root of f by the Illinois variant of regula
// falsi, as the paper gives it.
func newVolatility(sigma, phi, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
