package bot

// Whole games with the bot on both sides, checked after every player-turn
// against what the rules never allow, whatever the orders (the invariant run).

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
)

var loadOnce = sync.OnceValues(antietam.Load)

// scenario loads Antietam once for all the package's tests.
func scenario(tb testing.TB) *antietam.Scenario {
	tb.Helper()
	sc, err := loadOnce()
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// variants are the rule sets the invariant games cycle through: the standard
// game, and every optional rule in some game (20.1 and 20.2 apart: they are two
// sizes of one change).
var variants = [][]string{
	nil,
	{antietam.OptAttackEffectiveness, antietam.OptOptionalReinforcement, antietam.OptGreaterUnionInitiative},
	{antietam.OptTotalUnionInitiative, antietam.OptNoDisorganization, antietam.OptEarlyConfederate},
	{antietam.OptEarlyUnion, antietam.OptAttackEffectiveness, antietam.OptNoDisorganization},
}

// setup is game number n of the invariant run: its optional rules and mode.
func setup(n uint64) ([]string, adjudicator.Visibility) {
	mode := antietam.ModeOpen
	if n/uint64(len(variants))%2 == 1 {
		mode = antietam.ModeDoubleBlind
	}
	return variants[n%uint64(len(variants))], mode
}

// turnCheck is called after each player-turn with the position before, the
// report and the position after.
type turnCheck func(before *antietam.State, own *antietam.Orders, rep *antietam.Report, after *antietam.State)

// playGame plays one whole game, the bot writing both sides' orders from their
// views, with dice seeded by the game and the player-turn; it returns the final
// state.
func playGame(tb testing.TB, sc *antietam.Scenario, bt *Bot, seed uint64, check turnCheck) *antietam.State {
	tb.Helper()
	opts, mode := setup(seed)
	st, err := sc.NewState(opts)
	if err != nil {
		tb.Fatal(err)
	}
	st.Mode = mode
	rng := rand.New(rand.NewPCG(seed, 0xA17))
	for !st.Over {
		own, err := bt.Write(sc.View(st, st.Phasing), rng)
		if err != nil {
			tb.Fatalf("seed %d, %s: %v", seed, st.Turn().Key, err)
		}
		other, err := bt.Write(sc.View(st, st.Phasing.Enemy()), rng)
		if err != nil {
			tb.Fatalf("seed %d, %s: %v", seed, st.Turn().Key, err)
		}
		dice := adjudicator.NewStreamDice(fmt.Appendf(nil, "antietam bot %d %d", seed, st.Turn().Index))
		next, rep, err := sc.Resolve(st, own, other, dice)
		if err != nil {
			tb.Fatalf("seed %d, %s: %v", seed, st.Turn().Key, err)
		}
		if check != nil {
			check(st, own, rep, next)
		}
		st = next
	}
	return st
}

// invariantGames is how many games the invariant run plays.
func invariantGames() int {
	if testing.Short() {
		return 100
	}
	return 1000
}

// TestInvariantGames plays a thousand bot games (a tenth with -short) over every
// optional rule, open and double-blind, and holds every player-turn to the rules
// no orders can break: units only where units may stand, stacking at the end of
// both phases (5.32), no phasing unit left in contact without having attacked and
// no enemy in contact left unattacked (7.11, 7.12), strengths as printed,
// eliminated units off the map for good, Union guns where they were placed
// (19.0). Each game is played twice and must end in the same bytes.
func TestInvariantGames(t *testing.T) {
	sc := scenario(t)
	bt := New(sc)
	games := invariantGames()
	// The games share nothing but the scenario and the bot, both read-only, so
	// they are spread over the cores; each batch tallies its own.
	batches := make([]tallies, runtime.GOMAXPROCS(0))
	t.Run("batches", func(t *testing.T) {
		for w := range batches {
			t.Run(fmt.Sprint(w), func(t *testing.T) {
				t.Parallel()
				for seed := uint64(w); seed < uint64(games); seed += uint64(len(batches)) {
					batches[w].game(t, sc, bt, seed)
				}
			})
		}
	})
	var tally tallies
	for _, b := range batches {
		tally.merge(b)
	}
	t.Logf("%d games: %s", tally.games, tally)
	if tally.games != games && !t.Failed() {
		t.Errorf("%d games played, want %d", tally.games, games)
	}
	// The bots must play, not stand: both sides move and fight, and the open
	// games' moves, checked on a true position, are all carried out.
	if tally.moves == 0 || tally.ordered == 0 || tally.byDefault == 0 || tally.eliminated == 0 {
		t.Errorf("the bots hardly played: %s", tally)
	}
	if tally.openRefused > 0 {
		t.Errorf("%d moves refused in open games, where the bot's check saw the truth", tally.openRefused)
	}
}

// game plays invariant game seed, checking every player-turn, then plays it
// again to compare the final bytes.
func (ty *tallies) game(t *testing.T, sc *antietam.Scenario, bt *Bot, seed uint64) {
	end := playGame(t, sc, bt, seed, func(before *antietam.State, own *antietam.Orders, rep *antietam.Report, after *antietam.State) {
		checkTurn(t.Errorf, sc, bt.b, before, rep, after)
		ty.add(before, rep)
		if t.Failed() {
			t.Fatalf("seed %d, %s: the position broke the rules (optional %v, mode %s)", seed, before.Turn().Key, before.Optional, before.Mode)
		}
	})
	again := playGame(t, sc, bt, seed, nil)
	a, errA := sc.EncodeState(end)
	b, errB := sc.EncodeState(again)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Fatalf("seed %d: two plays of the same game differ (%v %v)", seed, errA, errB)
	}
	ty.games++
	if ty.levels == nil {
		ty.levels = map[string]int{}
	}
	ty.levels[end.Final.Level]++
}

