package antietam

// This file reads the data files: map.toml, ob.toml and charts.toml from one
// directory, the embedded scenarios/antietam or a club's corrected copy. Each file
// documents its format at its top; docs/systems/antietam.md says where the values
// come from. Keys the loader does not know (a club's typo) become Problems that
// Validate reports; only a TOML syntax error or a missing file is an error.

import (
	"embed"
	"io/fs"
	"path"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator/datafile"
)

//go:embed scenarios
var embedded embed.FS

const (
	// DataDir is where the embedded data files stand.
	DataDir = "scenarios/antietam"

	MapFile    = "map.toml"
	OBFile     = "ob.toml"
	ChartsFile = "charts.toml"
)

// Embedded is the embedded data, for a club to copy and edit: DataDir holds the
// three files.
func Embedded() fs.FS { return embedded }

// Problem is one thing wrong with the data: where, the rule it breaks ("data" for
// the file format), and what. The rule systems share it.
type Problem = datafile.Problem

// LoadFS reads map.toml, ob.toml and charts.toml from dir of fsys (a club's copy:
// os.DirFS(folder) and "."). The Scenario is new and the caller's.
func LoadFS(fsys fs.FS, dir string) (*Scenario, error) {
	var (
		m     MapData
		ob    OrderOfBattle
		ch    Charts
		probs []Problem
	)
	for _, f := range []struct {
		name string
		v    any
	}{{MapFile, &m}, {OBFile, &ob}, {ChartsFile, &ch}} {
		p, err := datafile.DecodeStrict(fsys, path.Join(dir, f.name), f.v, "antietam: data")
		if err != nil {
			return nil, err
		}
		probs = append(probs, p...)
	}
	return newScenario(m, ob, ch, probs), nil
}

// Load reads the embedded data. Each call parses it afresh, so the Scenario is the
// caller's to keep.
func Load() (*Scenario, error) { return LoadFS(embedded, DataDir) }

// embeddedContract is the embedded data as the contract's scenario (system.go),
// read once and shared: it is read-only.
var embeddedContract = sync.OnceValues(func() (*Contract, error) {
	sc, err := Load()
	if err != nil {
		return nil, err
	}
	return NewContract(sc)
})
