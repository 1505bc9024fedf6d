package mail

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/shiloh-pbem/pbem/internal/mailbox"
)

// Disposition is what the intake should do with a decoded mail.
type Disposition int

const (
	// Process: a mail from a person; route it and act on it.
	Process Disposition = iota
	// IgnoreSilently: record it as processed and never answer (auto-reply, bounce,
	// mailing list, our own mail, a loop).
	IgnoreSilently
)

func (d Disposition) String() string {
	if d == Process {
		return "process"
	}
	return "ignore"
}

// SelfInfo describes the adjudicator's own identity, so that it never answers itself.
type SelfInfo struct {
	// Addresses are our own mailbox addresses (plus-tags of them match too).
	Addresses []string
	// MessageIDDomain is the right-hand side of every Message-ID we generate.
	MessageIDDomain string
	// MaxHops is the Received-header count treated as a mail loop (0: 25).
	MaxHops int
}

// Classify decides whether a mail may be acted on and answered. The reason names the
// header that decided, e.g. `Auto-Submitted: auto-replied`. Only mails classified
// Process may ever get a reply; everything else is recorded and dropped silently,
// which is what RFC 3834 asks of automatic responders.
func Classify(in *Inbound, self SelfInfo) (Disposition, string) {
	from := strings.ToLower(in.From.Addr)
	local := from
	if i := strings.LastIndexByte(local, '@'); i >= 0 {
		local = local[:i]
	}
	switch {
	case in.HasReturnPath && isNullPath(in.ReturnPath):
		return IgnoreSilently, "bounce: Return-Path: <>"
	case local == "mailer-daemon" || local == "postmaster" || strings.HasPrefix(local, "mailer-daemon"):
		return IgnoreSilently, "bounce: From: " + in.From.Addr
	case in.ContentType == "multipart/report" && in.ReportType != "":
		return IgnoreSilently, "report: Content-Type: multipart/report; report-type=" + in.ReportType
	case in.AutoSubmitted != "" && !strings.EqualFold(strings.TrimSpace(strings.SplitN(in.AutoSubmitted, ";", 2)[0]), "no"):
		return IgnoreSilently, "auto-reply: Auto-Submitted: " + in.AutoSubmitted
	case in.XAutoreply != "":
		return IgnoreSilently, "auto-reply: X-Autoreply: " + in.XAutoreply
	case in.InboxRulesLoop != "":
		return IgnoreSilently, "auto-reply: X-MS-Exchange-Inbox-Rules-Loop: " + in.InboxRulesLoop
	case autoSuppressRE.MatchString(in.XAutoResponseSuppress):
		return IgnoreSilently, "auto-reply: X-Auto-Response-Suppress: " + in.XAutoResponseSuppress
	case autoSubjectRE.MatchString(in.Subject):
		return IgnoreSilently, "auto-reply: Subject: " + in.Subject
	}
	switch strings.ToLower(in.Precedence) {
	case "bulk", "junk", "list", "auto_reply", "auto-reply":
		return IgnoreSilently, "bulk: Precedence: " + in.Precedence
	}
	if in.ListID != "" {
		return IgnoreSilently, "mailing list: List-Id: " + in.ListID
	}
	if in.ListUnsub != "" {
		return IgnoreSilently, "mailing list: List-Unsubscribe present"
	}
	for _, a := range self.Addresses {
		if a != "" && SameMailbox(from, a) {
			return IgnoreSilently, "ourselves: From: " + in.From.Addr
		}
		for _, l := range in.XLoop {
			if SameMailbox(looseAddressOr(l), a) {
				return IgnoreSilently, "loop: X-Loop: " + l
			}
		}
	}
	if d := strings.ToLower(self.MessageIDDomain); d != "" && strings.HasSuffix(strings.ToLower(in.MessageID), "@"+d) {
		return IgnoreSilently, "ourselves: Message-ID <" + in.MessageID + ">"
	}
	max := self.MaxHops
	if max <= 0 {
		max = 25
	}
	if in.Received >= max {
		return IgnoreSilently, fmt.Sprintf("loop: %d Received headers", in.Received)
	}
	if from == "" {
		return IgnoreSilently, "no sender: From header missing or empty"
	}
	return Process, "from a person"
}

var (
	// Exchange marks what its out-of-office assistant and inbox rules write with
	// X-Auto-Response-Suppress: All (or OOF, AutoReply): answering it is what
	// the header asks not to do. DR, RN or NRN alone only refuse reports.
	autoSuppressRE = regexp.MustCompile(`(?i)\b(all|oof|autoreply)\b`)
	// The subjects vacation notices and auto-replies begin with, in the players'
	// languages ("Automatic reply: [g1] …", "Abwesenheitsnotiz: …"). Only at the
	// start: a player's "Re: …" is never one.
	autoSubjectRE = regexp.MustCompile(`(?i)^\s*(` +
		`automatic reply|auto[- ]?reply|auto[- ]?response|auto|out of (the )?office|out-of-office|ooo|` +
		`abwesenheitsnotiz|automatische antwort|abwesend|réponse automatique|absence|` +
		`respuesta automática|fuera de la oficina|risposta automatica|fuori sede|resposta automática|ausência|` +
		`automatisch antwoord|afwezig|odpowiedź automatyczna|автоматический ответ|автоответ|` +
		`自動応答|自動返信|不在|自动回复|自動回覆` +
		`)\s*(\p{Zs}*[:：]|$)`)
)

func isNullPath(rp string) bool {
	rp = strings.TrimSpace(rp)
	return rp == "<>" || rp == "" || strings.ReplaceAll(rp, " ", "") == "<>"
}

func looseAddressOr(s string) string {
	if a := looseAddress(s); a != "" {
		return a
	}
	return s
}

// SameMailbox compares two addresses case-insensitively, ignoring a +tag on either
// local part ("pbem+g1-csa-x@h" is the mailbox "pbem@h").
func SameMailbox(a, b string) bool {
	return baseMailbox(a) == baseMailbox(b) && baseMailbox(a) != ""
}

func baseMailbox(a string) string { return mailbox.Key(a) }

// MayAnswer decides whether the intake may send any reply to a mail at all (a
// receipt, an error, the one polite answer to an unknown sender): only mail Classify
// lets through, and only while the sender's rate limit allows. The limiter is
// charged only when the answer is yes. A nil limiter means no rate limit.
func MayAnswer(in *Inbound, self SelfInfo, rl *RateLimiter) (bool, string) {
	if d, why := Classify(in, self); d != Process {
		return false, why
	}
	if rl != nil && !rl.Allow(in.From.Addr) {
		return false, "rate limit: too many answers to " + in.From.Addr
	}
	return true, "may answer"
}
