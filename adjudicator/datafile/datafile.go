// Package datafile is what the rule systems' loaders share about their
// hand-editable TOML data files: a Problem found in the data, and a strict decoder
// that turns every key the Go types do not know (a club's typo) into one. It sits
// below adjudicator, beside the systems, because only rule systems use it (the
// layers of internal/layout), and it reads only the file system it is handed, so a
// system's load.go may use it; the contract itself reads no files.
package datafile

import (
	"fmt"
	"io/fs"
	"path"

	"github.com/BurntSushi/toml"
)

// Problem is one thing wrong with scenario data: where it is, the rule it breaks
// ("data" for the file format) and what is wrong.
type Problem struct {
	Where string `json:"where"`
	Rule  string `json:"rule"`
	Text  string `json:"text"`
}

func (p Problem) String() string {
	if p.Rule == "" {
		return p.Where + ": " + p.Text
	}
	return p.Where + ": " + p.Text + " (rule " + p.Rule + ")"
}

// DecodeStrict decodes the TOML file name of fsys into v and returns a Problem for
// every key v's types do not know. A missing file or a syntax error is an error,
// prefixed with prefix ("scenario data").
func DecodeStrict(fsys fs.FS, name string, v any, prefix string) ([]Problem, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", prefix, err)
	}
	md, err := toml.Decode(string(b), v)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", prefix, path.Base(name), err)
	}
	var probs []Problem
	for _, k := range md.Undecoded() {
		probs = append(probs, Problem{
			Where: path.Base(name) + ": " + k.String(),
			Rule:  "data",
			Text:  "unknown key (a typo? see the format at the top of the file)",
		})
	}
	return probs, nil
}
