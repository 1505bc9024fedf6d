package store

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzImportGameRecord feeds arbitrary bytes to the record parser and its
// verifier (which must fail, not panic), and checks that a record that parses
// survives a round trip through JSON.
func FuzzImportGameRecord(f *testing.F) {
	s, _ := mustOpen(f)
	playGame(f, s, "g", 2)
	good, err := s.ExportGame("g")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"format":"shiloh-pbem game record v1","hours":[{"hour":-1,"order_sets":{"CSA":[{}]}}],"audit":[{"seq":1,"kind":"rollback","hour":-5}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ImportGameRecord(data)
		if err != nil {
			return
		}
		_ = rec.Verify()
		again, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		rec2, err := ImportGameRecord(again)
		if err != nil {
			t.Fatalf("re-import: %v", err)
		}
		if !reflect.DeepEqual(normRecord(rec), normRecord(rec2)) {
			t.Fatal("record changed in a round trip")
		}
	})
}

// normRecord compares records by their JSON, which is what is exported.
func normRecord(r *GameRecord) string {
	b, _ := json.Marshal(r)
	return string(b)
}

// FuzzOutMsgCodec checks that the outbox value decoder rejects or round-trips
// anything.
func FuzzOutMsgCodec(f *testing.F) {
	v, err := encodeOutMsg(&OutMsg{ID: 3, To: []string{"a@example.org"}, Subject: "s", Raw: []byte("raw\r\n")})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(v)
	f.Add([]byte{0, 0, 0, 2, '{', '}'})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeOutMsg(data)
		if err != nil {
			return
		}
		v, err := encodeOutMsg(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := decodeOutMsg(v)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !reflect.DeepEqual(m, m2) {
			t.Fatal("message changed in a round trip")
		}
	})
}
