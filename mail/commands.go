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
}

var playerCommands = []string{"ORDERS", "STATUS", "RESEND", "HELP", "HISTORY", "RESIGN", "JOIN"}

var gmCommands = []string{"NEWGAME", "EXTEND", "PAUSE", "RESUME", "FORCE", "ROLLBACK", "REPLACE", "PREDICT", "ANNOUNCE"}

// Commands scans text (normally Inbound.Fresh()) for lines whose first word is a
// known command, case-insensitively; a trailing ':' on the word is allowed
// ("Orders:"). It only says what a mail asks for; the order text itself is parsed by
// the orders package. Quoted lines are skipped.
func Commands(text string) []Command {
	var out []Command
	for i, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, ">") {
			continue
		}
		word, rest, _ := strings.Cut(t, " ")
		if j := strings.IndexByte(word, '\t'); j >= 0 {
			word, rest = word[:j], word[j+1:]+" "+rest
		}
		word = strings.ToUpper(strings.TrimSuffix(word, ":"))
		gm, ok := commandKind(word)
		if !ok {
			continue
		}
		out = append(out, Command{Name: word, Args: strings.TrimSpace(rest), Line: i + 1, GM: gm})
	}
	return out
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
