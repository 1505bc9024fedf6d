package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
)

// Hash is a SHA-256 digest. It encodes as lower-case hex in JSON and text so that
// exported records and reports show the same string a player can compare.
type Hash [32]byte

// HashBytes returns the SHA-256 of b.
func HashBytes(b []byte) Hash { return sha256.Sum256(b) }

// IsZero reports whether h is all zero bytes (no hash recorded).
func (h Hash) IsZero() bool { return h == Hash{} }

// String returns the hash in lower-case hex.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// Short returns the first 12 hex digits, enough for a player to compare by eye.
func (h Hash) Short() string { return h.String()[:12] }

// MarshalText encodes the hash as hex.
func (h Hash) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText decodes a 64-digit hex hash; an empty text is the zero hash.
func (h *Hash) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*h = Hash{}
		return nil
	}
	if len(b) != 64 {
		return fmt.Errorf("store: hash %q: want 64 hex digits", b)
	}
	_, err := hex.Decode(h[:], b)
	if err != nil {
		return fmt.Errorf("store: hash %q: %v", b, err)
	}
	return nil
}

// GameStatus is where a game is in its life.
type GameStatus string

// Game statuses.
const (
	StatusOpen     GameStatus = "open"     // waiting for players to join
	StatusRunning  GameStatus = "running"  // hours are being played
	StatusPaused   GameStatus = "paused"   // the GM stopped the clock
	StatusFinished GameStatus = "finished" // over; the secret may be published
)

// Visibility modes (DESIGN §3).
const (
	VisibilityBlocks      = "blocks"
	VisibilityDoubleBlind = "double-blind"
	VisibilityOpen        = "open"
)

// GMReport is the key of the game master's report in HourRecord.Reports; the other
// keys are the ruleset's side names.
const GMReport = "gm"

// GameOptions are the per-game switches chosen when the game is set up.
type GameOptions struct {
	Visibility string `json:"visibility"` // blocks | double-blind | open
	Sequential bool   `json:"sequential"` // the rulebook's two round trips per hour
	// OptionalRules names the ruleset's optional rules in force, e.g.
	// "planned-initiative"; the store does not interpret them.
	OptionalRules []string `json:"optional_rules,omitempty"`
}

// Player is one side's player.
type Player struct {
	Address string `json:"address"`
	Name    string `json:"name,omitempty"`
	// Token is the secret part of the player's plus-address (game+TOKEN@host).
	// Never exported; the store indexes it to find the game and side of a mail.
	Token    string `json:"token,omitempty"`
	TimeZone string `json:"time_zone,omitempty"` // IANA name, for deadlines in texts
	// Accepted is set once an invited player accepted (games waiting to start).
	Accepted bool `json:"accepted,omitempty"`
	// Wants and Bid are what a player joining a ladder game asked for: a side
	// ("" for either) and the victory points offered for it; they settle the
	// sides when the game fills (server/join.go).
	Wants string `json:"wants,omitempty"`
	Bid   int    `json:"bid,omitempty"`
	// Hour counts of this player in this game: orders in by the deadline, in
	// the grace period, and hours resolved without orders (NMR).
	OnTime int `json:"on_time,omitempty"`
	Late   int `json:"late,omitempty"`
	NMRs   int `json:"nmrs,omitempty"`
}

