package mail

import (
	"regexp"
	"strings"
)

var (
	// Attribution lines that introduce quoted history, in the languages players use.
	attributionRE = regexp.MustCompile(`(?i)^(on|am|le|el|il|op)\s.*\b(wrote|schrieb|a écrit|escribió|ha scritto|schreef)[^:]*:\s*$`)
	// An attribution with the quote's first line run onto it (Yahoo's plain text);
	// only taken as one when it names us.
	attributionLeadRE = regexp.MustCompile(`(?i)^(on|am|le|el|il|op)\s.*\b(wrote|schrieb|a écrit|escribió|ha scritto|schreef)[^:]*:\s`)
	// Start of an attribution that a client wrapped over two lines (Gmail does).
	attributionStartRE = regexp.MustCompile(`(?i)^(on|am|le|el|il|op)\s.*\d`)
	// Outlook and others put the history below a separator instead of quoting it.
	historyCutRE  = regexp.MustCompile(`(?i)^(-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|forwarded message)\s*-{2,}|_{10,}|begin forwarded message:?)\s*$`)
	outlookFromRE = regexp.MustCompile(`(?i)^\*?(from|von|de):\*?\s.+`)
	outlookSentRE = regexp.MustCompile(`(?i)^\*?(sent|date|gesendet|envoyé):\*?\s.+`)
)

// FreshText returns what the sender wrote in this mail: quoted lines ("> …"), the
// attribution line before them ("On … wrote:"), history below an Outlook-style
// separator or "From:/Sent:" block, and the signature (after "-- ") are removed.
// Trailing blank lines are trimmed. Lines are otherwise kept verbatim, so line
// numbers in the result are not those of Text.
func FreshText(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t\r")
		trimmed := strings.TrimSpace(l)
		if l == "--" || lines[i] == "-- " || trimmed == "-- " {
			break // signature separator
		}
		if historyCutRE.MatchString(trimmed) {
			break
		}
		if outlookFromRE.MatchString(trimmed) && i+1 < len(lines) && outlookSentRE.MatchString(strings.TrimSpace(lines[i+1])) {
			// The rule Outlook draws above the header block belongs to the history.
			for len(out) > 0 && strings.Trim(out[len(out)-1], "-_ \t") == "" {
				out = out[:len(out)-1]
			}
			break
		}
		if strings.HasPrefix(trimmed, ">") {
			if wrappedBeforeArrow(lines, i) {
				out = append(out, l)
			}
			continue
		}
		if attributionRE.MatchString(trimmed) && nextIsQuoteOrEnd(lines, i+1) {
			continue
		}
		if attributionStartRE.MatchString(trimmed) && i+1 < len(lines) &&
			attributionRE.MatchString(trimmed+" "+strings.TrimSpace(lines[i+1])) && nextIsQuoteOrEnd(lines, i+2) {
			i++
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	for len(out) > 0 && strings.TrimSpace(out[0]) == "" {
		out = out[1:]
	}
	return strings.Join(out, "\n")
}

// wrappedBeforeArrow reports whether quoted line i is the rest of a move a client
// wrapped just before its ">" ("Cleburne: Seay Field" / "> Rea Woods attack"): a
// lone ">" line between two unquoted lines, after one that is long (wrapped) or
// names blocks and a place but goes nowhere. The orders package joins it again.
func wrappedBeforeArrow(lines []string, i int) bool {
	if i == 0 || i+1 >= len(lines) || strings.HasPrefix(strings.TrimSpace(lines[i]), ">>") {
		return false
	}
	prev, next := strings.TrimSpace(lines[i-1]), strings.TrimSpace(lines[i+1])
	if prev == "" || next == "" || strings.HasPrefix(prev, ">") || strings.HasPrefix(next, ">") ||
		strings.HasSuffix(prev, ":") || strings.HasSuffix(prev, "：") {
		return false // an attribution ends with a colon; a move never does
	}
	return len(prev) >= 60 || (strings.Contains(prev, ":") && !strings.Contains(prev, ">"))
}

// nextIsQuoteOrEnd reports whether the first non-blank line from i on is quoted (or
// there is none): only then is an "On … wrote:" line an attribution.
func nextIsQuoteOrEnd(lines []string, i int) bool {
	for ; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "" {
			continue
		}
		return strings.HasPrefix(t, ">")
	}
	return true
}
