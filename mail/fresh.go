package mail

import (
	"regexp"
	"strings"
)

var (
	// Attribution lines that introduce quoted history, in the languages players
	// use: "On <date>, <writer> wrote:" with a leading preposition and a verb...
	attributionRE = regexp.MustCompile(`(?i)^(on|am|le|el|il|op|em|w dniu|dnia)\s.*(^|[\s>)"])(wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|napisał\(a\)|napisała|napisał|pisze|написал\(а\)|написала|написал|пишет)[^:：]*[:：]\s*$`)
	// ...or the verb alone at the end (Thunderbird's Russian "… пишет:", Gmail's
	// Chinese "…写道：")...
	attributionEndRE = regexp.MustCompile(`(?i)\d.*(^|\s|[>)\p{Han}\d])(пишет|написал\(а\)|написала|написал|napisał\(a\)|pisze|写道|寫道|wrote)\s*[:：]\s*$`)
	// ...or none at all: a date and the writer's address, then a colon after a
	// few words at most (Gmail in Russian, Japanese, Dutch: "сб, 21 нояб. 2026 г.,
	// 09:14 X <x@y>:", "2026/11/21 9:14、X <x@y>のメール:").
	attributionAddrRE = regexp.MustCompile(`\d.*[^\s<>()"]@[^\s<>()"]+[>)"]*[^@<>:：]{0,40}[:：]\s*$`)
	// ...or the writer alone, by address, then the verb: no date (s-nail, mailx:
	// "\"X\" <x@y> wrote:"). The address keeps an order line from matching.
	attributionWhoRE = regexp.MustCompile(`(?i)^[^:：]{0,80}[^\s<>()"]@[^\s<>()"]+[>)"]?\s+(wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|napisał\(a\)|pisze|написал\(а\)|пишет)\s*[:：]\s*$`)
	// An attribution with the quote's first line run onto it (Yahoo's plain text);
	// only taken as one when it names us.
	attributionLeadRE = regexp.MustCompile(`(?i)^(on|am|le|el|il|op|em|w dniu)\s.*(wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|napisał\(a\)|написал\(а\))[^:]*:\s`)
	// Outlook and others put the history below a separator instead of quoting it.
	historyCutRE = regexp.MustCompile(`(?i)^(-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|forwarded message)\s*-{2,}|_{10,}|begin forwarded message:?)\s*$`)
	// The line a phone or app signs a mail with ("Sent from my iPhone"), in the
	// players' languages: the whole line, short, and nothing else on it.
	sentFromRE = regexp.MustCompile(`(?i)^(` +
		`sent (from|with|via) .+|get outlook for .+|` +
		`gesendet (von|mit|über) .+|von meinem .+ gesendet|` +
		`envoyé (de|depuis|à partir de) .+|enviado (desde|do|de|con) .+|inviato (da|dal|con) .+|` +
		`(verzonden|verstuurd) (vanaf|met|via) .+|(wysłane|wysłano) (z|ze|przy) .+|` +
		`отправлено (с|из|через) .+|.+から送信|从我的.+发送|發自我的.+|发自我的.+` +
		`)$`)
	outlookFromRE = regexp.MustCompile(`(?i)^\*?(from|von|de|da|van|od|от|差出人|发件人|寄件者)\s?[:：]\*?\s*.+`)
	outlookSentRE = regexp.MustCompile(`(?i)^\*?(sent|date|gesendet|envoyé|enviado|inviato|verzonden|wysłano|wysłane|отправлено|дата|送信日時|发送时间|寄件日期)\s?[:：]\*?\s*.+`)
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
		if isSentFrom(trimmed) {
			continue
		}
		if strings.HasPrefix(trimmed, ">") {
			if wrappedBeforeArrow(lines, i) {
				out = append(out, l)
			}
			continue
		}
		if isAttribution(trimmed) && nextIsQuoteOrEnd(lines, i+1) {
			continue
		}
		if isWrappedAttribution(lines, i) && nextIsQuoteOrEnd(lines, i+2) {
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

// isSentFrom reports whether a trimmed line is a device's or app's signature
// line. Such lines are short and never an order: an order line has a colon or
// an arrow, which they lack (bar a link in angle brackets).
func isSentFrom(t string) bool {
	if len(t) > 90 {
		return false
	}
	if i := strings.IndexByte(t, '<'); i > 0 && strings.HasSuffix(t, ">") {
		t = strings.TrimSpace(t[:i]) // "Get Outlook for iOS<https://aka.ms/o0ukef>"
	}
	if strings.ContainsAny(t, ":>") {
		return false
	}
	return sentFromRE.MatchString(t)
}

// isAttribution reports whether a trimmed line is a whole attribution line.
func isAttribution(t string) bool {
	if len(t) > 400 || !strings.ContainsAny(t, ":：") {
		return false
	}
	return attributionRE.MatchString(t) || attributionEndRE.MatchString(t) || attributionAddrRE.MatchString(t) ||
		attributionWhoRE.MatchString(t)
}

// isAttributionAt reports whether line i is a whole attribution line.
func isAttributionAt(lines []string, i int) bool {
	return isAttribution(strings.TrimSpace(lines[i]))
}

// isWrappedAttribution reports whether lines i and i+1 are one attribution line a
// client wrapped (Gmail wraps it before the address or the verb): the first holds
// a digit (the date) and is not one by itself, the two joined are.
func isWrappedAttribution(lines []string, i int) bool {
	if i+1 >= len(lines) {
		return false
	}
	t, u := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
	if t == "" || u == "" || strings.HasPrefix(t, ">") || strings.HasPrefix(u, ">") ||
		!strings.ContainsAny(t, "0123456789") || isAttribution(t) {
		return false
	}
	return isAttribution(t + " " + u)
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
