package adjudicator

// This file is the contract a rule system implements (docs/ARCHITECTURE.md §3.7).
// It grows one piece at a time as the callers move onto it (§11): what is here is
// what the registry, the commands and the server already use through it.

// System is one rule system: Shiloh 1862, Blue & Gray's Antietam, and so on. Its id
// is what a game records as its ruleset, so it must never change once games exist.
type System interface {
	ID() string    // "shiloh1862": stored in each game's record
	Title() string // "Shiloh 1862 (Columbia Games)": for listings
	// Scenarios lists the system's scenario ids, sorted. Scenario ids are unique
	// across all registered systems, so a scenario id alone names a game's rules.
	Scenarios() []string
	// Scenario returns one scenario, loaded once and shared: it is read-only and
	// safe to use from any goroutine.
	Scenario(id string) (Scenario, error)
}

// Scenario is one playable setup of a system: its board, its forces and its start.
type Scenario interface {
	ID() string
	Title() string
	System() string // the id of the system it belongs to
	Board() *Board
	// Turns are the game's turn units in order, one mail round each (§4): the first
	// is where a new game starts.
	Turns() []Turn
	// Modes lists the fog-of-war modes the system offers, the default first.
	Modes() []Visibility
	// Optional lists the optional rules a game may switch on, by their stored names.
	Optional() []string
	// NewState builds the starting position. It refuses a mode or optional rule the
	// scenario does not offer.
	NewState(o Options) (State, error)
	// DecodeState reads a state written by EncodeState, checking that it fits this
	// scenario.
	DecodeState(b []byte) (State, error)
	EncodeState(st State) ([]byte, error)

	// DecodeOrders reads one side's orders as the store keeps them (the JSON of
	// the system's own orders type).
	DecodeOrders(b []byte) (Orders, error)
	// Resolve plays one turn unit from st with each side's orders (index
	// Side.Index(); nil: the side sent none and its standing orders apply). It is
	// pure: the same state, orders and dice give the same bytes on every machine.
	Resolve(st State, ord [2]Orders, d Dice) (State, Report, error)
	// View is what viewer may see of st (NoSide: the GM, who sees everything).
	View(st State, viewer Side) View
	// ViewReport is what viewer may see of a resolved turn unit, with the view
	// at its end. It is what the store keeps, so its JSON must stay stable.
	ViewReport(before State, r Report, after State, viewer Side) ReportView
	// ReportFormat numbers the shape of the report views ViewReport writes now.
	// The store records it with each turn unit (absent: 1), so that a system
	// that changes the shape still reads, resends and replays what it stored
	// before (docs/ARCHITECTURE.md §8).
	ReportFormat() int
	// DecodeReportView reads a report view as the store keeps it, in the format
	// it was stored in.
	DecodeReportView(b []byte, format int) (ReportView, error)
	// Check tries o as the receipt does: against what o's side knows of st and
	// nothing else (the system cuts that knowledge itself), one verdict an order
	// that has something to say.
	Check(st State, o Orders) []Check
}

// CheckStatus is a receipt's verdict on one order.
type CheckStatus string

const (
	CheckOK      CheckStatus = "ok"
	CheckWarning CheckStatus = "warning" // legal, but would not (fully) work as the map stands
	CheckError   CheckStatus = "error"   // not understood or not allowed
)

// OrderRef names one order: its kind and index as the system numbers its orders
// ("move", 3), and the line it was written on (0 when it has none of its own).
type OrderRef struct {
	Kind  string `json:"kind"`
	Index int    `json:"index"`
	Line  int    `json:"line,omitempty"`
}

// Check is the verdict on one order: Why says it, and Hint suggests a fix (a
// zero phrase when there is none). The system's wording words them.
type Check struct {
	Order  OrderRef
	Status CheckStatus
	Rule   string
	Why    Phrase
	Hint   Phrase
}

// Rand is the randomness a bot draws from; *rand.Rand of math/rand/v2 meets it.
// The caller seeds it, so a bot's orders are a function of its view and its seed.
type Rand interface {
	IntN(n int) int
}

