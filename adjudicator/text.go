package adjudicator

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

// numbered appends to out n strings: the concatenation of parts followed by
// "1 of n", "2 of n" and so on (the reasons of one fire's dice), written in one go.
func (a *textArena) numbered(out []string, n int, parts ...string) []string {
	if n <= 0 {
		return out
	}
	var tmp [256]byte
	p := tmp[:0]
	for _, s := range parts {
		p = append(p, s...)
	}
	of := strconv.Itoa(n)
	a.room(n * (len(p) + len(" of ") + 2*len(of))) // i has no more digits than n
	for i := 1; i <= n; i++ {
		start := a.b.Len()
		a.b.Write(p)
		a.b.WriteString(strconv.Itoa(i))
		a.b.WriteString(" of ")
		a.b.WriteString(of)
		out = append(out, a.b.String()[start:])
	}
	return out
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
	if len(d) == 0 {
		return ""
	}
	a.room(3 * len(d))
	start := a.b.Len()
	for i, v := range d {
		if i > 0 {
			a.b.WriteByte(' ')
		}
		if v >= 0 && v <= 9 {
			a.b.WriteByte(byte('0' + v))
		} else {
			a.b.WriteString(strconv.Itoa(v))
		}
	}
	return a.b.String()[start:]
}

// intSlab hands out small int slices (dice of one fire) from shared blocks; each is
// capped at its length, so an append to one never reaches the next.
type intSlab struct {
	buf []int
}

func (s *intSlab) take(n int) []int {
	if len(s.buf)+n > cap(s.buf) {
		s.buf = make([]int, 0, max(256, n))
	}
	l := len(s.buf)
	s.buf = s.buf[:l+n]
	return s.buf[l : l+n : l+n]
}