// tallies count what the invariant games did, for the log and a floor.
type tallies struct {
	games, moves, openRefused, ordered, byDefault, eliminated int
	levels                                                    map[string]int
}

func (ty *tallies) add(before *antietam.State, rep *antietam.Report) {
	for _, r := range rep.Results {
		switch {
		case r.Order.Kind == antietam.KindMove && r.Status == antietam.Executed:
			ty.moves++
		case r.Order.Kind == antietam.KindMove && before.Mode != antietam.ModeDoubleBlind:
			ty.openRefused++
		}
	}
	for _, e := range rep.Events {
		switch {
		case e.Code == "combat" && e.Order > 0:
			ty.ordered++
		case e.Code == "combat":
			ty.byDefault++
		case e.Code == "eliminated":
			ty.eliminated++
		}
	}
}

func (ty *tallies) merge(o tallies) {
	ty.games += o.games
	ty.moves += o.moves
	ty.openRefused += o.openRefused
	ty.ordered += o.ordered
	ty.byDefault += o.byDefault
	ty.eliminated += o.eliminated
	if ty.levels == nil {
		ty.levels = map[string]int{}
	}
	for l, n := range o.levels {
		ty.levels[l] += n
	}
}

func (ty tallies) String() string {
	return fmt.Sprintf("%d moves (%d refused in open games), %d ordered and %d default combats, %d units eliminated; levels %v",
		ty.moves, ty.openRefused, ty.ordered, ty.byDefault, ty.eliminated, ty.levels)
}

// failFunc reports a broken invariant (t.Errorf).
type failFunc func(format string, args ...any)