// Bot plays one side of a scenario by itself: the demo's players. It sees that
// side's view and the receipt's verdicts, never a State (DESIGN §3).
type Bot interface {
	// Orders writes orders for the side v is seen by, from v alone.
	Orders(v View, rng Rand) (Orders, error)
	// Careful drops from o the orders the receipt refuses, as a player does
	// after reading it.
	Careful(o Orders, checks []Check) (Orders, error)
}

// Orders are one side's orders for one turn unit, in the system's own type. Only
// the system reads inside them; the server stores their JSON and hands them back.
type Orders interface {
	Sender() Side // the side that wrote them
}

// Report is the engine's whole account of a resolved turn unit: the truth, for
// ViewReport to cut into what each viewer may see. Nothing is mailed from it
// directly.
type Report interface {
	Played() Turn
}

// View is what one side may know of a position (DESIGN §3). Fog of war is a type
// boundary: the map, the order form and the report are made from a View, never
// from a State, and only a system's view types have these methods.
type View interface {
	SeenBy() Side // the viewer; NoSide for the GM
	ViewTurn() Turn
}

// ReportView is what one side may know of a resolved turn unit, with the View at
// its end.
type ReportView interface {
	ReportFor() Side // the viewer; NoSide for the GM
	ViewAfter() View
}

// Sequential is implemented by scenarios that offer sequential play (DESIGN §2):
// the turn unit opens with the initiative announced, Player 1 sends orders, Player
// 2 sees Player 1's moves before writing, then the unit resolves as usual with the
// same dice. The methods are dry runs with the unit's own dice, so the
// resolution that follows repeats what they showed.
type Sequential interface {
	// Initiative is who moves first, and why, for the wording to say.
	Initiative(st State, d Dice) (first Side, why Phrase, err error)
	// FirstMoves is what Player 2 may see of Player 1's turn, played with first.
	FirstMoves(st State, first Orders, d Dice) (ReportView, error)
	// BetweenTurns is the position at the end of Player 1's turn, played with
	// first: what Player 2 writes orders against. It is the truth, for View to
	// cut Player 2's map from and Check to check Player 2's orders on (as
	// Player 2's); it is never resolved or stored.
	BetweenTurns(st State, first Orders, d Dice) (State, error)
}

// State is a system's whole game position: the truth, which only the engine and the
// GM see. Everything else sees views (DESIGN §3).
type State interface {
	Turn() Turn
	Outcome() Outcome
}

// Visibility is a fog-of-war mode, named as games store it: "blocks",
// "double-blind", "open". Each system lists the ones it offers.
type Visibility string

// Options are the per-game switches a game stores (store.GameOptions) and a system
// reads: the fog mode and the optional rules by name.
type Options struct {
	Visibility Visibility
	Optional   []string
	// Sequential asks for sequential play; NewState refuses it where the scenario
	// does not implement Sequential or an optional rule cannot go with it.
	Sequential bool
}

// Outcome is where the game stands: over or not, the winner, and each side's
// victory points (index Side.Index()).
type Outcome struct {
	Over   bool
	Winner Side
	Score  [2]int
}

// Turn is the unit one mail round resolves (§3.4): a Shiloh 1862 hour, both sides
// sending at once, or an alternating system's player-turn, only the phasing side
// sending.
type Turn struct {
	// Index numbers the units from 0; it keys the stored hours and the dice seed, so
	// a system must never renumber them.
	Index int
	// Key is the unit's short stable name, for subjects, files and GM commands
	// ("Day 1 7AM", "T04-USA").
	Key string
	// Senders are the sides that must send orders for the unit, in Side order.
	Senders []Side
	// Phasing is the side whose player-turn it is; NoSide when both move at once.
	Phasing Side
	Night   bool
}

// Sends reports whether side s must send orders for the turn.
func (t Turn) Sends(s Side) bool {
	for _, x := range t.Senders {
		if x == s {
			return true
		}
	}
	return false
}
