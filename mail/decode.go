package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // ISO-8859-x, windows-125x and friends
	gomail "github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"
)

// DefaultMaxBytes is the size limit Decode applies when DecodeOptions.MaxBytes is 0.
// Orders are a few kilobytes; a mail beyond a megabyte is a photo or a forward chain.
const DefaultMaxBytes = 1 << 20

// ErrTooLarge is returned (wrapped) by Decode when a mail exceeds the size limit.
var ErrTooLarge = errors.New("mail: message too large")

// DecodeOptions tunes Decode. A nil *DecodeOptions means defaults.
type DecodeOptions struct {
	// MaxBytes is the largest raw mail accepted; 0 means DefaultMaxBytes, <0 no limit.
	MaxBytes int
}

// Address is a mailbox: an optional display name and the address itself.
type Address struct {
	Name string `json:"name,omitempty"`
	Addr string `json:"addr"`
}

// String formats the address for a header (display name quoted or encoded as needed).
func (a Address) String() string {
	if a.Name == "" {
		return "<" + a.Addr + ">"
	}
	return (&gomail.Address{Name: a.Name, Address: a.Addr}).String()
}

// Attachment describes a part that was not used as the body.
type Attachment struct {
	Filename    string `json:"filename,omitempty"`
	ContentType string `json:"content_type"`
	Size        int    `json:"size"`
	// Used is true for a .txt attachment taken as the orders text.
	Used bool `json:"used,omitempty"`
}

