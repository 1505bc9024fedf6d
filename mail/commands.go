package mail

import (
	"strings"
)

// Command is a mail command found as the first word of a line.
type Command struct {
	// Name is the upper-case command word, e.g. "ORDERS" or "NEWGAME".
	Name string `json:"name"`
	// Args is the rest of the line, trimmed.
	Args string `json:"args,omitempty"`
	// Line is the 1-based line number in the scanned text.
	Line int `json:"line"`
	// GM is true for commands only a game master may give.
	GM bool `json:"gm,omitempty"`
	// Unknown is set by GMLines on a line whose first word is no command.
	Unknown bool `json:"unknown,omitempty"`
}

var playerCommands = []string{"ORDERS", "STATUS", "RESEND", "HELP", "HISTORY", "RESIGN", "JOIN"}

var gmCommands = []string{"NEWGAME", "EXTEND", "PAUSE", "RESUME", "FORCE", "ROLLBACK", "REPLACE", "PREDICT", "ANNOUNCE",
	"GAMES", "LADDERS", "CANCEL", "VOID", "RESULT"}

// GMWords are the words an authenticated GM's mail is read in: the GM
// commands, and HELP and STATUS, which mean the GM's versions there.
func GMWords() []string {
	return append([]string{"HELP", "STATUS"}, gmCommands...)
}

// Commands scans text (normally Inbound.Fresh()) for lines whose first word is a
// known command, case-insensitively; a trailing ':' on the word is allowed
// ("Orders:"). It only says what a mail asks for; the order text itself is parsed by
// the orders package. Quoted lines are skipped.
func Commands(text string) []Command {
	var out []Command
	for i, line := range strings.Split(text, "\n") {
		c, ok := commandLine(line, i+1)
		if !ok || c.Unknown {
			continue
		}
		out = append(out, c)
	}
	return out
}

// commandLine reads one line as a command; ok is false for a blank or quoted
// line, and Unknown is set when the first word is no command.
func commandLine(line string, n int) (Command, bool) {
	t := strings.TrimSpace(line)
	if t == "" || strings.HasPrefix(t, ">") {
		return Command{}, false
	}
	word, rest, _ := strings.Cut(t, " ")
	if j := strings.IndexByte(word, '\t'); j >= 0 {
		word, rest = word[:j], word[j+1:]+" "+rest
	}
	word = strings.ToUpper(strings.TrimSuffix(word, ":"))
	gm, ok := commandKind(word)
	return Command{Name: word, Args: strings.TrimSpace(rest), Line: n, GM: gm, Unknown: !ok}, true
}

// GMLines reads the text of a GM's mail whose passphrase was right: every
// line is a command to answer, known or not (Unknown), except blank and quoted
// lines and PASSPHRASE lines. ANNOUNCE ends the commands: the lines after it
// are the announcement's text.
func GMLines(text string) []Command {
	var out []Command
	for i, line := range strings.Split(text, "\n") {
		if _, ok := Passphrase(line); ok {
			continue
		}
		c, ok := commandLine(line, i+1)
		if !ok {
			continue
		}
		out = append(out, c)
		if c.Name == "ANNOUNCE" {
			break
		}
	}
	return out
}

// Suggest returns the word of words closest to a mistyped command word (one or
// two letters wrong, missing, extra or swapped), or "" if none is that close.
func Suggest(word string, words []string) string {
	word = strings.ToUpper(word)
	best, bestD := "", 3
	for _, w := range words {
		limit := 2
		if len(w) <= 4 {
			limit = 1 // in a short word two edits leave little of it
		}
		if d := editDistance(word, w); d <= limit && d < bestD {
			best, bestD = w, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b: the
// insertions, deletions, substitutions and swaps of neighbours turning a into b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return max(len(ra), len(rb)) // not a command word; keeps the work bounded
	}
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// IsPlayerCommand says whether word is a command of the players' mails.
func IsPlayerCommand(word string) bool {
	gm, ok := commandKind(strings.ToUpper(word))
	return ok && !gm
}

func commandKind(word string) (gm, ok bool) {
	for _, c := range playerCommands {
		if word == c {
			return false, true
		}
	}
	for _, c := range gmCommands {
		if word == c {
			return true, true
		}
	}
	return false, false
}
