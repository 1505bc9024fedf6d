package mail

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// testInspectConfig is the installation the sample mails were written for.
func testInspectConfig() InspectConfig {
	return InspectConfig{
		Route: RouteConfig{LocalPart: "pbem", Domain: "example.org"},
		Self:  SelfInfo{Addresses: []string{"pbem@example.org"}, MessageIDDomain: "example.org"},
		PlayerOf: func(game, side string) (string, bool) {
			players := map[string]string{"usa": "usgrant@me.com", "csa": "a.sidney.johnston@gmail.com"}
			a, ok := players[side]
			return a, ok && game == "shiloh1"
		},
	}
}

// TestGoldenSamples decodes every sample mail from testdata/mails and compares the
// decoded fields (JSON) and the inspect report with testdata/golden.
func TestGoldenSamples(t *testing.T) {
	files, err := filepath.Glob("testdata/mails/*.eml")
	if err != nil || len(files) < 10 {
		t.Fatalf("want at least 10 sample mails, got %d (%v)", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in, err := Decode(raw, nil)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			js, err := json.MarshalIndent(in, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", "golden", name+".decode.json"), append(js, '\n'))
			rep := Inspect(raw, testInspectConfig()).String()
			checkGolden(t, filepath.Join("testdata", "golden", name+".inspect.txt"), []byte(rep))
		})
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; got:\n%s", path, got)
	}
}

// BenchmarkDecode: decoding a typical reply from Gmail (alternative, QP, quoted history).
func BenchmarkDecode(b *testing.B) {
	raw, err := os.ReadFile("testdata/mails/gmail_reply.eml")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		in, err := Decode(raw, nil)
		if err != nil {
			b.Fatal(err)
		}
		Route(in, RouteConfig{})
	}
}

func TestInspectEdgeCases(t *testing.T) {
	big := []byte("From: a@b\r\n\r\n" + strings.Repeat("x", DefaultMaxBytes))
	rep := Inspect(big, InspectConfig{})
	if rep.Err == nil || !strings.Contains(rep.String(), "Decoding failed") || rep.Disposition != IgnoreSilently {
		t.Errorf("too large: %s", rep.String())
	}
	raw, err := os.ReadFile("testdata/mails/gmail_reply.eml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := testInspectConfig()
	cfg.DKIM = DKIMRequire
	cfg.LookupTXT = func(string) ([]string, error) { return nil, errors.New("no DNS in tests") }
	if s := Inspect(raw, cfg).String(); !strings.Contains(s, "DKIM:        DKIM: no signature") {
		t.Errorf("DKIM line missing:\n%s", s)
	}
}
