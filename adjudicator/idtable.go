package adjudicator

// idTable finds the index of an area or block id. The engine looks ids up about a
// thousand times an hour (orders, events and battles all name them), and a Go map
// hashes the whole string with a general hash each time; the scenario's ids are a few
// hundred short strings known at load time, so a small open-addressed table that
// hashes a few of their bytes finds them in a fraction of the time. Unknown ids
// (from players' orders) simply find an empty slot.
type idTable struct {
	// slots hold index+1 (0: empty); len(slots) is a power of two, at least four
	// times the number of ids, so probe runs stay short.
	slots []int32
	keys  []string
	mask  uint32
}

// newIDTable indexes n ids, id i being key(i). A repeated id gets its last index, as
// in a map filled in order (validation reports repeats).
func newIDTable(n int, key func(int) string) idTable {
	size := 16
	for size < 4*n {
		size *= 2
	}
	t := idTable{slots: make([]int32, size), keys: make([]string, n), mask: uint32(size - 1)}
	for i := range n {
		k := key(i)
		t.keys[i] = k
		j := idHash(k) & t.mask
		for t.slots[j] != 0 {
			if t.keys[t.slots[j]-1] == k {
				break
			}
			j = (j + 1) & t.mask
		}
		t.slots[j] = int32(i + 1)
	}
	return t
}

// idHash mixes the length and a few spread-out bytes of s. Ids that agree on all of
// them only share a probe run; the full comparison decides.
func idHash(s string) uint32 {
	n := len(s)
	h := uint32(n) * 0x9e3779b1
	if n > 0 {
		h ^= uint32(s[0])
		h *= 0x85ebca6b
		h ^= uint32(s[n-1]) << 8
		h ^= uint32(s[n/2]) << 16
		h ^= uint32(s[n/4]) << 24
		h ^= uint32(s[(3*n)/4])
		h *= 0xc2b2ae35
		h ^= h >> 15
	}
	return h
}

// get returns the index of id, or -1.
func (t *idTable) get(id string) int {
	if len(t.slots) == 0 {
		return -1
	}
	j := idHash(id) & t.mask
	for {
		v := t.slots[j]
		if v == 0 {
			return -1
		}
		if t.keys[v-1] == id {
			return int(v - 1)
		}
		j = (j + 1) & t.mask
	}
}

// lookup is get in the comma-ok form of a map index.
func (t *idTable) lookup(id string) (int, bool) {
	i := t.get(id)
	return i, i >= 0
}
