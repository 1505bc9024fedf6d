package adjudicator

import "sync"

// This file keeps the working memory an hour needs and throws away: move items and
// records, the command solver's lists, battle fighters, per-crossing counters. A
// busy hour used to allocate some 40 KB of it afresh, and on a busy server every
// allocated byte comes back as garbage-collector work. Between hours it waits in a
// pool. Nothing taken from it may reach the hour's result (state, report, checks):
// that is what makes reuse safe, and each use site says why it holds.
//
// Reuse cannot change an outcome: every piece handed out is zeroed, exactly as
// make would return it (slab.reset clears what was used before the scratch goes
// back to the pool).

// slab hands out zeroed slices of T from one array. A piece is never moved or handed
// out twice before a reset; when the array is full a larger one replaces it (the
// earlier pieces keep the old array). A pooled scratch's slabs are reset between
// hours; a slab whose pieces go into a result is never reset, so each piece stays
// its holder's (an hour's dice, a bot's orders).
type slab[T any] struct {
	buf  []T
	used int
	size int // the first array's length, when more than the default
}

// take returns n zeroed elements, capped at n so that no append reaches a
// neighbour's.
func (s *slab[T]) take(n int) []T {
	if s.used+n > len(s.buf) {
		s.buf = make([]T, max(2*len(s.buf), 2*n, s.size, 32))
		s.used = 0
	}
	p := s.buf[s.used : s.used+n : s.used+n]
	s.used += n
	return p
}

// reset zeroes what was handed out, so the next take finds zeros again.
func (s *slab[T]) reset() {
	clear(s.buf[:s.used])
	s.used = 0
}

// scratch is one hour's reusable working memory.
type scratch struct {
	i16      slab[int16]
	i32      slab[int32]
	ints     slab[int]
	bools    slab[bool]
	u8       slab[uint8]
	items    slab[moveItem]
	itemPtrs slab[*moveItem]
	recs     slab[moveRecord]
	recPtrs  slab[*moveRecord]
	outs     slab[moveOutcome]
	outPtrs  slab[*moveOutcome]
	hqs      slab[activeHQ]
	hqPtrs   slab[*activeHQ]
	itemSets slab[[]*moveItem]
	fighters slab[fighter]
	fPtrs    slab[*fighter]
	fights   slab[fight]
	battles  slab[battle]
	entries  slab[battleEntry]
	// blockLists holds blocksIn's lists; a list of blocks that goes into a result
	// must never come from here.
	blockLists slab[BlockID]
	// Used only by CheckOrders, whose report and believed state never leave it.
	events   slab[Event]
	results  slab[Result]
	blocks   slab[BlockState]
	cmds     slab[CommandAssignment]
	cmdLists slab[[]CommandAssignment]
	checks   slab[Check]
	keys     slab[checkKey]
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

// putScratch zeroes what sx handed out and returns it to the pool. Call it only
// when nothing taken from it is referenced any more.
func putScratch(sx *scratch) {
	sx.i16.reset()
	sx.i32.reset()
	sx.ints.reset()
	sx.bools.reset()
	sx.u8.reset()
	sx.items.reset()
	sx.itemPtrs.reset()
	sx.recs.reset()
	sx.recPtrs.reset()
	sx.outs.reset()
	sx.outPtrs.reset()
	sx.hqs.reset()
	sx.hqPtrs.reset()
	sx.itemSets.reset()
	sx.fighters.reset()
	sx.fPtrs.reset()
	sx.fights.reset()
	sx.battles.reset()
	sx.entries.reset()
	sx.blockLists.reset()
	sx.events.reset()
	sx.results.reset()
	sx.blocks.reset()
	sx.cmds.reset()
	sx.cmdLists.reset()
	sx.checks.reset()
	sx.keys.reset()
	scratchPool.Put(sx)
}