// checkTurn holds one player-turn to the invariants (see TestInvariantGames).
func checkTurn(fail failFunc, sc *antietam.Scenario, b *board, before *antietam.State, rep *antietam.Report, after *antietam.State) {
	for i, u := range after.Units {
		spec, was := sc.Unit(u.ID), before.Units[i]
		switch {
		case u.Strength < 0 || u.Strength != spec.Strength:
			fail("%s has strength %d, printed %d (2.4: no step losses)", u.ID, u.Strength, spec.Strength)
		case u.Status == antietam.OnMap && !mayStand(sc, u.Hex):
			fail("%s stands on %q (%s): no unit may end a phase there (5.21, 5.24)", u.ID, u.Hex, sc.Terrain(u.Hex))
		case u.Status != antietam.OnMap && u.Hex != "":
			fail("%s is %s but on %s", u.ID, u.Status, u.Hex)
		case was.Status == antietam.Eliminated && (u.Status != antietam.Eliminated || u.Lost != was.Lost):
			fail("%s came back: %s, lost %q (was lost %q)", u.ID, u.Status, u.Lost, was.Lost)
		case u.Status == antietam.Eliminated && u.Lost == "":
			fail("%s eliminated without the player-turn it fell in", u.ID)
		case spec.Side == adjudicator.USA && spec.Type == antietam.Artillery && was.Status == antietam.OnMap &&
			u.Status == antietam.OnMap && u.Hex != was.Hex:
			fail("Union gun %s moved from %s to %s (19.0)", u.ID, was.Hex, u.Hex)
		}
	}
	checkStacks(fail, sc, "movement", afterMovement(before, rep))
	checkStacks(fail, sc, "combat", hexesOf(after))
	if !rep.Turn.Night {
		checkContacts(fail, sc, b, before.Phasing, rep, after)
	}
}

// mayStand says whether a unit may end a phase on h: a hex of the map whose
// terrain a unit may enter and stop in (5.21, 5.24, 9.0).
func mayStand(sc *antietam.Scenario, h antietam.HexID) bool {
	if _, ok := sc.Board.Index(h); !ok {
		return false
	}
	t := sc.Charts.TerrainEffect(sc.Terrain(h))
	return t != nil && t.Move > 0 && t.Stop
}

// hexesOf is where each unit of a position stands ("" off the map).
func hexesOf(st *antietam.State) map[antietam.UnitID]antietam.HexID {
	at := map[antietam.UnitID]antietam.HexID{}
	for _, u := range st.Units {
		if u.Status == antietam.OnMap {
			at[u.ID] = u.Hex
		}
	}
	return at
}

// afterMovement is where the units stood at the end of the Movement Phase: the
// start, with the report's moves and entries made.
func afterMovement(before *antietam.State, rep *antietam.Report) map[antietam.UnitID]antietam.HexID {
	at := hexesOf(before)
	for _, e := range rep.Events {
		if e.Code == "move" || e.Code == "enter" {
			at[e.Unit] = e.To
		}
	}
	return at
}

// checkStacks is 5.32 at the end of a phase: at most two units of a side in a
// hex, and never both sides in one (5.12).
func checkStacks(fail failFunc, sc *antietam.Scenario, phase string, at map[antietam.UnitID]antietam.HexID) {
	count := map[antietam.HexID]*[2]int{}
	for id, h := range at {
		if count[h] == nil {
			count[h] = &[2]int{}
		}
		count[h][sc.Unit(id).Side.Index()]++
	}
	for h, c := range count {
		if c[0] > sc.Charts.Stacking.Limit || c[1] > sc.Charts.Stacking.Limit || c[0] > 0 && c[1] > 0 {
			fail("end of the %s phase: %d and %d units on %s (5.12, 5.32)", phase, c[0], c[1], h)
		}
	}
}

