package shiloh1862

import "github.com/shiloh-pbem/pbem/adjudicator"

// The contract's vocabulary under the names the rules files have always used, so
// that the rules read as before: a Shiloh 1862 Side is the shared Side, and so on.
type (
	Side         = adjudicator.Side
	Dice         = adjudicator.Dice
	Throw        = adjudicator.Throw
	StreamDice   = adjudicator.StreamDice
	ScriptedDice = adjudicator.ScriptedDice
	// OrderRef points at one order of Orders: its kind ("activate", "move",
	// "battles", "doctrine", "regroup", "supply", "landing", "arrival",
	// "initiative") and index.
	OrderRef    = adjudicator.OrderRef
	CheckStatus = adjudicator.CheckStatus
	// Phrase is a reason as data (Result.Why).
	Phrase = adjudicator.Phrase
)

const (
	NoSide = adjudicator.NoSide
	USA    = adjudicator.USA
	CSA    = adjudicator.CSA

	CheckOK      = adjudicator.CheckOK
	CheckWarning = adjudicator.CheckWarning
	CheckError   = adjudicator.CheckError
)

var (
	Sides           = adjudicator.Sides
	ParseSide       = adjudicator.ParseSide
	NewStreamDice   = adjudicator.NewStreamDice
	NewScriptedDice = adjudicator.NewScriptedDice
)
