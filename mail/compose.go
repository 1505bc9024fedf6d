package mail

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jordan-wright/email"
)

// MapContentID is the Content-ID of the inline map. HTML bodies show it with
// <img src="cid:map@pbem">; Compose adds such an <img> when the HTML has none.
const MapContentID = "map@pbem"

// OutAttachment is an extra file attached to an outgoing mail. Name must be ASCII
// (the email library writes it unencoded).
type OutAttachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// OutMessage is an outgoing mail before encoding.
type OutMessage struct {
	// ID is the outbox id; with IDDomain it makes the Message-ID, so a retried
	// mail carries the same Message-ID and receivers can de-duplicate it.
	ID       string
	IDDomain string
	From     Address
	To       []Address
	Cc       []Address
	ReplyTo  string
	Subject  string
	Date     time.Time
	// InReplyTo and References thread the mail (ids without brackets); the game's
	// thread root normally comes first in References (see ThreadRootID).
	InReplyTo  string
	References []string
	Text       string
	HTML       string // optional; with it the mail is multipart/alternative
	// MapPNG, if set, travels once: with an HTML part it is the inline image the
	// HTML shows (multipart/related, Content-ID MapContentID, disposition inline
	// with the file name MapName, default "map.png"); without one it is attached as
	// MapName.
	MapPNG      []byte
	MapName     string
	Attachments []OutAttachment
	// Headers are extra header fields (e.g. "X-PBEM-Game").
	Headers map[string]string
}

// MessageID returns the Message-ID (without brackets) Compose gives m.
func (m *OutMessage) MessageID() string { return OutboxMessageID(m.ID, m.IDDomain) }

// OutboxMessageID makes the stable Message-ID of an outbox entry.
func OutboxMessageID(id, domain string) string {
	return sanitizeIDPart(id) + "@" + domain
}

// ThreadRootID is the Message-ID every mail of a game refers to first, so mail
// clients thread a whole game together.
func ThreadRootID(game, domain string) string {
	return "game." + sanitizeIDPart(game) + "@" + domain
}

func sanitizeIDPart(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(".-_=+!#$%&*/?^`{|}~", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// ReplyThreading returns the In-Reply-To and References for an answer to in: the
// game's thread root first (if given and not already there), then in's References
// and in itself, so the answer threads under the player's mail and the game.
func ReplyThreading(in *Inbound, threadRoot string) (inReplyTo string, references []string) {
	if threadRoot != "" {
		references = append(references, threadRoot)
	}
	for _, r := range in.References {
		if r != threadRoot {
			references = append(references, r)
		}
	}
	return in.MessageID, references
}

// maxReferences bounds the References header (RFC 5322 3.6.4 allows trimming; the
// email library does not fold long headers).
const maxReferences = 8

// Compose encodes m as a MIME mail with jordan-wright/email: multipart/alternative
// (text, then multipart/related with the HTML and the inline map), inside
// multipart/mixed with the other attachments when there are any. The map is in the
// mail once: the inline part carries its file name, so clients that show only the
// text still offer it as a file. Without HTML the map is an ordinary attachment. It
// sets Auto-Submitted: auto-generated (RFC 3834) so well-behaved responders stay
// quiet.
func Compose(m OutMessage) ([]byte, error) {
	if m.ID == "" || m.IDDomain == "" {
		return nil, errors.New("mail: compose: ID and IDDomain are required (they make the Message-ID)")
	}
	if m.From.Addr == "" || len(m.To) == 0 {
		return nil, errors.New("mail: compose: From and To are required")
	}
	if m.Date.IsZero() {
		return nil, errors.New("mail: compose: Date is required (the caller's clock, for stable output)")
	}
	e := email.NewEmail()
	e.From = m.From.String()
	for _, a := range m.To {
		e.To = append(e.To, a.String())
	}
	for _, a := range m.Cc {
		e.Cc = append(e.Cc, a.String())
	}
	if m.ReplyTo != "" {
		e.ReplyTo = []string{m.ReplyTo}
	}
	e.Subject = m.Subject
	e.Headers.Set("Message-Id", "<"+m.MessageID()+">")
	e.Headers.Set("Date", m.Date.Format(time.RFC1123Z))
	e.Headers.Set("Auto-Submitted", "auto-generated")
	if m.InReplyTo != "" {
		e.Headers.Set("In-Reply-To", "<"+m.InReplyTo+">")
	}
	if refs := trimRefs(m.References, m.InReplyTo); len(refs) > 0 {
		e.Headers.Set("References", "<"+strings.Join(refs, "> <")+">")
	}
	for k, v := range m.Headers {
		if strings.ContainsAny(k+v, "\r\n") {
			return nil, fmt.Errorf("mail: compose: header %q contains a line break", k)
		}
		e.Headers.Set(k, v)
	}
	e.Text = []byte(crlfToLF(m.Text))
	html := m.HTML
	if len(m.MapPNG) > 0 && html != "" && !strings.Contains(html, "cid:"+MapContentID) {
		img := `<p><img src="cid:` + MapContentID + `" alt="map"></p>`
		if i := strings.LastIndex(strings.ToLower(html), "</body>"); i >= 0 {
			html = html[:i] + img + html[i:]
		} else {
			html += img
		}
	}
	e.HTML = []byte(html)
	if len(m.MapPNG) > 0 {
		name := m.MapName
		if name == "" {
			name = "map.png"
		}
		if !isASCIIName(name) {
			return nil, fmt.Errorf("mail: compose: attachment name %q must be printable ASCII", name)
		}
		at, err := e.Attach(bytes.NewReader(m.MapPNG), name, "image/png")
		if err != nil {
			return nil, err
		}
		if html != "" {
			at.HTMLRelated = true
			at.Header.Set("Content-ID", "<"+MapContentID+">")
			at.Header.Set("Content-Disposition", `inline; filename="`+name+`"`)
		}
	}
	for _, a := range m.Attachments {
		if !isASCIIName(a.Name) {
			return nil, fmt.Errorf("mail: compose: attachment name %q must be printable ASCII", a.Name)
		}
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		at, err := e.Attach(bytes.NewReader(a.Data), a.Name, ct)
		if err != nil {
			return nil, err
		}
		// The library gives every attachment Content-ID: <name>; distinct ids keep
		// clients from confusing a file with the inline map.
		at.Header.Set("Content-ID", "<att."+sanitizeIDPart(a.Name)+"."+m.MessageID()+">")
	}
	return e.Bytes()
}

func trimRefs(refs []string, inReplyTo string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range refs {
		r = strings.Trim(strings.TrimSpace(r), "<>")
		if r != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	if inReplyTo != "" && !seen[inReplyTo] {
		out = append(out, inReplyTo)
	}
	if len(out) > maxReferences {
		// keep the thread root and the most recent ones
		out = append(out[:1:1], out[len(out)-maxReferences+1:]...)
	}
	return out
}

func isASCIIName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e || s[i] == '"' || s[i] == '\\' {
			return false
		}
	}
	return true
}

func crlfToLF(s string) string {
	// The library's quoted-printable writer emits CRLF itself.
	return strings.ReplaceAll(s, "\r\n", "\n")
}