// checkContacts is 7.11 and 7.12 at the end of the Combat Phase: every phasing
// unit in contact with an enemy unit (6.4) attacked, and every enemy unit in
// contact with a phasing unit was attacked, unless the rules excuse it: it came
// there by combat (a retreat, displacement or advance, 7.75), it has lost
// attack effectiveness (11.2), or everyone it touches fought already (7.14):
// so no pair in contact is left where the enemy unit was not attacked.
// The engine never admits to an unmet attack.
func checkContacts(fail failFunc, sc *antietam.Scenario, b *board, phasing adjudicator.Side, rep *antietam.Report, after *antietam.State) {
	fought, moved := map[antietam.UnitID]bool{}, map[antietam.UnitID]bool{}
	for _, e := range rep.Events {
		switch e.Code {
		case "combat":
			for _, id := range slices.Concat(e.Attackers, e.Defenders) {
				fought[id] = true
			}
		case "joined":
			for _, id := range e.Units {
				fought[id] = true
			}
		case "retreat", "displaced", "advance":
			moved[e.Unit] = true
		case "unmet":
			fail("unmet attack on %s (%v): the engine left 7.11 unmet", e.Hex, e.Units)
		}
	}
	at := map[antietam.HexID][]antietam.UnitState{}
	for _, u := range after.Units {
		if u.Status == antietam.OnMap {
			at[u.Hex] = append(at[u.Hex], u)
		}
	}
	for _, u := range after.Units {
		if u.Status != antietam.OnMap || sc.Unit(u.ID).Side != phasing || moved[u.ID] || u.Ineffective {
			continue
		}
		h, _ := sc.Board.Index(u.Hex)
		for _, i := range b.nb[h] {
			if i == noHex || !inContact(sc, u.Hex, b.ids[i]) {
				continue
			}
			n := b.ids[i]
			for _, e := range at[n] {
				if sc.Unit(e.ID).Side != phasing && !fought[e.ID] && !moved[e.ID] {
					fail("%s on %s in contact with %s on %s, which was not attacked (7.11, 7.12)", u.ID, u.Hex, e.ID, n)
				}
			}
		}
	}
}

// inContact says whether units on neighbouring hexes a and b are in each
// other's zones of control where combat may happen (6.4, 6.6, 9.0).
func inContact(sc *antietam.Scenario, a, b antietam.HexID) bool {
	ta, tb := sc.Charts.TerrainEffect(sc.Terrain(a)), sc.Charts.TerrainEffect(sc.Terrain(b))
	return sc.ZOCExtends(a, b) && sc.ZOCExtends(b, a) && ta != nil && tb != nil && ta.Combat && tb.Combat
}

// The invariant checks catch what they look for: a player-turn that puts a
// third unit in a hex, a unit in the river, and leaves a contact unattacked
// fails each check once.
func TestInvariantChecksCatch(t *testing.T) {
	sc := scenario(t)
	bt := New(sc)
	before, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	after := before.Clone()
	var union, csa []*antietam.UnitState
	for i := range after.Units {
		u := &after.Units[i]
		if u.Status == antietam.OnMap && sc.Unit(u.ID).Type == antietam.Infantry {
			if sc.Unit(u.ID).Side == adjudicator.USA {
				union = append(union, u)
			} else {
				csa = append(csa, u)
			}
		}
	}
	// Three Union units on one empty hex with a Confederate moved next to it,
	// which nobody attacked; a fourth in the Potomac.
	taken := hexesOf(before)
	empty := func(h antietam.HexID) bool {
		return mayStand(sc, h) && !slices.Contains(slices.Collect(maps.Values(taken)), h)
	}
	var here, there antietam.HexID
	for i, h := range bt.b.ids {
		for _, n := range bt.b.nb[i] {
			if here == "" && n != noHex && empty(h) && empty(bt.b.ids[n]) && inContact(sc, h, bt.b.ids[n]) {
				here, there = h, bt.b.ids[n]
			}
		}
	}
	for _, u := range union[:3] {
		u.Hex = here
	}
	csa[0].Hex = there
	union[3].Hex = "0226"
	rep := &antietam.Report{Turn: before.Turn()}
	var errs []string
	record := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	checkTurn(record, sc, bt.b, before, rep, after)
	want := []string{"3 and 0 units on " + string(here), "0226", "in contact with " + string(csa[0].ID)}
	for _, w := range want {
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, w) }) {
			t.Errorf("no failure saying %q; got %q", w, errs)
		}
	}
	errs = nil
	checkTurn(record, sc, bt.b, before, rep, before.Clone())
	if len(errs) != 0 {
		t.Errorf("the start broke the invariants: %q", errs)
	}
}