// Vacation is a stretch in which a player is away; deadlines falling in it move
// to its end.
type Vacation struct {
	Side string    `json:"side"`
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// DeadlineSettings govern when an hour resolves without waiting for both sides.
type DeadlineSettings struct {
	HourLength   time.Duration `json:"hour_length"`    // time allowed per hour
	ChangeOfMind time.Duration `json:"change_of_mind"` // delay after both sides sent orders
	Reminder     time.Duration `json:"reminder"`       // remind this long before the deadline
	Next         time.Time     `json:"next"`           // deadline of the current hour (zero: none)
	// At, Zone and WeekdaysOnly fix deadlines to a time of day (schedule.Policy).
	At           string        `json:"at,omitempty"`
	Zone         string        `json:"zone,omitempty"`
	WeekdaysOnly bool          `json:"weekdays_only,omitempty"`
	Grace        time.Duration `json:"grace,omitempty"` // late orders accepted this long after Next
	// Reminded and GraceNotice record the notices sent for the current hour.
	Reminded    []string `json:"reminded,omitempty"`
	GraceNotice bool     `json:"grace_notice,omitempty"`
	// GMWarn is how long before the deadline the GM is told of the sides that
	// have sent no orders (0: never); GMWarned records that the current hour's
	// warning went.
	GMWarn   time.Duration `json:"gm_warn,omitempty"`
	GMWarned bool          `json:"gm_warned,omitempty"`
	// PausedLeft is the time that was left to the deadline when the GM paused.
	PausedLeft time.Duration `json:"paused_left,omitempty"`
	// VacationCap is each player's vacation days per game (0: none allowed).
	VacationCap int        `json:"vacation_cap,omitempty"`
	Vacations   []Vacation `json:"vacations,omitempty"`
}

// Game is a game's metadata. The game state itself lives in the hours.
type Game struct {
	ID       string            `json:"id"`
	Ruleset  string            `json:"ruleset"` // e.g. "shiloh1862"
	Scenario string            `json:"scenario"`
	Options  GameOptions       `json:"options"`
	Players  map[string]Player `json:"players"` // by side name
	GM       string            `json:"gm,omitempty"`
	Ladder   string            `json:"ladder,omitempty"` // ladder the result counts for
	Deadline DeadlineSettings  `json:"deadline"`
	Status   GameStatus        `json:"status"`
	// CurrentHour is the hour now open for orders (the ruleset numbers hours).
	CurrentHour int `json:"current_hour"`
	// Secret keys the game's dice (HourSeed). It is private until the game ends.
	Secret []byte `json:"secret,omitempty"`
	// Reseeds counts, per hour, how often a GM rollback re-opened it with a new
	// seed (the server derives that seed from Secret, hour and count).
	Reseeds map[int]int `json:"reseeds,omitempty"`
	// Departed lists players who left before the end (replaced or resigned).
	Departed []Departure `json:"departed,omitempty"`
	// SeqHour is the open hour's progress in sequential mode (Options.Sequential).
	SeqHour *SequentialHour `json:"seq_hour,omitempty"`
	// Ending says how a finished game ended (EndPlayed … EndCancelled); the
	// end-of-game record and the ladder read it.
	Ending string `json:"ending,omitempty"`
	// FastForwarded counts the hours the GM resolved without charging the
	// players an NMR (a fast-forward, not a missed deadline).
	FastForwarded int `json:"fast_forwarded,omitempty"`
	// BidTo is the side given BidVP victory points at the end: the winning
	// bid for the other side of a ladder game (server/join.go).
	BidTo     string    `json:"bid_to,omitempty"`
	BidVP     int       `json:"bid_vp,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// SequentialHour is where the open hour of a sequential game stands: initiative
// announced, then Player 1's orders, then Player 1's moves shown to Player 2.
type SequentialHour struct {
	Hour       int    `json:"hour"`
	Player1    string `json:"player1"`    // side
	Initiative string `json:"initiative"` // as announced
	// MovesSentAt is when Player 1's moves went to Player 2 (zero: not yet).
	MovesSentAt time.Time `json:"moves_sent_at"`
}

// Departure is a player leaving a game before its end.
type Departure struct {
	Side     string    `json:"side"`
	Address  string    `json:"address"`
	Replaced bool      `json:"replaced,omitempty"`
	At       time.Time `json:"at"`
	// The player's hour counts in the game until leaving (see Player).
	OnTime int `json:"on_time,omitempty"`
	Late   int `json:"late,omitempty"`
	NMRs   int `json:"nmrs,omitempty"`
}

// How a finished game ended (Game.Ending, LadderResult.Ending).
const (
	EndPlayed    = ""          // played to its last hour, or to a sudden-death victory
	EndResigned  = "resigned"  // a player resigned; the opponent wins
	EndDeclared  = "declared"  // the GM declared the result; rated as declared
	EndForced    = "forced"    // the GM fast-forwarded to the end; rated, and marked so
	EndVoided    = "voided"    // the GM voided it; listed, never rated
	EndCancelled = "cancelled" // the GM cancelled it; not rated, not listed as a result
)

// NewGame returns a game with a fresh 32-byte dice secret from crypto/rand and
// status open. The caller fills in players and options and stores it with
// Tx.CreateGame.
func NewGame(id, ruleset, scenario string) (*Game, error) {
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("store: game secret: %w", err)
	}
	return &Game{
		ID:       id,
		Ruleset:  ruleset,
		Scenario: scenario,
		Options:  GameOptions{Visibility: VisibilityBlocks},
		Players:  map[string]Player{},
		Status:   StatusOpen,
		Secret:   secret,
	}, nil
}

// OrderSet is one version of one side's orders for one hour. A later version
// replaces an earlier one whole; all versions are kept.
type OrderSet struct {
	Version    int       `json:"version"`            // 1, 2, ... per side and hour, set by AddOrderSet
	MailRef    uint64    `json:"mail_ref,omitempty"` // ArchiveMail reference of the raw mail, 0 if none
	From       string    `json:"from,omitempty"`     // sender address
	Text       string    `json:"text"`               // the order text as read from the mail
	Parsed     []byte    `json:"parsed,omitempty"`   // the engine's encoding of the accepted orders
	Hash       Hash      `json:"hash"`               // hash shown in the receipt
	ReceivedAt time.Time `json:"received_at"`
}

// HourRecord is everything about one game hour: its inputs (state, orders, seed)
// and its outputs (reports, next state). Replaying the hour needs nothing else.
type HourRecord struct {
	Game         string    `json:"game"`
	Hour         int       `json:"hour"`
	OpenedAt     time.Time `json:"opened_at"`
	StateAtStart []byte    `json:"state_at_start,omitempty"`
	// SeedCommitment is published when the hour opens; Seed is set when it resolves.
	SeedCommitment Hash   `json:"seed_commitment"`
	Seed           []byte `json:"seed,omitempty"`
	// OrderSets holds every version each side sent, oldest first, by side name.
	OrderSets map[string][]OrderSet `json:"order_sets,omitempty"`
	// Reports holds the engine's report per side and for the GM (key GMReport).
	Reports map[string][]byte `json:"reports,omitempty"`
	// ReportFormat is the format the rule system wrote Reports in (its
	// ReportFormat when the hour resolved); absent in hours stored before
	// systems had formats, which are format 1.
	ReportFormat int       `json:"report_format,omitempty"`
	NextState    []byte    `json:"next_state,omitempty"`
	ResolvedAt   time.Time `json:"resolved_at"`
	// FastForward marks an hour the GM resolved without charging a side
	// without orders an NMR (FORCE nopenalty); a rollback takes it back.
	FastForward bool `json:"fast_forward,omitempty"`
}

// Format is the format of the hour's stored reports: ReportFormat, or 1 when
// the record predates it.
func (h *HourRecord) Format() int {
	if h.ReportFormat == 0 {
		return 1
	}
	return h.ReportFormat
}

// Resolved reports whether the hour has been adjudicated.
func (h *HourRecord) Resolved() bool { return !h.ResolvedAt.IsZero() }

// Latest returns the newest order set of side, or nil if the side sent none.
func (h *HourRecord) Latest(side string) *OrderSet {
	v := h.OrderSets[side]
	if len(v) == 0 {
		return nil
	}
	return &v[len(v)-1]
}

// OutMsg is one mail in the outbox. Raw is the complete RFC 5322 message, built
// when the state change that caused it commits, so a resend is byte-identical
// (same Message-ID) and a crash can neither lose nor alter it.
type OutMsg struct {
	ID          uint64    `json:"id"` // outbox sequence, set by EnqueueOutbox
	Game        string    `json:"game,omitempty"`
	Hour        int       `json:"hour,omitempty"`
	Kind        string    `json:"kind"` // e.g. "report", "receipt", "reminder"
	From        string    `json:"from,omitempty"`
	To          []string  `json:"to"`
	Subject     string    `json:"subject,omitempty"`
	Raw         []byte    `json:"-"` // stored beside the JSON header, not in it
	CreatedAt   time.Time `json:"created_at"`
	Attempts    int       `json:"attempts"`
	NextAttempt time.Time `json:"next_attempt"` // zero once sent or given up
	LastError   string    `json:"last_error,omitempty"`
	SentAt      time.Time `json:"sent_at"`
	GaveUp      bool      `json:"gave_up,omitempty"`
	// Bulk mail (hour reports with maps) is sent after every due urgent mail
	// (receipts, answers), so a receipt never waits behind a deadline's reports.
	Bulk bool `json:"bulk,omitempty"`
	// Once sent, a message leaves the outbox: what exactly-once and an audit of
	// the mail need stays in the sent index (schema 3), the raw bytes do not.
	MessageID string `json:"message_id,omitempty"`
	RawSHA256 Hash   `json:"raw_sha256,omitzero"`
	Size      int    `json:"size,omitempty"`
}

// Sent reports whether the message went out.
func (m *OutMsg) Sent() bool { return !m.SentAt.IsZero() }

// ProcessedMail is the record of one handled incoming message.
type ProcessedMail struct {
	UIDValidity uint32    `json:"uid_validity"`
	UID         uint32    `json:"uid"`
	MessageID   string    `json:"message_id,omitempty"`
	At          time.Time `json:"at"`
}

// Audit record kinds. Others may be used; the chain does not interpret them.
const (
	AuditGameCreated = "game-created"
	AuditHour        = "hour"
	AuditGMAction    = "gm-action"
	// AuditRollback (with Hour = n) records that the GM undid hours n and later:
	// their earlier "hour" links no longer describe stored hours, and hours
	// resolved again get new links.
	AuditRollback = "rollback"
)

// AuditRecord is one link of a game's hash chain. Hash covers every other field
// and PrevHash (see CanonicalBytes), so changing any past record, or dropping or
// reordering one, breaks every later link.
type AuditRecord struct {
	Game string    `json:"game"`
	Seq  uint64    `json:"seq"` // 1, 2, ... per game, set by AppendAudit
	Kind string    `json:"kind"`
	At   time.Time `json:"at"`
	Hour int       `json:"hour"`
	// OrdersHashes holds the hash of the order set each side's hour used.
	OrdersHashes   map[string]Hash `json:"orders_hashes,omitempty"`
	SeedCommitment Hash            `json:"seed_commitment"`
	Seed           []byte          `json:"seed,omitempty"`
	StateHash      Hash            `json:"state_hash"` // SHA-256 of the state after the hour
	Actor          string          `json:"actor,omitempty"`
	Text           string          `json:"text,omitempty"` // GM action, in words
	PrevHash       Hash            `json:"prev_hash"`
	Hash           Hash            `json:"hash"`
}

// ChainHead identifies the newest link of a game's audit chain; reports print it.
type ChainHead struct {
	Seq  uint64 `json:"seq"`
	Hash Hash   `json:"hash"`
}

// String formats the head as reports print it: "#12 3fa0c1d2e4b5".
func (c ChainHead) String() string { return fmt.Sprintf("#%d %s", c.Seq, c.Hash.Short()) }

// Rating is one player's standing on a ladder. The rating system (Glicko-2 or
// Elo) belongs to the ladder code; the store keeps its numbers.
type Rating struct {
	Ladder     string  `json:"ladder"`
	Player     string  `json:"player"` // address
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation,omitempty"`
	Volatility float64 `json:"volatility,omitempty"`
	Games      int     `json:"games"`
	Wins       int     `json:"wins"`
	Losses     int     `json:"losses"`
	Draws      int     `json:"draws"`
	OnTime     int     `json:"on_time"` // hours with orders before the deadline
	Late       int     `json:"late"`    // hours played by standing orders (NMR)
	// HoursDue counts hours the player owed orders, InGrace those sent after the
	// deadline within the grace period, Abandoned games left before the end.
	HoursDue  int       `json:"hours_due,omitempty"`
	InGrace   int       `json:"in_grace,omitempty"`
	Abandoned int       `json:"abandoned,omitempty"`
	UpdatedAt time.Time `json:"updated_at"`
}

// LadderResult is a finished game as a ladder counts it.
type LadderResult struct {
	Ladder     string            `json:"ladder"`
	Seq        uint64            `json:"seq"` // set by AddLadderResult
	Game       string            `json:"game"`
	Players    map[string]string `json:"players"`          // side -> address
	Winner     string            `json:"winner,omitempty"` // side, "" for a draw
	Detail     string            `json:"detail,omitempty"` // e.g. "decisive victory, 18 VP"
	ChainHead  ChainHead         `json:"chain_head"`       // signs the record: the final audit link
	FinishedAt time.Time         `json:"finished_at"`
	// Ending and FastForwarded are copied from the game (Game.Ending).
	Ending        string `json:"ending,omitempty"`
	FastForwarded int    `json:"fast_forwarded,omitempty"`
}
