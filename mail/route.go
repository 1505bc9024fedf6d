package mail

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"io"
	"regexp"
	"strings"
)

// Sides a plus-address or subject tag may name.
var sides = []string{"usa", "csa", "gm"}

// DefaultLocalPart is the mailbox local part the adjudicator receives at.
const DefaultLocalPart = "pbem"

var (
	gameIDRE = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)
	tokenRE  = regexp.MustCompile(`^[a-z0-9]{4,64}$`)
	// [game] or [game side] anywhere in the subject ("Re: [shiloh1 csa] Orders").
	subjectTagRE = regexp.MustCompile(`(?i)\[\s*([a-z0-9_]{1,32})(?:\s+(usa|csa|gm))?\s*\]`)
	// PASSPHRASE word (or "passphrase: word") as the first word of a line.
	passphraseRE = regexp.MustCompile(`(?im)^[ \t]*passphrase[ \t]*:?[ \t]+(\S+)`)
)

// ValidGameID reports whether id can appear in a plus-address and a subject tag.
func ValidGameID(id string) bool { return gameIDRE.MatchString(id) }

// ValidSide reports whether s is usa, csa or gm (lower case).
func ValidSide(s string) bool {
	for _, x := range sides {
		if s == x {
			return true
		}
	}
	return false
}

// ParseAddressToken reads a secret reply address of the form
// <localPart>+<game>-<side>-<token>@domain (bare, in <>, or with a display name). Matching is case-insensitive and results
// are lower case; side is usa, csa or gm. localPart "" means DefaultLocalPart.
func ParseAddressToken(addr, localPart string) (game, side, token string, ok bool) {
	tag, ok := plusTag(addr, localPart)
	if !ok {
		return "", "", "", false
	}
	parts := strings.Split(tag, "-")
	if len(parts) != 3 || !ValidGameID(parts[0]) || !ValidSide(parts[1]) || !tokenRE.MatchString(parts[2]) {
		return "", "", "", false
	}
	return parts[0], parts[1], parts[2], true
}

// plusTag returns the lower-cased +tag of addr when its local part is localPart.
func plusTag(addr, localPart string) (string, bool) {
	if localPart == "" {
		localPart = DefaultLocalPart
	}
	a := strings.ToLower(strings.TrimSpace(addr))
	if strings.ContainsAny(a, "< ") {
		a = looseAddress(a) // "Name <addr>"
	}
	at := strings.LastIndexByte(a, '@')
	if at <= 0 {
		return "", false
	}
	local := a[:at]
	base, tag, found := strings.Cut(local, "+")
	if !found || base != strings.ToLower(localPart) || tag == "" {
		return "", false
	}
	return tag, true
}

// ReplyAddress builds a player's secret reply address:
// localPart+game-side-token@domain.
func ReplyAddress(localPart, domain, game, side, token string) string {
	if localPart == "" {
		localPart = DefaultLocalPart
	}
	return strings.ToLower(localPart + "+" + game + "-" + side + "-" + token + "@" + domain)
}

// GameAddress is the public address of a game (for JOIN and GM commands):
// localPart+game@domain.
func GameAddress(localPart, domain, game string) string {
	if localPart == "" {
		localPart = DefaultLocalPart
	}
	return strings.ToLower(localPart + "+" + game + "@" + domain)
}

var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewToken returns a fresh secret for a reply address: 16 characters (80 bits) from
// r, which should be crypto/rand.Reader (nil means that).
func NewToken(r io.Reader) (string, error) {
	if r == nil {
		r = rand.Reader
	}
	var b [10]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", err
	}
	return tokenEncoding.EncodeToString(b[:]), nil
}

// SecretEqual compares a presented token or passphrase with the stored one in
// constant time, case-insensitively (mail clients and people change case).
func SecretEqual(presented, stored string) bool {
	if presented == "" || stored == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.ToLower(presented)), []byte(strings.ToLower(stored))) == 1
}

// SubjectTag finds a [game] or [game side] tag in a subject.
func SubjectTag(subject string) (game, side string, ok bool) {
	m := subjectTagRE.FindStringSubmatch(subject)
	if m == nil {
		return "", "", false
	}
	return strings.ToLower(m[1]), strings.ToLower(m[2]), true
}

// Passphrase finds a "PASSPHRASE word" line in text (use the fresh text, so that a
// quoted passphrase is never taken).
func Passphrase(text string) (string, bool) {
	m := passphraseRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// RouteConfig says how the adjudicator's mailbox is addressed.
type RouteConfig struct {
	// LocalPart of the adjudicator's address ("" = DefaultLocalPart).
	LocalPart string
	// Domain, if set, restricts plus-addresses to this domain.
	Domain string
}

// Candidate is one reading of which game and side a mail is for. Via says how it
// was found: "address" (a secret plus-address, Token set), "game address" (no side),
// or "subject" (a subject tag, Passphrase set if the body had one). The integrator
// checks Token or Passphrase against the store; routing itself trusts nothing.
type Candidate struct {
	Game       string `json:"game"`
	Side       string `json:"side,omitempty"`
	Token      string `json:"token,omitempty"`
	Passphrase string `json:"passphrase,omitempty"`
	Via        string `json:"via"`
	Address    string `json:"address,omitempty"`
}

// Route lists the candidates for a decoded mail, best first: secret plus-addresses
// from Delivered-To/X-Original-To, To and Cc (deduplicated), then game addresses,
// then a subject tag. The passphrase, if any, is attached to every candidate, so a
// subject-tag mail and a game-address mail can both be authenticated by it.
func Route(in *Inbound, cfg RouteConfig) []Candidate {
	var addrs []string
	addrs = append(addrs, in.DeliveredTo...)
	for _, a := range in.To {
		addrs = append(addrs, a.Addr)
	}
	for _, a := range in.Cc {
		addrs = append(addrs, a.Addr)
	}
	pass, _ := Passphrase(in.Fresh())
	var out []Candidate
	seen := map[string]bool{}
	add := func(c Candidate) {
		k := c.Game + "|" + c.Side + "|" + c.Token + "|" + c.Via
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	inDomain := func(a string) bool {
		return cfg.Domain == "" || strings.HasSuffix(strings.ToLower(a), "@"+strings.ToLower(cfg.Domain))
	}
	for _, a := range addrs {
		if !inDomain(a) {
			continue
		}
		if g, s, t, ok := ParseAddressToken(a, cfg.LocalPart); ok {
			add(Candidate{Game: g, Side: s, Token: t, Passphrase: pass, Via: "address", Address: a})
		}
	}
	for _, a := range addrs {
		if !inDomain(a) {
			continue
		}
		if tag, ok := plusTag(a, cfg.LocalPart); ok && ValidGameID(tag) {
			add(Candidate{Game: tag, Passphrase: pass, Via: "game address", Address: a})
		}
	}
	if g, s, ok := SubjectTag(in.Subject); ok {
		add(Candidate{Game: g, Side: s, Passphrase: pass, Via: "subject"})
	}
	return out
}

// SenderMatches reports whether the mail's From address is the player of record
// (case-insensitive, whole address; a +tag is not ignored, since it is part of the
// address the player registered).
func SenderMatches(in *Inbound, recorded string) bool {
	return in.From.Addr != "" && strings.EqualFold(strings.TrimSpace(in.From.Addr), strings.TrimSpace(recorded))
}
