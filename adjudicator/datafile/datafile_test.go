package datafile

import (
	"testing"
	"testing/fstest"
)

func TestDecodeStrictReportsUnknownKeys(t *testing.T) {
	var v struct {
		A int `toml:"a"`
	}
	fsys := fstest.MapFS{"d/x.toml": {Data: []byte("a = 1\nb = 2\n[t]\nc = 3\n")}}
	probs, err := DecodeStrict(fsys, "d/x.toml", &v, "data")
	if err != nil {
		t.Fatal(err)
	}
	if v.A != 1 || len(probs) != 3 {
		t.Fatalf("a = %d, problems %v", v.A, probs)
	}
	if got := probs[0].String(); got != "x.toml: b: unknown key (a typo? see the format at the top of the file) (rule data)" {
		t.Errorf("problem reads %q", got)
	}
	if got := (Problem{Where: "w", Text: "t"}).String(); got != "w: t" {
		t.Errorf("problem without a rule reads %q", got)
	}
}

func TestDecodeStrictErrors(t *testing.T) {
	var v struct{}
	fsys := fstest.MapFS{"bad.toml": {Data: []byte("a = = 1")}}
	if _, err := DecodeStrict(fsys, "bad.toml", &v, "data"); err == nil {
		t.Error("syntax error not reported")
	}
	if _, err := DecodeStrict(fsys, "missing.toml", &v, "data"); err == nil {
		t.Error("missing file not reported")
	}
}
