package e2e

import (
	"fmt"
	"mime/quotedprintable"
	"os/exec"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
)

// htmlMail is what Outlook or Apple Mail send when the user writes rich text: an
// HTML part only.
func htmlMail(from, to, subject, mid, orders string) []byte {
	var b strings.Builder
	b.WriteString("<html><head><style>p{margin:0}</style></head><body>\r\n<div>My orders, sir:</div>\r\n<div>ORDERS</div>\r\n")
	for _, l := range strings.Split(strings.TrimSpace(orders), "\n") {
		fmt.Fprintf(&b, "<div>%s</div>\r\n", strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&#39;").Replace(l))
	}
	b.WriteString("<div>END</div><div><br></div><div>-- <br>General Grant</div></body></html>\r\n")
	return []byte(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s",
		from, to, subject, mid, time.Now().UTC().Format(time.RFC1123Z), b.String()))
}

// cp1252Mail is a Windows mail client's windows-1252, quoted-printable text: curly
// apostrophes in area names, and accents in the greeting and the signature.
func cp1252Mail(from, to, subject, mid, text string) ([]byte, error) {
	enc, err := charmap.Windows1252.NewEncoder().String(strings.ReplaceAll(text, "\n", "\r\n"))
	if err != nil {
		return nil, err
	}
	var qp strings.Builder
	w := quotedprintable.NewWriter(&qp)
	if _, err := w.Write([]byte(enc)); err != nil {
		return nil, err
	}
	w.Close()
	return []byte(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n%s",
		from, to, subject, mid, time.Now().UTC().Format(time.RFC1123Z), qp.String())), nil
}

// quoteAll is a reply that quotes the whole previous mail under the new text, the
// way most mail clients answer.
func quoteAll(orders string, prev *msg) string {
	var b strings.Builder
	b.WriteString(orders)
	b.WriteString("\nOn Sun, 6 Apr 1862 at 07:05, Shiloh PBEM <pbem@example.test> wrote:\n")
	for _, l := range strings.Split(prev.text, "\n") {
		if l == "" {
			b.WriteString(">\n")
		} else {
			b.WriteString("> " + l + "\n")
		}
	}
	return b.String()
}

// runMailSamples: the same mail delivered twice, a resubmission replacing orders, an
// HTML-only mail, a windows-1252 quoted-printable mail and a reply quoting the whole
// report: each gets one receipt with the orders read correctly.
func runMailSamples(t *testing.T, e *env) {
	g := startGame(t, e, "samples")
	first, _ := lastHourMail(g.usa.msgs, g.id)
	to := first.replyTo
	n := orderLines(usaOrders)

	// The same mail twice (a client that resends, an MTA that delivers twice).
	mid := newMessageID("alice")
	raw := plainMail(usaAddr, to, "Re: "+first.subject, mid, usaOrders)
	smtpSend(t, e, usaAddr, to, raw)
	smtpSend(t, e, usaAddr, to, raw)
	g.usa.waitFor("receipt v1", 20*time.Second, has(g.id, "receipt-h0-v1-usa", 1))
	receiptOK(t, find(g.usa.msgs, g.id, "receipt-h0-v1-usa")[0], "usa", 1, n)

	// A resubmission replaces the orders whole (DESIGN §2.2).
	v2 := strings.Replace(usaOrders, "supply: Prentiss, Peabody", "supply: Peabody", 1)
	smtpSend(t, e, usaAddr, to, plainMail(usaAddr, to, "Re: "+first.subject, newMessageID("alice"), v2))
	g.usa.waitFor("receipt v2", 20*time.Second, has(g.id, "receipt-h0-v2-usa", 1))
	r2 := find(g.usa.msgs, g.id, "receipt-h0-v2-usa")[0]
	receiptOK(t, r2, "usa", 2, n)
	if !strings.Contains(r2.text, "(v2 replaces v1)") || !readLine(r2.text, "supply: Peabody\n") {
		t.Errorf("resubmission receipt:\n%s", r2.text)
	}

	// HTML only.
	smtpSend(t, e, usaAddr, to, htmlMail(usaAddr, to, "Re: "+first.subject, newMessageID("alice"), usaOrders))
	g.usa.waitFor("receipt v3", 20*time.Second, has(g.id, "receipt-h0-v3-usa", 1))
	r3 := find(g.usa.msgs, g.id, "receipt-h0-v3-usa")[0]
	receiptOK(t, r3, "usa", 3, n)
	if !readLine(r3.text, "Marsh: McClernand's Camp > Review Field") {
		t.Errorf("HTML mail: the apostrophe entity was not read:\n%s", r3.text)
	}

	// windows-1252, quoted-printable, with curly apostrophes and accents.
	w := "Gen’l, herewith — my orders. Grüße!\n\nORDERS\n" +
		strings.Replace(usaOrders, "McClernand's Camp", "McClernand’s Camp", 1) + "# à bientôt\nEND\n\n-- \nU. S. Grant, Café Pittsburg\n"
	raw4, err := cp1252Mail(usaAddr, to, "Re: "+first.subject, newMessageID("alice"), w)
	if err != nil {
		t.Fatal(err)
	}
	smtpSend(t, e, usaAddr, to, raw4)
	g.usa.waitFor("receipt v4", 20*time.Second, has(g.id, "receipt-h0-v4-usa", 1))
	r4 := find(g.usa.msgs, g.id, "receipt-h0-v4-usa")[0]
	receiptOK(t, r4, "usa", 4, n)
	if !readLine(r4.text, "Marsh: McClernand's Camp > Review Field") {
		t.Errorf("windows-1252 mail: the curly apostrophe was not read:\n%s", r4.text)
	}

	g.reply("csa", csaOrders)
	for _, side := range []string{"usa", "csa"} {
		g.box(side).waitFor("report", 30*time.Second, has(g.id, "hour-h1-"+side, 1))
	}
	rep := find(g.usa.msgs, g.id, "hour-h1-usa")[0]

	// A reply quoting the whole report, order form included: only the new text
	// counts.
	body := quoteAll(usaOrders, rep)
	smtpSend(t, e, usaAddr, rep.replyTo, plainMail(usaAddr, rep.replyTo, "Re: "+rep.subject, newMessageID("alice"), body,
		"In-Reply-To: <"+rep.messageID+">"))
	g.usa.waitFor("receipt for the quoting reply", 20*time.Second, has(g.id, "receipt-h1-v1-usa", 1))
	receiptOK(t, find(g.usa.msgs, g.id, "receipt-h1-v1-usa")[0], "usa", 1, n)

	// Nothing else came back: four receipts for hour 0 (the duplicate was read
	// once), one for hour 1, two hour mails.
	time.Sleep(500 * time.Millisecond)
	g.usa.poll()
	if r := find(g.usa.msgs, g.id, "receipt-"); len(r) != 5 {
		t.Errorf("USA got %d receipts, want 5", len(r))
	}
	for _, b := range g.boxes() {
		checkOnce(t, b, g.id)
	}
	g.d.verify()
	// The store agrees: the hour was played with USA's newest set, v4 (the
	// duplicate made no version of its own).
	out, err := exec.Command(pbemBin, "game", "show", "--config", g.d.config, g.id).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "usa v4, csa v1, resolved") {
		t.Errorf("pbem game show: %v\n%s", err, out)
	}
}

// readLine says the receipt echoes an order as read (OK, NOTE, or ERR from the
// engine's check against the position).
func readLine(receipt, order string) bool {
	for _, tag := range []string{"OK    ", "NOTE  ", "ERR   "} {
		if strings.Contains(receipt, tag+order) {
			return true
		}
	}
	return false
}
