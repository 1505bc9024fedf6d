package adjudicator

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"strings"
)

// Dice throws six-sided dice. Every throw says why, as a phrase the system's
// wording words, so that the report can list it (DESIGN §4). Implementations must
// return 1..6.
type Dice interface {
	Roll(why Phrase) int
}

// StreamDice is the dice of real play: a deterministic stream keyed by the hour's
// seed. Throw n is taken from HMAC-SHA256(seed, "shiloh-pbem dice v1" || n) by
// rejection sampling, so it is the same on every machine and every Go version, and
// anyone holding the revealed seed can recompute it.
type StreamDice struct {
	seed  []byte
	block uint64
	buf   []byte
	mac   hash.Hash // keyed with seed once, reset for each block
	sum   [sha256.Size]byte
}

// NewStreamDice returns the dice stream for a seed.
func NewStreamDice(seed []byte) *StreamDice {
	return &StreamDice{seed: append([]byte(nil), seed...)}
}

func (d *StreamDice) nextByte() byte {
	if len(d.buf) == 0 {
		if d.mac == nil {
			d.mac = hmac.New(sha256.New, d.seed)
		}
		d.mac.Reset()
		d.mac.Write([]byte("shiloh-pbem dice v1"))
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], d.block)
		d.mac.Write(n[:])
		d.buf = d.mac.Sum(d.sum[:0])
		d.block++
	}
	b := d.buf[0]
	d.buf = d.buf[1:]
	return b
}

// Roll returns the next die. Bytes of 252 and above are skipped so that each face is
// exactly equally likely (252 = 6 × 42).
func (d *StreamDice) Roll(Phrase) int {
	for {
		b := d.nextByte()
		if b < 252 {
			return int(b%6) + 1
		}
	}
}

// ScriptedDice returns a fixed list of throws, for tests and for umpires replaying a
// table game. It panics when the rules ask for a throw the script does not have
// (with a *DiceRanOut), or when a scripted value is not 1..6: a test must fail
// loudly.
type ScriptedDice struct {
	Values []int
	used   int
	Log    []Throw
}

// DiceRanOut is what ScriptedDice panics with when the rules ask for one throw
// more than the script has: the throw's number and why it was wanted, and the
// throws made before it. Error spells the phrases out (Phrase.String); a tool
// words them for its reader with Words.
type DiceRanOut struct {
	Throw  int
	Why    Phrase
	Thrown []Throw
}

func (e *DiceRanOut) Error() string {
	return e.Words(Phrase.String)
}

// Words is the message with each phrase worded by say.
func (e *DiceRanOut) Words(say func(Phrase) string) string {
	return fmt.Sprintf("scripted dice ran out at throw %d (%s); thrown so far: %s", e.Throw, say(e.Why), ThrowsWords(e.Thrown, say))
}

// ThrowsWords lists throws with their reasons worded by say: "6 (why); 3 (why)".
func ThrowsWords(ts []Throw, say func(Phrase) string) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d (%s)", t.Value, say(t.Why))
	}
	return b.String()
}

// NewScriptedDice returns dice that throw the given values in order.
func NewScriptedDice(values ...int) *ScriptedDice {
	return &ScriptedDice{Values: append([]int(nil), values...)}
}

func (d *ScriptedDice) Roll(why Phrase) int {
	if d.used >= len(d.Values) {
		panic(&DiceRanOut{Throw: d.used + 1, Why: why, Thrown: d.Log})
	}
	v := d.Values[d.used]
	if v < 1 || v > 6 {
		panic(fmt.Sprintf("adjudicator: scripted die %d is %d, not 1..6", d.used+1, v))
	}
	d.used++
	d.Log = append(d.Log, Throw{Value: v, Why: why})
	return v
}

// Remaining is how many scripted throws were not used; a case with leftovers is
// usually wrong.
func (d *ScriptedDice) Remaining() int { return len(d.Values) - d.used }

// Thrown lists the throws made so far with their reasons spelled out, for a
// failing test's message.
func (d *ScriptedDice) Thrown() string { return ThrowsWords(d.Log, Phrase.String) }

// Throw is one die thrown, with why (DESIGN §4: every throw is logged).
type Throw struct {
	Value int    `json:"value"`
	Why   Phrase `json:"why"`
}
