package mail

import (
	"fmt"
	"strings"
)

// InspectConfig is what Inspect needs to know about the installation.
type InspectConfig struct {
	Route  RouteConfig
	Self   SelfInfo
	Decode *DecodeOptions
	// DKIM policy and TXT lookup (nil lookup: system resolver).
	DKIM      DKIMPolicy
	LookupTXT func(domain string) ([]string, error)
	// PlayerOf, if set, returns the registered address of a game's side (ok false if
	// unknown), so the report can say whether the sender is the player of record.
	PlayerOf func(game, side string) (addr string, ok bool)
}

// InspectReport is what the intake makes of one raw mail, for `pbem mail inspect`.
type InspectReport struct {
	Err         error // decoding failed (e.g. too large); the rest is then empty
	In          *Inbound
	Disposition Disposition
	Reason      string
	Candidates  []Candidate
	SenderCheck string // "player of record", "NOT the player of record (…)", …
	Commands    []Command
	Fresh       string
	DKIM        DKIMResult
}

// Inspect decodes, classifies and routes raw without touching any store.
func Inspect(raw []byte, cfg InspectConfig) InspectReport {
	in, err := Decode(raw, cfg.Decode)
	if err != nil {
		return InspectReport{Err: err, Disposition: IgnoreSilently, Reason: "undecodable: " + err.Error()}
	}
	r := InspectReport{In: in}
	r.Disposition, r.Reason = Classify(in, cfg.Self)
	r.Candidates = Route(in, cfg.Route)
	// Without the store, what we sent is unknown; an attribution naming us still
	// marks a copy of our mail.
	r.Fresh = in.Own(Ours{Addresses: cfg.Self.Addresses})
	r.Commands = Commands(r.Fresh)
	r.DKIM = CheckDKIM(raw, in.From.Addr, cfg.DKIM, cfg.LookupTXT)
	switch {
	case len(r.Candidates) == 0:
		r.SenderCheck = "no game found (no secret address, game address or subject tag)"
	case cfg.PlayerOf == nil:
		r.SenderCheck = "not checked (no store)"
	default:
		c := r.Candidates[0]
		if rec, ok := cfg.PlayerOf(c.Game, c.Side); !ok {
			r.SenderCheck = strings.TrimSpace(fmt.Sprintf("no player of record for %s %s", c.Game, c.Side))
		} else if SenderMatches(in, rec) {
			r.SenderCheck = "player of record"
		} else {
			r.SenderCheck = fmt.Sprintf("NOT the player of record (%s is registered): the player would be alerted", rec)
		}
	}
	return r
}

// String renders the report for a terminal.
func (r InspectReport) String() string {
	var b strings.Builder
	if r.Err != nil {
		fmt.Fprintf(&b, "Decoding failed: %v\nVerdict:     ignore (%s)\n", r.Err, r.Reason)
		return b.String()
	}
	in := r.In
	from := in.From.Addr
	if in.From.Name != "" {
		from = in.From.Name + " <" + in.From.Addr + ">"
	}
	fmt.Fprintf(&b, "From:        %s\n", from)
	fmt.Fprintf(&b, "Subject:     %s\n", in.Subject)
	fmt.Fprintf(&b, "Message-ID:  <%s>\n", in.MessageID)
	if !in.Date.IsZero() {
		fmt.Fprintf(&b, "Date:        %s\n", in.Date.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	fmt.Fprintf(&b, "Size:        %d bytes\n", in.Size)
	if r.Disposition == Process {
		fmt.Fprintf(&b, "Verdict:     process (%s)\n", r.Reason)
	} else {
		fmt.Fprintf(&b, "Verdict:     IGNORE silently, never answered (%s)\n", r.Reason)
	}
	if len(r.Candidates) == 0 {
		b.WriteString("Game/side:   none found\n")
	}
	for i, c := range r.Candidates {
		label := "Game/side:  "
		if i > 0 {
			label = "  or:       "
		}
		side := c.Side
		if side == "" {
			side = "(no side)"
		}
		auth := ""
		switch {
		case c.Token != "":
			auth = "token " + c.Token
		case c.Passphrase != "":
			auth = "passphrase given"
		default:
			auth = "no token or passphrase"
		}
		fmt.Fprintf(&b, "%s %s %s via %s, %s\n", label, c.Game, side, c.Via, auth)
	}
	fmt.Fprintf(&b, "Sender:      %s\n", r.SenderCheck)
	fmt.Fprintf(&b, "DKIM:        %s\n", r.DKIM.Reason)
	fmt.Fprintf(&b, "Body source: %s\n", in.BodySource)
	for _, a := range in.Attachments {
		use := "ignored"
		if a.Used {
			use = "used as the orders text"
		}
		fmt.Fprintf(&b, "Attachment:  %q %s, %d bytes, %s\n", a.Filename, a.ContentType, a.Size, use)
	}
	for _, p := range in.Problems {
		fmt.Fprintf(&b, "Problem:     %s\n", p)
	}
	if len(r.Commands) == 0 {
		b.WriteString("Commands:    none (the text would be read as orders)\n")
	}
	for _, c := range r.Commands {
		gm := ""
		if c.GM {
			gm = " (GM)"
		}
		fmt.Fprintf(&b, "Command:     line %d: %s\n", c.Line, strings.TrimSpace(c.Name+gm+" "+c.Args))
	}
	b.WriteString("--- text written by the sender (quotes and signature removed) ---\n")
	b.WriteString(r.Fresh)
	if !strings.HasSuffix(r.Fresh, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("--- end ---\n")
	return b.String()
}
