package adjudicator

// idTable finds the index of an area or block id. The engine looks ids up about a
// thousand times an hour (orders, events and battles all name them), and a Go map
// hashes the whole string with a general hash each time; the scenario's ids are a few
// hundred short strings known at load time, so a small open-addressed table that
// hashes a few of their bytes finds them in a fraction of the time. Unknown ids
// (from players' orders) simply find an empty slot.
type idTable struct {
	// slots hold index+1 (0: empty) and keys the id in the same slot; their length
	// is a power of two, at least four times the number of ids, so probe runs stay
	// short.
	slots []int32
	keys  []string
	mask  uint32
	shift uint32 // 32 - log2(len(slots)): the hash's top bits pick the slot
}

// newIDTable indexes n ids, id i being key(i). A repeated id gets its last index, as
// in a map filled in order (validation reports repeats).
func newIDTable(n int, key func(int) string) idTable {
	size, bits := 16, uint32(4)
	for size < 4*n {
		size, bits = size*2, bits+1
	}
	t := idTable{slots: make([]int32, size), keys: make([]string, size), mask: uint32(size - 1), shift: 32 - bits}
	for i := range n {
		k := key(i)
		j := t.home(k)
		for t.slots[j] != 0 && t.keys[j] != k {
			j = (j + 1) & t.mask
		}
		t.slots[j], t.keys[j] = int32(i+1), k
	}
	return t
}

// home is the first slot to probe for id: a multiplicative hash of its length and
// its first, middle and last bytes. Ids that agree on all of them only share a probe
// run; the full comparison decides.
func (t *idTable) home(id string) uint32 {
	n := uint(len(id))
	var h uint32
	if n > 0 {
		h = uint32(n)<<24 ^ uint32(id[0])<<16 ^ uint32(id[n>>1])<<8 ^ uint32(id[n-1])
	}
	return (h * 0x9e3779b1) >> t.shift
}

// get returns the index of id, or -1.
func (t *idTable) get(id string) int {
	if len(t.slots) == 0 {
		return -1
	}
	for j := t.home(id); ; j = (j + 1) & t.mask {
		v := t.slots[j]
		if v == 0 {
			return -1
		}
		if t.keys[j] == id {
			return int(v - 1)
		}
	}
}

// lookup is get in the comma-ok form of a map index.
func (t *idTable) lookup(id string) (int, bool) {
	i := t.get(id)
	return i, i >= 0
}
