// Package mdblocks reads the fenced code blocks of a Markdown document, for the
// tests that hold a guide's examples to the code (the players' guides of each
// rule system): each block with its line and the words after its opening fence.
package mdblocks

import "strings"

// Block is one fenced block: the 1-based line of its opening fence, the words
// after the fence ("orders", "csa", "error"; none for a bare fence), and its
// lines, each ending in a newline.
type Block struct {
	Line int
	Info []string
	Body string
}

// Fenced returns the document's fenced blocks in order. A block left open runs
// to the end of the document.
func Fenced(doc string) []Block {
	lines := strings.Split(doc, "\n")
	var out []Block
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		b := Block{Line: i + 1, Info: strings.Fields(strings.TrimPrefix(lines[i], "```"))}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) != "```" {
			j++
		}
		b.Body = strings.Join(lines[i+1:j], "\n") + "\n"
		out = append(out, b)
		i = j
	}
	return out
}