// Inbound is what the intake makes of one raw mail. Every text field is UTF-8.
type Inbound struct {
	From        Address   `json:"from"`
	Sender      string    `json:"sender,omitempty"`
	ReplyTo     []Address `json:"reply_to,omitempty"`
	To          []Address `json:"to,omitempty"`
	Cc          []Address `json:"cc,omitempty"`
	DeliveredTo []string  `json:"delivered_to,omitempty"` // Delivered-To and X-Original-To
	Subject     string    `json:"subject"`
	// MessageID is without angle brackets; for a mail that has none it is a stable
	// "sha256-<hex>@pbem.invalid" derived from the raw bytes (see MessageIDOf).
	MessageID  string    `json:"message_id"`
	InReplyTo  []string  `json:"in_reply_to,omitempty"`
	References []string  `json:"references,omitempty"`
	Date       time.Time `json:"date"`

	// Loop and noise headers, raw (trimmed) values.
	AutoSubmitted string   `json:"auto_submitted,omitempty"`
	Precedence    string   `json:"precedence,omitempty"`
	ListID        string   `json:"list_id,omitempty"`
	ListUnsub     string   `json:"list_unsubscribe,omitempty"`
	ReturnPath    string   `json:"return_path,omitempty"`
	HasReturnPath bool     `json:"has_return_path,omitempty"`
	XAutoreply    string   `json:"x_autoreply,omitempty"` // X-Autoreply or X-Autorespond
	XLoop         []string `json:"x_loop,omitempty"`
	// Exchange's marks of a mail its rules or out-of-office assistant wrote.
	XAutoResponseSuppress string `json:"x_auto_response_suppress,omitempty"`
	InboxRulesLoop        string `json:"inbox_rules_loop,omitempty"` // X-MS-Exchange-Inbox-Rules-Loop
	Received              int    `json:"received"`                   // number of Received: headers (hop count)
	ContentType           string `json:"content_type"`
	ReportType            string `json:"report_type,omitempty"` // multipart/report; report-type=…

	// Text is the chosen body: UTF-8, LF line ends, no BOM.
	Text string `json:"text"`
	// BodySource says where Text came from: "text/plain", "text/html converted",
	// "attachment NAME" or "none".
	BodySource string `json:"body_source"`
	// CoverText is the message body when Text came from a .txt attachment.
	CoverText   string       `json:"cover_text,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
	// Problems lists what was odd but survivable (unknown charset, broken MIME...).
	Problems []string `json:"problems,omitempty"`
	Size     int      `json:"size"`
}

// Fresh returns Text without quoted history and signature: what the sender wrote in
// this mail. Orders, commands and passphrases are read from here.
func (in *Inbound) Fresh() string { return FreshText(in.Text) }

// Decode parses a raw RFC 5322 mail. It never panics; a mail that is too large or has
// no readable header is an error, anything else is decoded as far as possible with the
// trouble listed in Problems.
func Decode(raw []byte, opts *DecodeOptions) (in *Inbound, err error) {
	max := DefaultMaxBytes
	if opts != nil && opts.MaxBytes != 0 {
		max = opts.MaxBytes
	}
	if max > 0 && len(raw) > max {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, len(raw), max)
	}
	defer func() {
		// The MIME libraries are not ours; a panic on hostile input must not kill the daemon.
		if r := recover(); r != nil {
			in, err = nil, fmt.Errorf("mail: decode: internal error: %v", r)
		}
	}()
	in = &Inbound{Size: len(raw), BodySource: "none"}
	body := stripMboxLine(raw)
	if fixed, ok := quoteBoundaries(body); ok {
		body = fixed
		in.Problems = append(in.Problems, "multipart boundary not quoted (it holds '=' or the like); read as if quoted")
	}
	ent, rerr := message.Read(bytes.NewReader(body))
	if ent == nil {
		return nil, fmt.Errorf("mail: decode: %w", rerr)
	}
	if rerr != nil {
		in.Problems = append(in.Problems, "top level: "+rerr.Error())
	}
	h := gomail.Header{Header: ent.Header}
	readHeaders(in, h, raw)

	var d decoder
	werr := ent.Walk(func(path []int, e *message.Entity, perr error) error {
		if perr != nil && len(path) > 0 {
			in.Problems = append(in.Problems, fmt.Sprintf("part %s: %v", pathString(path), perr))
		}
		d.part(in, path, e)
		return nil
	})
	if werr != nil {
		// A missing closing boundary ends the walk after the good parts; keep them.
		in.Problems = append(in.Problems, "mime structure: "+werr.Error())
	}
	d.choose(in)
	return in, nil
}

type textPart struct {
	text     string
	filename string
}

type decoder struct {
	plain, html, txtAttach []textPart
}

func (d *decoder) part(in *Inbound, path []int, e *message.Entity) {
	ct, params, cterr := e.Header.ContentType()
	if cterr != nil || ct == "" {
		ct = "text/plain"
	}
	if strings.HasPrefix(ct, "multipart/") {
		return
	}
	disp, dparams, _ := e.Header.ContentDisposition()
	filename := dparams["filename"]
	if filename == "" {
		filename = params["name"]
	}
	if filename != "" {
		if dec, err := new(mime.WordDecoder).DecodeHeader(filename); err == nil {
			filename = dec
		}
	}
	data, rerr := io.ReadAll(e.Body)
	if rerr != nil {
		in.Problems = append(in.Problems, fmt.Sprintf("part %s: %v", pathString(path), rerr))
	}
	isText := ct == "text/plain" || ct == "text/html"
	// A text part with a file name is an attachment even when marked inline: Apple
	// Mail sends attached .txt files as "inline; filename=orders.txt".
	attachment := !isText || disp == "attachment" || filename != ""
	if !attachment && isText {
		s, mislabelled := normalizeText(data)
		if mislabelled {
			in.Problems = append(in.Problems, fmt.Sprintf("part %s: not valid in its declared charset, read as windows-1252", pathString(path)))
		}
		if ct == "text/html" {
			d.html = append(d.html, textPart{text: s})
		} else {
			if strings.EqualFold(params["format"], "flowed") {
				s = unflow(s, strings.EqualFold(params["delsp"], "yes"))
			}
			d.plain = append(d.plain, textPart{text: s})
		}
		return
	}
	at := Attachment{Filename: filename, ContentType: ct, Size: len(data)}
	if ct == "text/plain" && strings.HasSuffix(strings.ToLower(filename), ".txt") {
		text, _ := normalizeText(data)
		d.txtAttach = append(d.txtAttach, textPart{text: text, filename: filename})
	}
	in.Attachments = append(in.Attachments, at)
}

func (d *decoder) choose(in *Inbound) {
	var body string
	switch {
	case len(d.plain) > 0 && (strings.TrimSpace(joinParts(d.plain)) != "" || len(d.html) == 0):
		body, in.BodySource = joinParts(d.plain), "text/plain"
	case len(d.html) > 0:
		parts := make([]textPart, len(d.html))
		for i, p := range d.html {
			parts[i] = textPart{text: HTMLToText(p.text)}
		}
		body, in.BodySource = joinParts(parts), "text/html converted"
	}
	in.Text = body
	if len(d.txtAttach) > 0 {
		// A player who attaches orders.txt meant the attachment; the body is a cover note.
		a := d.txtAttach[0]
		in.CoverText = body
		in.Text = a.text
		in.BodySource = "attachment " + a.filename
		for i := range in.Attachments {
			if in.Attachments[i].Filename == a.filename {
				in.Attachments[i].Used = true
				break
			}
		}
	}
}

func joinParts(ps []textPart) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(p.text)
	}
	return b.String()
}

func pathString(path []int) string {
	var b strings.Builder
	for i, p := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		fmt.Fprintf(&b, "%d", p+1)
	}
	return b.String()
}

// stripMboxLine drops a leading mbox "From " separator, which go-message cannot parse.
func stripMboxLine(raw []byte) []byte {
	if bytes.HasPrefix(raw, []byte("From ")) {
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			return raw[i+1:]
		}
	}
	return raw
}

var (
	contentTypeRE = regexp.MustCompile(`(?im)^content-type:[^\n]*(\n[ \t][^\n]*)*`)
	boundaryRE    = regexp.MustCompile(`(?i)(;\s*boundary=)([^"\s;][^\s;]*)`)
)

// quoteBoundaries quotes every unquoted boundary parameter that is not an RFC
// 2045 token, in the Content-Type header of the mail and of its parts. Outlook
// Express wrote "boundary=----=_NextPart_000_0012_01C3…"; the MIME reader refuses
// it, and the whole raw message would be taken as the text. ok says whether
// anything changed.
func quoteBoundaries(raw []byte) ([]byte, bool) {
	if !bytes.Contains(raw, []byte("oundary=")) && !bytes.Contains(raw, []byte("OUNDARY=")) {
		return raw, false
	}
	changed := false
	out := contentTypeRE.ReplaceAllFunc(raw, func(ct []byte) []byte {
		return boundaryRE.ReplaceAllFunc(ct, func(m []byte) []byte {
			sub := boundaryRE.FindSubmatch(m)
			if isToken(sub[2]) {
				return m
			}
			changed = true
			q := append([]byte(nil), sub[1]...)
			q = append(q, '"')
			q = append(q, sub[2]...)
			return append(q, '"')
		})
	})
	return out, changed
}

// isToken reports whether v is an RFC 2045 token (no tspecials, no controls).
func isToken(v []byte) bool {
	for _, c := range v {
		if c <= ' ' || c >= 0x7f || bytes.IndexByte([]byte(`()<>@,;:\"/[]?=`), c) >= 0 {
			return false
		}
	}
	return len(v) > 0
}

// normalizeText makes body bytes into clean UTF-8 with LF line ends.
// Bytes that are not UTF-8 after charset decoding come from a client that mislabelled
// its charset (8-bit text sent as us-ascii or utf-8); such text is nearly always
// windows-1252, a superset of ISO-8859-1 for printable characters.
func normalizeText(b []byte) (string, bool) {
	mislabelled := !utf8.Valid(b)
	if mislabelled {
		if dec, err := charmap.Windows1252.NewDecoder().Bytes(b); err == nil {
			b = dec
		}
	}
	s := string(b)
	s = strings.TrimPrefix(s, "\ufeff")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ToValidUTF8(s, "\ufffd"), mislabelled
}

// unflow undoes RFC 3676 format=flowed: a line ending in a space continues on the next
// line of the same quote depth; leading space-stuffing is removed.
func unflow(s string, delsp bool) string {
	lines := strings.Split(s, "\n")
	var out []string
	var cur strings.Builder
	curDepth, open := 0, false
	flush := func() {
		if open {
			out = append(out, strings.Repeat(">", curDepth)+spaceIf(curDepth)+cur.String())
			cur.Reset()
			open = false
		}
	}
	for _, l := range lines {
		depth := 0
		for depth < len(l) && l[depth] == '>' {
			depth++
		}
		content := l[depth:]
		content = strings.TrimPrefix(content, " ") // space-stuffing
		if open && depth != curDepth {
			flush()
		}
		soft := strings.HasSuffix(content, " ") && content != "-- "
		if soft && delsp {
			content = content[:len(content)-1]
		}
		cur.WriteString(content)
		curDepth, open = depth, true
		if !soft {
			flush()
		}
	}
	flush()
	return strings.Join(out, "\n")
}

func spaceIf(depth int) string {
	if depth > 0 {
		return " "
	}
	return ""
}

func readHeaders(in *Inbound, h gomail.Header, raw []byte) {
	if l, err := h.AddressList("From"); err == nil && len(l) > 0 {
		in.From = Address{Name: l[0].Name, Addr: strings.ToLower(l[0].Address)}
	} else if v := h.Get("From"); v != "" {
		// Unparseable From: keep the bare address if one can be found.
		in.From = Address{Addr: strings.ToLower(looseAddress(v))}
		in.Problems = append(in.Problems, "From header not parseable: "+v)
	}
	if l, err := h.AddressList("Sender"); err == nil && len(l) > 0 {
		in.Sender = strings.ToLower(l[0].Address)
	}
	in.ReplyTo = addrList(h, "Reply-To")
	in.To = addrList(h, "To")
	in.Cc = addrList(h, "Cc")
	for _, k := range []string{"Delivered-To", "X-Original-To", "Envelope-To"} {
		for _, v := range h.Values(k) {
			if a := looseAddress(v); a != "" {
				in.DeliveredTo = append(in.DeliveredTo, strings.ToLower(a))
			}
		}
	}
	if s, err := h.Subject(); err == nil {
		in.Subject = strings.TrimSpace(s)
	} else {
		in.Subject = strings.TrimSpace(h.Get("Subject"))
	}
	in.MessageID = MessageIDOf(h.Get("Message-Id"), raw)
	in.InReplyTo = msgIDs(h, "In-Reply-To")
	in.References = msgIDs(h, "References")
	if t, err := h.Date(); err == nil {
		in.Date = t
	}
	in.AutoSubmitted = strings.TrimSpace(h.Get("Auto-Submitted"))
	in.Precedence = strings.TrimSpace(h.Get("Precedence"))
	in.ListID = strings.TrimSpace(h.Get("List-Id"))
	in.ListUnsub = strings.TrimSpace(h.Get("List-Unsubscribe"))
	if h.Has("Return-Path") {
		in.HasReturnPath = true
		in.ReturnPath = strings.TrimSpace(h.Get("Return-Path"))
	}
	in.XAutoreply = strings.TrimSpace(h.Get("X-Autoreply"))
	if in.XAutoreply == "" {
		in.XAutoreply = strings.TrimSpace(h.Get("X-Autorespond"))
	}
	in.XAutoResponseSuppress = strings.TrimSpace(h.Get("X-Auto-Response-Suppress"))
	in.InboxRulesLoop = strings.TrimSpace(h.Get("X-MS-Exchange-Inbox-Rules-Loop"))
	for _, v := range h.Values("X-Loop") {
		in.XLoop = append(in.XLoop, strings.ToLower(strings.TrimSpace(v)))
	}
	in.Received = len(h.Values("Received"))
	ct, params, err := h.ContentType()
	if err != nil || ct == "" {
		ct = "text/plain"
	}
	in.ContentType = ct
	if ct == "multipart/report" {
		in.ReportType = strings.ToLower(params["report-type"])
	}
}

func addrList(h gomail.Header, key string) []Address {
	l, err := h.AddressList(key)
	if err != nil {
		// Fall back to anything that looks like an address; routing needs the +token.
		var out []Address
		for _, part := range strings.Split(h.Get(key), ",") {
			if a := looseAddress(part); a != "" {
				out = append(out, Address{Addr: strings.ToLower(a)})
			}
		}
		return out
	}
	out := make([]Address, 0, len(l))
	for _, a := range l {
		out = append(out, Address{Name: a.Name, Addr: strings.ToLower(a.Address)})
	}
	return out
}

// looseAddress finds an addr-spec in a header value that the strict parser refused.
func looseAddress(v string) string {
	if i := strings.LastIndexByte(v, '<'); i >= 0 {
		if j := strings.IndexByte(v[i:], '>'); j > 0 {
			return strings.TrimSpace(v[i+1 : i+j])
		}
	}
	for _, f := range strings.Fields(v) {
		f = strings.Trim(f, "<>\"'(),;")
		if strings.Count(f, "@") == 1 && !strings.HasPrefix(f, "@") && !strings.HasSuffix(f, "@") {
			return f
		}
	}
	return ""
}

func msgIDs(h gomail.Header, key string) []string {
	if l, err := h.MsgIDList(key); err == nil && len(l) > 0 {
		return l
	}
	var out []string
	for _, f := range strings.Fields(h.Get(key)) {
		if id := strings.Trim(f, "<>,"); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// MessageIDOf returns a Message-ID header value without brackets, or, when the
// header is empty, a stable identifier derived from the raw mail, so that
// de-duplication by Message-ID works for every mail.
func MessageIDOf(header string, raw []byte) string {
	id := strings.TrimSpace(header)
	if i := strings.IndexByte(id, '<'); i >= 0 {
		if j := strings.IndexByte(id[i:], '>'); j > 0 {
			id = id[i+1 : i+j]
		}
	}
	id = strings.TrimSpace(id)
	if id == "" {
		sum := sha256.Sum256(raw)
		return "sha256-" + hex.EncodeToString(sum[:12]) + "@pbem.invalid"
	}
	return id
}
