package shiloh1862

import (
	"strconv"
	"strings"
)

// This file keeps the hour's report text in a few large buffers. A busy hour writes
// hundreds of event texts, reasons and dice-log lines; giving each its own allocation
// made string building the engine's largest cost.

// textArena hands out strings that share large buffers. A string it returned is
// never changed: a strings.Builder only appends, and a full builder is replaced, not
// reset, so earlier strings keep the old buffer alive unchanged.
type textArena struct {
	b     strings.Builder
	chunk int // the size of the last buffer: doubling, so a busy hour needs few
	first int // the size of the first buffer (0: arenaChunk)
}

// arenaChunk is the size of an hour's first buffer; checkChunk is a check's (a
// receipt's texts need a few kilobytes).
const (
	arenaChunk = 8 << 10
	checkChunk = 4 << 10
)

// cat returns the concatenation of parts.
func (a *textArena) cat(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n == 0 {
		return ""
	}
	a.room(n)
	start := a.b.Len()
	for _, p := range parts {
		a.b.WriteString(p) // room was made: no growth, no copy of earlier text
	}
	return a.b.String()[start:]
}

// room makes sure n more bytes fit without the builder growing (growing would copy
// into a new buffer, which is harmless for earlier strings but wasteful).
func (a *textArena) room(n int) {
	if a.b.Cap()-a.b.Len() < n {
		first := a.first
		if first == 0 {
			first = arenaChunk
		}
		a.chunk = min(max(first, 2*a.chunk), 64<<10)
		a.b = strings.Builder{}
		a.b.Grow(max(a.chunk, n))
	}
}

// put returns b as a string from the arena. The hottest texts are assembled with
// append into a buffer on the caller's stack and written with one call, which
// costs less than a concatenation of many parts.
func (a *textArena) put(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	a.room(len(b))
	start := a.b.Len()
	a.b.Write(b)
	return a.b.String()[start:]
}

// numbered appends to out n strings: prefix followed by "1 of n", "2 of n" and so
// on (the reasons of one fire's dice).
func (a *textArena) numbered(out []string, n int, prefix []byte) []string {
	plen := len(prefix)
	for i := 1; i <= n; i++ {
		p := strconv.AppendInt(prefix[:plen], int64(i), 10)
		p = append(p, " of "...)
		p = strconv.AppendInt(p, int64(n), 10)
		out = append(out, a.put(p))
		prefix = p // keeps any larger buffer append made
	}
	return out
}

// appendDice appends the dice as text ("6 3 1").
func appendDice(b []byte, d []int) []byte {
	for i, v := range d {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return b
}

// join is strings.Join into the arena.
func (a *textArena) join(elems []string, sep string) string {
	if len(elems) == 0 {
		return ""
	}
	n := len(sep) * (len(elems) - 1)
	for _, e := range elems {
		n += len(e)
	}
	a.room(n)
	start := a.b.Len()
	for i, e := range elems {
		if i > 0 {
			a.b.WriteString(sep)
		}
		a.b.WriteString(e)
	}
	return a.b.String()[start:]
}

// dice returns the dice as text ("6 3 1").
func (a *textArena) dice(d []int) string {
	var buf [64]byte
	return a.put(appendDice(buf[:0], d))
}
